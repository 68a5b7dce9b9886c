extension LogicHostScript {
    /// Timers on a virtual clock the test advances (`await app.tick(ms)`), with R `registerTimers`'s ids and quirks.
    static let timers = #"""
  // ---- R registerTimers, on a virtual clock ----
  var clock = { now: 0, timers: [], nextId: 1 };
  function schedule(callback, delay, repeats, argumentCount) {
    // A callback that is not a function gets 0 and uses up no id.
    if (typeof callback !== 'function') return 0;
    var id = clock.nextId++;
    var milliseconds = argumentCount < 2 ? 0 : Number(delay);
    // A NaN delay (an explicit undefined, a word) never fires.
    if (!isNaN(milliseconds)) {
      milliseconds = repeats ? Math.max(1, milliseconds) : Math.max(0, milliseconds);
      clock.timers.push({ id: id, due: clock.now + milliseconds, every: repeats ? milliseconds : 0, callback: callback });
    }
    return id;
  }
  function cancel(id) {
    var number = Math.trunc(Number(id));
    if (!isFinite(number)) return;
    if (Math.abs(number) >= 9223372036854775807) {
      report('clearTimeout(' + show(id) + ') crashes the app: the runtime converts the id with Int(...), which traps');
      return;
    }
    clock.timers = clock.timers.filter(function (timer) { return timer.id !== number; });
  }
  var timerGlobals = {
    setTimeout: nativeCallable(function (callback, delay) { return schedule(callback, delay, false, arguments.length); }),
    setInterval: nativeCallable(function (callback, delay) { return schedule(callback, delay, true, arguments.length); }),
    clearTimeout: nativeCallable(function (id) { cancel(id); }),
    clearInterval: nativeCallable(function (id) { cancel(id); })
  };
  // The next timer due by `until`, earliest first, then in the order they were set.
  function nextDue(until) {
    var next = null;
    clock.timers.forEach(function (timer) {
      if (timer.due <= until && (next === null || timer.due < next.due || (timer.due === next.due && timer.id < next.id))) next = timer;
    });
    return next;
  }
  function fireTimer(timer) {
    clock.now = Math.max(clock.now, timer.due);
    if (timer.every > 0) timer.due += timer.every; else clock.timers = clock.timers.filter(function (t) { return t !== timer; });
    // No arguments and no receiver: the runtime passes none.
    callApp('a timer callback', timer.callback, undefined, []);
  }
"""#
}
