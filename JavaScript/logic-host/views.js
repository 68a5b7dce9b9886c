  // Page views, their lifecycle and the navigation stacks: V `MiniAppPageView` and N `registerInRuntime` (docs/runtimes.md, skip.navigation-stack, skip.lifecycle-hooks, skip.page-script-per-visit).
  // ---- V MiniAppPageView and N navigation: views, stacks, lifecycle ----
  var tabsShown = tabBar !== null && tabPages.length >= 2;
  var maximumDepth = 10;

  // The views open now, in every stack. A closed view is never shown again.
  function allViews() {
    var views = [];
    state.stacks.forEach(function (stack) { views.push.apply(views, stack); });
    return views;
  }

  function makeView(path, query) {
    state.viewCount += 1;
    return { id: state.viewCount, path: path, query: query, store: {}, patches: [], history: [], alive: true, loaded: false, reactive: true, shown: false, wired: [] };
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
        ' breaks the JSON text the runtime builds (it escapes only \'"\'); on the device this is silent', null, 'ignored');
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
    if (view.path === launchPath) state.launchOpened = true;
    // A page the app opens is loaded as on every visit: the smoke run says so, whatever step
    // (a tap, a timer) led there.
    var step = state.smokeStep;
    if (step && !step.fromOutside && step.description.indexOf('opening ') !== 0) state.smokeStep = { description: 'opening ' + view.path, where: null };
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
        ' is not a JavaScript identifier, so the bridge script is a SyntaxError', null, 'static');
    }
    if (!hasFile(view.path + '.html')) {
      report('the page ' + JSON.stringify(view.path) + ' has no template (' + view.path + '.html): the device shows a blank page', null, 'static');
      state.smokeStep = step;
      return;
    }
    // Alpine starts with the page, before the WebView reports it loaded.
    if (view.reactive) runInitializers(view);
    callPage(view, 'onReady');
    callPage(view, 'onShow');
    state.smokeStep = step;
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
      report('the manifest\'s tab_bar has no tabs: the device shows a blank app', null, 'static');
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

  // ---- N registerInRuntime: each call checks its options, then fills the one pendingAction
  // slot the view acts on after the app code returns (docs/runtimes.md, skip.navigation-one-slot) ----
  var pendingNavigation = null;
  function requestNavigation(name, where, perform) {
    if (appDepth === 0) { perform(); return; }
    if (pendingNavigation) {
      notice('skip.nav.' + pendingNavigation.name + ' is replaced by the skip.nav.' + name + ' call after it: the runtime keeps one navigation request, the last one made before the code returns',
        pendingNavigation.where, 'overridden');
    }
    pendingNavigation = { name: name, where: where, perform: perform };
  }
  function performPendingNavigation() {
    var pending = pendingNavigation;
    pendingNavigation = null;
    if (pending) pending.perform();
  }
  // N's `guard options.isObject`: anything else is ignored without a word.
  function navigationOptions(name, options, where, example) {
    if (isObject(options)) return true;
    notice('skip.nav.' + name + '(' + show(options) + ') is ignored: the runtime takes only an options object, ' + example, where, 'ignored');
    return false;
  }
  // The url as N reads it (`toString()`), or null when that opens no page: reported at `where`.
  function navigationURL(name, options, where) {
    if (options.url === undefined || options.url === null) {
      notice('skip.nav.' + name + ' has no url: the runtime opens the page ' + JSON.stringify(String(options.url)) + ', which does not exist, so the screen is blank', where, 'ignored');
      return null;
    }
    var url = String(options.url);
    if (!hasFile(url + '.html')) {
      var why = url.charAt(0) === '/' ? 'a leading / is kept: from a package the page then gets no script' :
        url.indexOf('?') >= 0 ? 'the url is a file path, so the query makes it name no file; pass it as query:' : 'it has no template (' + url + '.html), so the screen is blank';
      notice('skip.nav.' + name + ' opens ' + JSON.stringify(url) + ', which is not a page of the app: ' + why, where, 'ignored');
    }
    return url;
  }
  // redirectTo and reLaunch: an options object with a url, or null; they pass no query on.
  function urlWithoutQuery(name, options, where) {
    if (!navigationOptions(name, options, where, "{url: 'pages/…'}")) return null;
    var url = navigationURL(name, options, where);
    if (url !== null && options.query !== undefined && options.query !== null && options.query !== '') {
      notice('skip.nav.' + name + ' ignores query: the page it opens gets an empty query in onLoad; only navigateTo passes one', atMember(where, 'query'), 'ignored');
    }
    return url;
  }
  var navigation = {
    navigateTo: function (options) {
      var where = caller();
      if (!navigationOptions('navigateTo', options, where, "{url: 'pages/…', query: '…'}")) return;
      var url = navigationURL('navigateTo', options, where);
      if (url === null) return;
      if (isObject(options.query)) {
        notice('skip.nav.navigateTo passes query through toString(): the page gets "' + String(options.query) + '" in onLoad; pass a string such as \'id=7\'', atMember(where, 'query'), 'ignored');
      }
      var query = options.query === undefined || options.query === null ? '' : String(options.query);
      requestNavigation('navigateTo', where, function () {
        var stack = activeStack();
        if (stack.length >= maximumDepth) {
          report('navigateTo(' + show(url) + ') was ignored: the stack is already ' + maximumDepth + ' pages deep', where, 'ignored', 'warning');
          return;
        }
        var view = makeView(url, query);
        var top = topView();
        if (top) disappear(top);
        stack.push(view);
        appear(view);
      });
    },
    navigateBack: function (options) {
      var where = caller();
      var delta = 1;
      if (isObject(options)) {
        delta = options.delta !== undefined ? Number(options.delta) : 1;
      } else if (options !== undefined && Number(options) !== 1) {
        notice('skip.nav.navigateBack(' + show(options) + ') goes back one page: the runtime reads delta only from an options object, {delta: ' + show(options) + '}', where, 'ignored');
      }
      if (!isFinite(delta) || Math.abs(delta) >= 9223372036854775807) {
        report('navigateBack({delta: ' + show(options.delta) + '}) crashes the app on iOS: the runtime converts delta with Int(...), which traps', where, 'crash');
        return;
      }
      delta = Math.max(1, Math.trunc(delta));
      requestNavigation('navigateBack', where, function () {
        var stack = activeStack();
        var popped = false;
        var remaining = delta;
        while (remaining > 0 && stack.length > 1) { pop(stack); remaining -= 1; popped = true; }
        if (popped) appear(stack[stack.length - 1]);
      });
    },
    redirectTo: function (options) {
      var where = caller();
      var url = urlWithoutQuery('redirectTo', options, where);
      if (url === null) return;
      requestNavigation('redirectTo', where, function () {
        var stack = activeStack();
        if (stack.length <= 1) {
          report('redirectTo(' + show(url) + ') on the root page of a stack does nothing on the device', where, 'ignored', 'warning');
          return;
        }
        pop(stack);
        var view = makeView(url, '');
        stack.push(view);
        appear(view);
      });
    },
    reLaunch: function (options) {
      var where = caller();
      var url = urlWithoutQuery('reLaunch', options, where);
      if (url === null) return;
      requestNavigation('reLaunch', where, function () {
        var top = topView();
        state.stacks.forEach(function (stack) { while (stack.length > 1) pop(stack); });
        var tab = tabsShown ? tabPages.indexOf(url) : -1;
        if (tab >= 0) { if (top && top.alive && tab !== state.activeTab) disappear(top); selectTab(tab); return; }
        var stack = activeStack();
        if (stack.length > 0) disappear(stack[stack.length - 1]);
        var view = makeView(url, '');
        stack.push(view);
        appear(view);
      });
    },
    switchTab: function (options) {
      var where = caller();
      if (!navigationOptions('switchTab', options, where, "{url: '<a tab's page>'}")) return;
      var url = options.url;
      var tab = tabsShown ? tabPages.indexOf(url) : -1;
      if (tab < 0) {
        report('switchTab(' + show(url) + ') does nothing: no tab has exactly that page', where, 'ignored');
        return;
      }
      requestNavigation('switchTab', where, function () { selectTab(tab); });
    },
    setNavigationBarTitle: function (options) {
      var where = caller();
      if (!navigationOptions('setNavigationBarTitle', options, where, "{title: '…'}")) return;
      var top = topView();
      if (top && options.title !== undefined) state.titles[top.path] = String(options.title);
    }
  };

  // V pageTitle: setNavigationBarTitle's text, else the tab's text, both looked up as keys.
  function titleOf(view) {
    if (state.titles[view.path] !== undefined) return translate(state.titles[view.path]);
    var tab = tabBar ? tabBar.filter(function (t) { return t && t.page === view.path; })[0] : undefined;
    return tab && typeof tab.text === 'string' ? translate(tab.text) : '';
  }
