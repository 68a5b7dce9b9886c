  // What `mactl serve` drives the app with: the browser's view posts events and x-model
  // values as the runtime's bridge does, and reads back the state to show. Every function
  // takes and returns JSON text, and none throws: a problem is an app error in the state.
  // ---- mactl serve: the preview's side of the bridge ----
  function viewById(id) {
    var found = allViews().filter(function (view) { return view.id === id && view.alive; });
    return found[0] || null;
  }
  function previewState() {
    var top = topView();
    return JSON.stringify({
      top: top ? { id: top.id, route: top.path, query: top.query, store: top.store, title: titleOf(top), hasTemplate: hasFile(top.path + '.html'),
        // Newest first, as the data panel lists them.
        history: top.history.slice().reverse() } : null,
      stack: activeStack().map(function (view) { return view.path; }),
      // The same with each page's query, as a route the preview's address field takes.
      routes: activeStack().map(function (view) { return view.query ? view.path + '?' + view.query : view.path; }),
      tabs: tabsShown ? tabBar.map(function (tab) { return { page: tab.page, text: translate(tab.text), icon: typeof tab.icon === 'string' ? tab.icon : null }; }) : [],
      activeTab: state.activeTab,
      locale: i18n().locale,
      // All of this run's errors, not the new ones: every browser tab shows the same list.
      errors: state.errors.slice(-100),
      logs: state.output.slice(-50),
      now: clock.now
    });
  }
  var previewAPI = {
    start: function (deviceLocale) {
      if (!state.started && deviceLocale) { state.deviceLocale = String(deviceLocale); i18nState = null; }
      start();
      return previewState();
    },
    state: previewState,
    // Before start: 'live', fetch goes to the network through mactl (takeFetches, settleFetch);
    // 'offline', no fetch ever settles (screenshots show a page before its data comes).
    networkMode: function (mode) { network.mode = String(mode); return ''; },
    // The requests made since the last call, for mactl to send: [{id, url, method, body}].
    takeFetches: function () {
      var unsent = network.pending.filter(function (entry) { return !entry.sent; });
      unsent.forEach(function (entry) { entry.sent = true; });
      return JSON.stringify(unsent.map(function (entry) {
        return { id: entry.id, url: entry.request.url, method: entry.request.method, body: entry.request.body === undefined ? null : entry.request.body };
      }));
    },
    // A request's answer: a status and body, or a failure's text (NW rejects with a string).
    settleFetch: function (id, status, body, failure) {
      var found = network.pending.filter(function (entry) { return entry.id === Number(id); })[0];
      if (found) {
        network.pending.splice(network.pending.indexOf(found), 1);
        if (failure) found.reject(String(failure)); else found.resolve(fetchResponse(Number(status), String(body)));
      }
      return previewState();
    },
    // The page a view shows: its handler names (for the bridge's methods) and the catalog $t reads.
    view: function (id) {
      var view = viewById(Number(id));
      if (!view) return JSON.stringify(null);
      return JSON.stringify({ id: view.id, route: view.path, store: view.store, handlers: handlerNames(state.pageCallbacks[view.path]),
        reactive: view.reactive, messages: project.i18nModule ? i18n().merged : {} });
    },
    event: function (id, name, detailJSON) {
      var view = viewById(Number(id));
      if (view) {
        var detail;
        try { detail = detailJSON === undefined || detailJSON === '' ? undefined : JSON.parse(detailJSON); } catch (error) { detail = undefined; }
        try { post(view, String(name), detail, null); } catch (error) { report(describeThrown(error)); }
      }
      return previewState();
    },
    model: function (key, value) { updatePageData(String(key), String(value)); return previewState(); },
    selectTab: function (index) {
      var tab = Number(index);
      if (tabsShown && tab >= 0 && tab < tabPages.length) selectTab(tab);
      return previewState();
    },
    back: function () { navigation.navigateBack({ delta: 1 }); return previewState(); },
    // A page shown as a person would reach it (screenshots, --open, the shell's address field):
    // a tab page by its tab, any other page pushed with navigateTo and `query`. A route that is
    // not a page changes nothing: mactl checks it against the manifest first.
    open: function (route, query) {
      route = String(route);
      if (isPage(route) && topView()) reach(route, query === undefined ? '' : String(query));
      return previewState();
    },
    // Why `route` cannot be opened with a query, or '': the root of a stack (a tab's page, or
    // the launch page on top of its own stack) is opened without navigateTo, so with no query.
    queryRefusal: function (route) {
      route = String(route);
      if (!isStackRoot(route)) return '';
      return "'" + route + "' is the root of a stack, which the runtime opens with an empty query";
    },
    // Where the app is, for a reload to come back to: each stack's pages with their queries and
    // views' stores, the active tab, and each page's data (`this.data`, one per page path).
    snapshot: function () {
      var data = {};
      Object.keys(state.pageCallbacks).forEach(function (path) { data[path] = state.pageCallbacks[path].data; });
      return JSON.stringify({
        activeTab: state.activeTab,
        stacks: state.stacks.map(function (stack) {
          return stack.map(function (view) { return { path: view.path, query: view.query, store: view.store, history: view.history }; });
        }),
        data: data
      });
    },
    // After start: opens the snapshot's pages again as the app would, each root by its tab and
    // each page above it with navigateTo and its query, so every page's script registers and
    // its onLoad runs. Then a page whose script is not in `changedJSON` gets its data and its
    // views' stores back; a changed one keeps what its onLoad made. A stack whose root is no
    // longer the same page, or a page no longer in the app, ends the restore of that stack there.
    restore: function (snapshotJSON, changedJSON) {
      var saved, changed;
      try { saved = JSON.parse(snapshotJSON); changed = JSON.parse(changedJSON); } catch (error) { return previewState(); }
      if (!saved || !Array.isArray(saved.stacks) || !topView()) return previewState();
      function kept(path) { return changed.indexOf(path) < 0 && state.pageCallbacks[path] !== undefined; }
      var restored = [];
      saved.stacks.forEach(function (entries, index) {
        if (!Array.isArray(entries) || entries.length === 0) return;
        var root = tabsShown ? tabPages[index] : (index === 0 ? launchPath : undefined);
        if (root === undefined || entries[0].path !== root) return;
        if (tabsShown) selectTab(index);
        var stack = activeStack();
        restored.push({ view: stack[0], entry: entries[0] });
        for (var i = 1; i < entries.length && stack.length < maximumDepth; i++) {
          if (!isPage(entries[i].path)) break;
          var top = topView();
          if (top) disappear(top);
          var view = makeView(entries[i].path, String(entries[i].query || ''));
          stack.push(view);
          appear(view);
          restored.push({ view: view, entry: entries[i] });
        }
      });
      if (tabsShown && saved.activeTab >= 0 && saved.activeTab < tabPages.length && state.stacks[saved.activeTab].length > 0) selectTab(saved.activeTab);
      Object.keys(saved.data || {}).forEach(function (path) {
        if (!kept(path)) return;
        // setData merges into this very object (registration.js Page), so it is refilled in place.
        var data = state.pageCallbacks[path].data;
        Object.keys(data).forEach(function (key) { delete data[key]; });
        Object.keys(saved.data[path] || {}).forEach(function (key) { data[key] = saved.data[path][key]; });
      });
      restored.forEach(function (pair) {
        if (!kept(pair.view.path)) return;
        pair.view.store = deepCopy(pair.entry.store) || {};
        pair.view.history = Array.isArray(pair.entry.history) ? pair.entry.history : [];
      });
      return previewState();
    },
    // Real time for the preview: runs the timers due in the next `milliseconds`.
    advance: function (milliseconds) {
      var until = clock.now + Math.max(0, Number(milliseconds) || 0);
      var fired = 0;
      for (var timer = nextDue(until); timer !== null && fired < 1000; timer = nextDue(until)) { fireTimer(timer); fired += 1; }
      clock.now = until;
      return fired > 0 ? previewState() : '';
    }
  };
