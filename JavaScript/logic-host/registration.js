  // `App()` and `Page()` as R `registerAppFunction` and `registerPageFunction` keep them, `setData`'s merge, and where its data goes (docs/runtimes.md, skip.app-registration, skip.page-registration, skip.setdata-merge, skip.setdata-routing).
  // ---- R registerAppFunction, registerPageFunction ----
  var lifecycleNames = ['onLoad', 'onShow', 'onReady', 'onHide', 'onUnload'];
  var identifierPattern = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

  // Keeps only the four callbacks that are functions; a second App() replaces only those it gives.
  function App(options) {
    if (options === null || typeof options !== 'object') return;
    ['onLaunch', 'onShow', 'onHide', 'onError'].forEach(function (name) {
      if (typeof options[name] === 'function') state.appCallbacks[name] = options[name];
    });
  }

  // R setData's merge, step by step as the runtime's sloppy-mode code does it: a missing
  // step becomes {}, a write into a primitive is ignored, a step through null or undefined
  // is a TypeError that stops the merge.
  function mergeKey(target, key, value) {
    var parts = String(key).replace(/\[/g, '.').replace(/\]/g, '').split('.');
    var object = target;
    for (var j = 0; j < parts.length - 1; j++) {
      if (object === null || object === undefined) throw new TypeError('setData cannot reach ' + JSON.stringify(key));
      if (object[parts[j]] === undefined && isObject(object)) object[parts[j]] = {};
      object = object[parts[j]];
    }
    if (object === null || object === undefined) throw new TypeError('setData cannot reach ' + JSON.stringify(key));
    if (isObject(object)) object[parts[parts.length - 1]] = value;
  }
  function isObject(value) { return value !== null && (typeof value === 'object' || typeof value === 'function'); }
  // Runtime natives are callable objects, not functions: they have no call, apply or bind.
  function nativeCallable(fn) { Object.setPrototypeOf(fn, Object.prototype); return fn; }

  // The first value under `value` that R's JSON copy (`JSON.parse(JSON.stringify(…))`) changes,
  // as {path, what}, or null: a Date becomes a string, a Map, Set or RegExp `{}`, a function is
  // dropped, NaN and Infinity become null, an instance loses its class (docs/runtimes.md, skip.page-registration, skip.event-detail-crash).
  // A number that is not finite also names itself in `number`: the iOS bridge cannot send one.
  function copyLoss(value, path, depth) {
    if (typeof value === 'function') return { path: path, what: 'a function, which the copy drops' };
    if (typeof value === 'number' && !isFinite(value)) return { path: path, number: String(value), what: String(value) + ', which the copy turns into null' };
    if (value === null || typeof value !== 'object' || depth > 32) return null;
    if (value instanceof Date) return { path: path, date: true, what: 'a Date, which the copy turns into a string' };
    if (value instanceof Map || value instanceof Set) return { path: path, what: 'a ' + (value instanceof Map ? 'Map' : 'Set') + ', which the copy turns into {}' };
    if (value instanceof RegExp) return { path: path, what: 'a RegExp, which the copy turns into {}' };
    if (typeof value.toJSON === 'function') return null;
    var prototype = Object.getPrototypeOf(value);
    if (!Array.isArray(value) && prototype !== null && prototype !== Object.prototype) {
      var name = prototype.constructor && prototype.constructor.name ? prototype.constructor.name : 'a class';
      return { path: path, what: 'an instance of ' + name + ', which the copy turns into a plain object without its methods' };
    }
    var keys = Object.keys(value);
    for (var i = 0; i < keys.length; i++) {
      var inner;
      try { inner = value[keys[i]]; } catch (error) { continue; }
      var found = copyLoss(inner, Array.isArray(value) ? path + '[' + keys[i] + ']' : path + '.' + keys[i], depth + 1);
      if (found) return found;
    }
    return null;
  }
  // Reports what the copy of `value` changes, where app code called the host; the key named
  // last is the hint that places the report on the member's own line. Only the smoke run asks,
  // so a test's every setData does not walk its patch.
  function reportCopyLoss(value, path, description) {
    if (!state.smokeRun) return;
    var loss = copyLoss(value, path, 0);
    if (!loss) return;
    var where = caller();
    var key = /([A-Za-z_$][\w$]*)(?:\[\d+\])*$/.exec(loss.path);
    notice(description + ': ' + loss.path + ' is ' + loss.what, atMember(where, key ? key[1] : null), 'data-copy');
  }

  function Page(options) {
    if (options === null || typeof options !== 'object' || state.currentPagePath === null) return;
    var path = state.currentPagePath;
    var data;
    try {
      reportCopyLoss(options.data, 'data', 'the runtime copies a page\'s data with JSON');
      data = deepCopy(options.data);
    } catch (error) {
      notice('the runtime cannot copy the data of ' + path + ' with JSON (' + describeThrown(error) + '): the page has no data, so this.data and the view\'s store are undefined',
        caller(), 'data-copy', 'error');
      data = {};
    }
    if (data === null || typeof data !== 'object') data = {};
    options.data = data;
    var lifecycle = {};
    lifecycleNames.forEach(function (name) { if (typeof options[name] === 'function') lifecycle[name] = options[name]; });
    // The closure ignores `this` and merges into the copy made here, as the runtime's does.
    options.setData = nativeCallable(function (patch, callback) {
      if (patch === null || typeof patch !== 'object') {
        notice('setData(' + show(patch) + ') is ignored: the runtime takes only an object of keys and values', caller(), 'ignored');
        return;
      }
      reportCopyLoss(patch, 'the patch', 'setData copies its patch with JSON');
      var copied;
      try { copied = deepCopy(patch); } catch (error) {
        notice('setData of ' + path + ' throws: the runtime cannot copy its patch with JSON (' + describeThrown(error) + ')', caller(), 'data-copy', 'error');
        return;
      }
      try {
        Object.keys(copied).forEach(function (key) { mergeKey(data, key, copied[key]); });
      } catch (error) {
        report('setData of ' + path + ' stopped: ' + error.message + ' (a step of the path is null or not an object); on the device this is silent',
          caller(), 'exception');
      }
      reportMisrouting(path, copied);
      routeSetData(data);
      if (typeof callback === 'function') callApp('the setData callback of ' + path, callback, undefined);
    });
    state.pageCallbacks[path] = { page: options, lifecycle: lifecycle, data: data };
  }

  // R pageHandlerNames: own function-valued keys but data, setData and the lifecycle.
  function handlerNames(registered) {
    var page = registered ? registered.page : {};
    return Object.keys(page).filter(function (name) {
      return typeof page[name] === 'function' && name !== 'data' && name !== 'setData' && lifecycleNames.indexOf(name) < 0;
    });
  }

  // R setData routes by the page whose script ran last, not by the caller: once another page
  // was opened, a page's setData reaches none of its own views (the launch page's still get it
  // through the legacy channel).
  // Only a patch the page's view shows a key of: one that changes nothing shown loses nothing.
  function reportMisrouting(path, patch) {
    if (!state.smokeRun || path === state.currentPagePath || path === launchPath) return;
    var facts = project.views[path];
    var shown = facts && facts.reads ? facts.reads : [];
    var changes = Object.keys(patch).map(function (key) { return key.split(/[.[]/)[0]; });
    if (!changes.some(function (key) { return shown.indexOf(key) >= 0; })) return;
    var own = allViews().filter(function (view) { return view.alive && view.path === path; });
    if (own.length === 0) return;
    notice('setData of ' + path + ' does not reach its view: the runtime sends it to the view of ' + state.currentPagePath +
      ', the page opened last, so ' + path + ' keeps showing its old data', caller(), 'misrouted');
  }

  // R setData: the caller's whole data goes to the views of the page whose script ran last,
  // and, through the legacy channel, to the launch page's views.
  var historyLength = 50;
  function routeSetData(data) {
    var full;
    try { full = JSON.stringify(data); } catch (error) { return; }
    allViews().forEach(function (view) {
      if (!view.alive || !view.reactive) return;
      if (view.path === state.currentPagePath || view.path === launchPath) {
        var patch = JSON.parse(full);
        Object.keys(patch).forEach(function (key) { view.store[key] = patch[key]; });
        view.patches.push(patch);
        // mactl serve's data panel: the latest patches with when and why (wall-clock time,
        // since the preview's timers run in real time), capped so a ticking page stays small.
        view.history.push({ at: Date.now(), by: state.cause || '', patch: JSON.parse(full) });
        if (view.history.length > historyLength) view.history.shift();
      }
    });
  }
