  // Timers on a virtual clock the test advances (`await app.tick(ms)`), with R `registerTimers`'s ids and quirks.
  // ---- R registerTimers, on a virtual clock ----
  var clock = { now: 0, timers: [], nextId: 1 };
  function schedule(callback, delay, repeats, argumentCount) {
    var name = repeats ? 'setInterval' : 'setTimeout';
    // Where it was set: the smoke run's reports and the owner of an interval are all it is for.
    var where = state.smokeRun ? caller() : null;
    // A callback that is not a function gets 0 and uses up no id.
    if (typeof callback !== 'function') {
      notice(name + ' with ' + (typeof callback === 'string' ? 'code in a string' : show(callback)) + ' never runs it: the runtime calls only a function', where, 'ignored');
      return 0;
    }
    if (argumentCount > 2) {
      notice(name + ' passes no arguments to its callback: the runtime drops those after the delay; use a closure', where, 'ignored');
    }
    var id = clock.nextId++;
    var milliseconds = argumentCount < 2 ? 0 : Number(delay);
    // A NaN delay (an explicit undefined, a word) never fires.
    if (isNaN(milliseconds)) {
      notice(name + ' with a delay of ' + show(delay) + ' never runs its callback: the runtime\'s timer converts it to NaN, which never fires; pass a number of milliseconds', where, 'ignored');
    } else {
      milliseconds = repeats ? Math.max(1, milliseconds) : Math.max(0, milliseconds);
      // The page whose code set it, to tell an interval that outlives its page.
      var owner = where && /\.js$/.test(where.file) && where.file !== 'app.js' ? where.file.slice(0, -3) : null;
      clock.timers.push({ id: id, due: clock.now + milliseconds, every: repeats ? milliseconds : 0, callback: callback, owner: owner, where: where });
    }
    return id;
  }
  function cancel(id) {
    var number = Math.trunc(Number(id));
    if (!isFinite(number)) return;
    if (Math.abs(number) >= 9223372036854775807) {
      report('clearTimeout(' + show(id) + ') crashes the app: the runtime converts the id with Int(...), which traps', caller(), 'crash');
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
  // The next timer due by `until`, earliest first, then in the order they were set; only those
  // `allowed` says yes to, when it is given.
  function nextDue(until, allowed) {
    var next = null;
    clock.timers.forEach(function (timer) {
      if (timer.due <= until && (!allowed || allowed(timer)) && (next === null || timer.due < next.due || (timer.due === next.due && timer.id < next.id))) next = timer;
    });
    return next;
  }
  function fireTimer(timer) {
    clock.now = Math.max(clock.now, timer.due);
    if (timer.every > 0) timer.due += timer.every; else clock.timers = clock.timers.filter(function (t) { return t !== timer; });
    // onUnload never runs under the host: an interval a page does not clear in onHide keeps
    // running, and its setData reaches whichever page was opened last.
    if (timer.every > 0 && timer.owner && !timer.reported && !allViews().some(function (view) { return view.alive && view.path === timer.owner; })) {
      timer.reported = true;
      notice('this interval keeps running after ' + timer.owner + ' is closed: the runtime never calls onUnload, so clear it in onHide (and start it in onShow)', timer.where, 'interval');
    }
    // No arguments and no receiver: the runtime passes none.
    callApp('a timer callback', timer.callback, undefined, []);
  }
