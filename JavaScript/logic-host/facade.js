  // What the test sees (`app` and its pages), and the runtime's globals installed in the app's context.
  // ---- What the test sees: `app` and its pages ----
  function settle(value) {
    var promise = Promise.resolve();
    // Enough turns for the app's promise chains (fetch, then json, then setData) to finish.
    for (var i = 0; i < 64; i++) promise = promise.then(function () {});
    return promise.then(function () { return value; });
  }
  function isPage(route) { return pages.indexOf(route) >= 0 || hasFile(route + '.html'); }
  function handleFor(view) {
    return Object.freeze({
      get route() { return view.path; },
      get query() { return view.query; },
      get data() { var registered = state.pageCallbacks[view.path]; return registered ? registered.page.data : undefined; },
      get view() { return view.store; },
      get patches() { return view.patches.slice(); },
      get title() { return titleOf(view); },
      get shown() { return view.alive && view.shown; },
      tap: function (target, second) {
        var handlers = handlerNames(state.pageCallbacks[view.path]);
        if (typeof target === 'string' && handlers.indexOf(target) >= 0) {
          post(view, target, second, null);
        } else {
          var instance = findInstance(view, target, second);
          if (!fire(view, instance, 'click', { type: 'click', target: targetOf(instance) })) {
            throw new Error(describeElement(instance.element) + ' has no @click');
          }
        }
        return settle(undefined);
      },
      input: function (target, value, options) {
        var wanted = String(target);
        var instance = null;
        if (wanted.indexOf('store.') === 0) {
          var models = render(view).filter(function (i) { return i.element.model && i.element.model.value === wanted; });
          if (models.length === 0) throw new Error('no element of ' + view.path + '.html has x-model="' + wanted + '"');
          instance = models[options && typeof options.index === 'number' ? options.index : 0];
        } else {
          instance = findInstance(view, wanted, options);
        }
        var typed = String(value);
        if (instance.element.model) modelInput(view, instance, typed);
        var target = targetOf(instance);
        target.value = typed;
        var fired = fire(view, instance, 'input', { type: 'input', target: target });
        fired = fire(view, instance, 'change', { type: 'change', target: target }) || fired;
        if (!fired && !instance.element.model) throw new Error(describeElement(instance.element) + ' has no x-model, @input or @change');
        return settle(undefined);
      }
    });
  }
  // The element an event comes from, as a person left it: a date field holds a date (the run's
  // fixed day), so 'valueAsDate' is a Date and 'valueAsNumber' its time, as on the phone.
  function targetOf(instance) {
    var attributes = instance.element.attributes;
    var type = String(attributes.type || '').toLowerCase();
    var value = attributes.value !== undefined ? attributes.value : '';
    var target = { type: type, value: value, checked: attributes.checked !== undefined, id: attributes.id || '', name: attributes.name || '', valueAsDate: null, valueAsNumber: NaN };
    if (instance.element.tag === 'input' && (type === 'date' || type === 'datetime-local' || type === 'month' || type === 'week' || type === 'time')) {
      if (target.value === '') target.value = type === 'time' ? '09:00' : '2026-01-01';
      if (type !== 'datetime-local') target.valueAsDate = new Date(type === 'time' ? 9 * 3600000 : Date.UTC(2026, 0, 1));
      target.valueAsNumber = type === 'time' ? 9 * 3600000 : Date.UTC(2026, 0, 1);
    } else if (instance.element.tag === 'input' && (type === 'number' || type === 'range')) {
      target.valueAsNumber = target.value === '' ? NaN : Number(target.value);
    }
    return target;
  }
  // How a person reaches a page (app.open, and mactl serve's screenshots): a tab page by its
  // tab, the root already shown stays, any other page pushed with navigateTo.
  function isStackRoot(route) {
    var top = topView();
    return (tabsShown && tabPages.indexOf(route) >= 0) || (!!top && top.path === route && activeStack().length === 1);
  }
  function reach(route, query) {
    var tab = tabsShown ? tabPages.indexOf(route) : -1;
    if (tab >= 0) selectTab(tab);
    else if (!isStackRoot(route)) navigation.navigateTo({ url: route, query: query });
  }
  function requireStarted() { start(); if (!topView()) throw new Error('the app shows no page (see app.errors)'); }

  var facade = Object.freeze({
    launch: function () { requireStarted(); return settle(handleFor(topView())); },
    open: function (route, options) {
      route = String(route);
      if (!isPage(route)) throw new Error(JSON.stringify(route) + ' is not a page: it is not in the manifest\'s pages and ' + route + '.html does not exist');
      var query = options && options.query !== undefined ? String(options.query) : undefined;
      requireStarted();
      if (isStackRoot(route) && query !== undefined && query !== '') throw new Error(route + ' is the root of a stack: the runtime opens it with an empty query');
      reach(route, query === undefined ? '' : query);
      return settle(handleFor(topView()));
    },
    back: function (delta) { requireStarted(); navigation.navigateBack({ delta: delta === undefined ? 1 : delta }); return settle(handleFor(topView())); },
    get page() { return topView() ? handleFor(topView()) : null; },
    get currentPage() { var top = topView(); return top ? top.path : null; },
    get stack() { return activeStack().map(function (view) { return view.path; }); },
    get title() { var top = topView(); return top ? titleOf(top) : ''; },
    locale: function (tag) {
      if (state.started) throw new Error('app.locale must be called before the app starts: the runtime chooses the locale once');
      state.deviceLocale = String(tag);
      i18nState = null;
      return facade;
    },
    get language() { return i18n().locale; },
    tick: function (milliseconds) {
      var until = clock.now + Math.max(0, Number(milliseconds) || 0);
      var fired = 0;
      function step() {
        var timer = nextDue(until);
        if (timer === null) { clock.now = until; return settle(undefined); }
        if (++fired > 10000) throw new Error('more than 10000 timers fired in one app.tick; is an interval of 0 ms running?');
        fireTimer(timer);
        return settle(undefined).then(step);
      }
      return step();
    },
    get now() { return clock.now; },
    fetch: Object.freeze({
      reply: function (url, body, options) {
        var text = typeof body === 'string' ? body : JSON.stringify(body === undefined ? null : body);
        var method = options && typeof options.method === 'string' ? options.method.toUpperCase() : undefined;
        network.replies.push({ url: String(url), method: method, status: options && typeof options.status === 'number' ? options.status : 200, text: text });
        return facade.fetch;
      },
      fail: function (url, reason) {
        network.replies.push({ url: String(url), failure: reason === undefined ? 'The network connection was lost.' : String(reason) });
        return facade.fetch;
      },
      get requests() { return network.requests.map(function (r) { return Object.assign({}, r); }); }
    }),
    get logs() { return state.logs.slice(); },
    get console() { return state.console.slice(); },
    files: Object.freeze({
      read: function (path) { var entry = files[String(path)]; return entry && entry.kind === 'file' ? entry.text : undefined; },
      write: function (path, text) { var path_ = String(path); if (makeDirectories(parentOf(path_))) files[path_] = { kind: 'file', text: String(text) }; return facade.files; },
      get paths() { return Object.keys(files).filter(function (p) { return p !== '' && files[p].kind === 'file'; }).sort(); }
    }),
    get errors() { return state.errors.map(function (e) { return e.message; }); },
    takeErrors: function () { var taken = state.errors.map(function (e) { return e.message; }); state.errors = []; return taken; }
  });

  // ---- The runtime's globals (R registerGlobals, the modules' registerInRuntime) ----
  // The SQL module is a product of its own that a host adds; mactl cannot know, so it is there.
  var namespace = { getSystemInfo: systemInfo, nav: navigation, net: { fetch: fetchFromReplies }, fs: fileSystem, log: log, db: database };
  if (project.i18nModule) namespace.i18n = i18nModule;
  var plainGlobals = {
    App: nativeCallable(App), Page: nativeCallable(Page), console: consoleObject, miniapp: namespace, skip: namespace,
    setTimeout: timerGlobals.setTimeout, setInterval: timerGlobals.setInterval,
    clearTimeout: timerGlobals.clearTimeout, clearInterval: timerGlobals.clearInterval
  };
  Object.keys(plainGlobals).forEach(function (name) { globalThis[name] = plainGlobals[name]; });
  // Globals the modules declare as script globals: a top-level let/const/class of one of these
  // names fails the whole script on the device, as here.
  var declared = { fetch: fetchFromReplies, __FSDirectoryHandle: DirectoryHandle, __FSFileHandle: FileHandle };
  var i18nNames = project.i18nModule ? ['__i18nMessages', '__i18nLocale', '__i18nTranslate'] : [];
  native.declare(Object.keys(declared).concat(i18nNames).join(','));
  Object.keys(declared).forEach(function (name) { globalThis[name] = declared[name]; });
  function installI18nGlobals() {
    if (!project.i18nModule) return;
    globalThis.__i18nMessages = i18n().merged;
    globalThis.__i18nLocale = i18n().locale;
    globalThis.__i18nTranslate = translate;
  }

  return {
    facade: facade,
    preview: previewAPI,
    smoke: smokeAPI,
    errorsJSON: function () { var errors = JSON.stringify(state.errors); state.errors = []; return errors; },
    // A rejection nothing handles is silent on the device; a missing reply was reported already.
    onUnhandledRejection: function (promise, reason) {
      if (typeof reason === 'string' && reason.indexOf('mactl test: no reply') === 0) return;
      report('a promise was rejected and nothing handled it: ' + describeThrown(reason) + '; on the device this is silent',
        reason && typeof reason === 'object' ? appFrame(reason.stack) : null, 'exception');
    }
  };
