extension LogicHostScript {
    /// `App()` and `Page()` as R `registerAppFunction` and `registerPageFunction` keep them, `setData`'s merge, and where its data goes (skip-runtime.md §3, §10).
    static let registration = #"""
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

  function Page(options) {
    if (options === null || typeof options !== 'object' || state.currentPagePath === null) return;
    var path = state.currentPagePath;
    var data = deepCopy(options.data);
    if (data === null || typeof data !== 'object') data = {};
    options.data = data;
    var lifecycle = {};
    lifecycleNames.forEach(function (name) { if (typeof options[name] === 'function') lifecycle[name] = options[name]; });
    // The closure ignores `this` and merges into the copy made here, as the runtime's does.
    options.setData = nativeCallable(function (patch, callback) {
      if (patch === null || typeof patch !== 'object') return;
      try {
        Object.keys(patch).forEach(function (key) { mergeKey(data, key, patch[key]); });
      } catch (error) {
        report('setData of ' + path + ' stopped: ' + error.message + ' (a step of the path is null or not an object); on the device this is silent',
          appFrame(new Error().stack));
      }
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

  // R setData: the caller's whole data goes to the views of the page whose script ran last,
  // and, through the legacy channel, to the launch page's views.
  function routeSetData(data) {
    var full;
    try { full = JSON.stringify(data); } catch (error) { return; }
    allViews().forEach(function (view) {
      if (!view.alive || !view.reactive) return;
      if (view.path === state.currentPagePath || view.path === launchPath) {
        var patch = JSON.parse(full);
        Object.keys(patch).forEach(function (key) { view.store[key] = patch[key]; });
        view.patches.push(patch);
      }
    });
  }
"""#
}
