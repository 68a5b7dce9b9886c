extension LogicHostScript {
    /// Page views, their lifecycle and the navigation stacks: V `MiniAppPageView` and N `registerInRuntime` (skip-runtime.md §7, §8, §9).
    static let views = #"""
  // ---- V MiniAppPageView and N navigation: views, stacks, lifecycle ----
  var tabsShown = tabBar !== null && tabPages.length >= 2;
  var maximumDepth = 10;

  function allViews() {
    var views = [];
    state.stacks.forEach(function (stack) { views.push.apply(views, stack); });
    return views.concat(state.popped);
  }
  state.popped = [];

  function makeView(path, query) {
    state.viewCount += 1;
    return { id: state.viewCount, path: path, query: query, store: {}, patches: [], alive: true, loaded: false, reactive: true, shown: false, wired: [] };
  }
  function callPage(view, name, argument) {
    // The lifecycle functions are the ones Page() was given; `this` is the options object.
    var registered = state.pageCallbacks[view.path];
    if (registered && registered.lifecycle[name]) {
      callOnPage(name + ' of ' + view.path, registered.lifecycle[name], registered.page, argument === undefined ? [] : [argument]);
    }
  }
  // R loadPage's onLoad argument: the query pasted into JSON text with only '"' escaped.
  function onLoadArgument(view) {
    var text = '{"query": "' + view.query.replace(/"/g, '\\"') + '"}';
    try { return JSON.parse(text); } catch (error) {
      report('onLoad of ' + view.path + ' did not run: its query ' + JSON.stringify(view.query) +
        ' breaks the JSON text the runtime builds (it escapes only \'"\'); on the device this is silent');
      return null;
    }
  }
  // V onAppear (first appearance of the view) and the WebView's first load.
  function appear(view) {
    if (view.shown) return;
    view.shown = true;
    if (view.loaded) { callPage(view, 'onShow'); return; }
    view.loaded = true;
    state.currentPagePath = view.path;
    runScript(view.path + '.js');
    var argument = onLoadArgument(view);
    if (argument) callPage(view, 'onLoad', argument);
    var page = state.pageCallbacks[view.path];
    view.store = deepCopy(page ? page.data : {}) || {};
    view.wired = wiredModels(view);
    var broken = handlerNames(page).filter(function (name) { return !identifierPattern.test(name); });
    if (broken.length > 0) {
      view.reactive = false;
      report('the view of ' + view.path + ' is not reactive: the handler name ' + JSON.stringify(broken[0]) +
        ' is not a JavaScript identifier, so the bridge script is a SyntaxError');
    }
    if (!hasFile(view.path + '.html')) {
      report('the page ' + JSON.stringify(view.path) + ' has no template (' + view.path + '.html): the device shows a blank page');
      return;
    }
    // Alpine starts with the page, before the WebView reports it loaded.
    if (view.reactive) runInitializers(view);
    callPage(view, 'onReady');
    callPage(view, 'onShow');
  }
  function disappear(view) {
    if (!view.shown) return;
    view.shown = false;
    callPage(view, 'onHide');
  }
  function activeStack() { return state.stacks[state.activeTab] || []; }
  function topView() { var stack = activeStack(); return stack[stack.length - 1] || null; }
  function pop(stack) {
    var view = stack.pop();
    disappear(view);
    view.alive = false;
    // onUnload never runs under the host (V never calls processNavigation).
    state.popped.push(view);
  }

  function start() {
    if (state.started) return;
    state.started = true;
    // The modules register before app.js runs; the i18n module picks its locale then.
    installI18nGlobals();
    runScript('app.js');
    // `this` is the global object in App callbacks: the runtime calls them without a receiver.
    if (state.appCallbacks.onLaunch) callApp('App onLaunch', state.appCallbacks.onLaunch, undefined, [{ path: '', query: '' }]);
    if (state.appCallbacks.onShow) callApp('App onShow', state.appCallbacks.onShow, undefined, []);
    if (tabBar !== null && tabPages.length === 0) {
      report('the manifest\'s tab_bar has no tabs: the device shows a blank app');
      return;
    }
    if (tabsShown) {
      state.stacks = tabPages.map(function () { return []; });
      selectTab(0);
    } else if (launchPath !== null) {
      state.stacks = [[makeView(launchPath, '')]];
      appear(state.stacks[0][0]);
    }
  }
  function selectTab(index) {
    var stack = state.stacks[index];
    if (index !== state.activeTab || stack.length === 0) {
      var top = topView();
      if (top && index !== state.activeTab) disappear(top);
      state.activeTab = index;
      if (stack.length === 0) stack.push(makeView(tabPages[index], ''));
    }
    appear(stack[stack.length - 1]);
  }

  var navigation = {
    navigateTo: function (options) {
      if (options === null || typeof options !== 'object' || options.url === undefined) return;
      var stack = activeStack();
      if (stack.length >= maximumDepth) {
        report('navigateTo(' + show(String(options.url)) + ') was ignored: the stack is already ' + maximumDepth + ' pages deep');
        return;
      }
      var view = makeView(String(options.url), options.query === undefined || options.query === null ? '' : String(options.query));
      var top = topView();
      if (top) disappear(top);
      stack.push(view);
      appear(view);
    },
    navigateBack: function (options) {
      var delta = options && typeof options === 'object' && options.delta !== undefined ? Number(options.delta) : 1;
      if (!isFinite(delta) || Math.abs(delta) >= 9223372036854775807) {
        report('navigateBack({delta: ' + show(options.delta) + '}) crashes the app on iOS: the runtime converts delta with Int(...), which traps');
        return;
      }
      delta = Math.max(1, Math.trunc(delta));
      var stack = activeStack();
      var popped = false;
      while (delta > 0 && stack.length > 1) { pop(stack); delta -= 1; popped = true; }
      if (popped) appear(stack[stack.length - 1]);
    },
    redirectTo: function (options) {
      if (options === null || typeof options !== 'object' || options.url === undefined) return;
      var stack = activeStack();
      if (stack.length <= 1) {
        report('redirectTo(' + show(String(options.url)) + ') on the root page of a stack does nothing on the device');
        return;
      }
      pop(stack);
      var view = makeView(String(options.url), '');
      stack.push(view);
      appear(view);
    },
    reLaunch: function (options) {
      if (options === null || typeof options !== 'object' || options.url === undefined) return;
      var url = String(options.url);
      var top = topView();
      state.stacks.forEach(function (stack) { while (stack.length > 1) pop(stack); });
      var tab = tabsShown ? tabPages.indexOf(url) : -1;
      if (tab >= 0) { if (top && top.alive && tab !== state.activeTab) disappear(top); selectTab(tab); return; }
      var stack = activeStack();
      if (stack.length > 0) disappear(stack[stack.length - 1]);
      var view = makeView(url, '');
      stack.push(view);
      appear(view);
    },
    switchTab: function (options) {
      var url = options && typeof options === 'object' ? options.url : undefined;
      var tab = tabsShown ? tabPages.indexOf(url) : -1;
      if (tab < 0) {
        report('switchTab(' + show(url) + ') does nothing: no tab has exactly that page');
        return;
      }
      selectTab(tab);
    },
    setNavigationBarTitle: function (options) {
      var top = topView();
      if (top && options && typeof options === 'object' && options.title !== undefined) state.titles[top.path] = String(options.title);
    }
  };

  // V pageTitle: setNavigationBarTitle's text, else the tab's text, both looked up as keys.
  function titleOf(view) {
    if (state.titles[view.path] !== undefined) return translate(state.titles[view.path]);
    var tab = tabBar ? tabBar.filter(function (t) { return t && t.page === view.path; })[0] : undefined;
    return tab && typeof tab.text === 'string' ? translate(tab.text) : '';
  }
"""#
}
