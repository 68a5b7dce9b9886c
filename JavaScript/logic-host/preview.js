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
      top: top ? { id: top.id, route: top.path, store: top.store, title: titleOf(top), hasTemplate: hasFile(top.path + '.html') } : null,
      stack: activeStack().map(function (view) { return view.path; }),
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
    // A page shown as a person would reach it, for screenshots: a tab page by its tab, any other
    // page pushed with navigateTo and an empty query. A route that is not a page changes nothing.
    open: function (route) {
      route = String(route);
      if (isPage(route) && topView()) reach(route, '');
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
