  // `mactl lint`'s smoke run: the app started, every page opened as a person reaches it, its
  // timers run on the virtual clock, and every event binding and `x-model` field of what it
  // renders fired once through the bridge (docs/smoke-run.md says what it cannot know).
  // ---- mactl lint's smoke run ----
  // One step per call from Swift, so the promise jobs a step starts run before the next one.
  var smokeQueue = [];
  // What the run does, fixed: the clock starts at 2026-01-01T00:00:00Z and moves only with the
  // virtual clock, and Math.random is a seeded generator, so a run gives the same findings.
  function fixTimeAndChance() {
    var RealDate = Date;
    var epoch = 1767225600000;
    var FixedDate = function Date() {
      if (!new.target) return new RealDate(epoch + clock.now).toString();
      var args = Array.prototype.slice.call(arguments);
      return Reflect.construct(RealDate, args.length === 0 ? [epoch + clock.now] : args, new.target);
    };
    FixedDate.prototype = RealDate.prototype;
    FixedDate.now = function () { return epoch + clock.now; };
    FixedDate.parse = RealDate.parse;
    FixedDate.UTC = RealDate.UTC;
    globalThis.Date = FixedDate;
    var seed = 20261;
    Math.random = function () { seed = (seed * 16807) % 2147483647; return (seed - 1) / 2147483646; };
  }
  // A tab page first by its tab, then every page of the manifest, in order.
  function smokeRoutes() {
    var routes = [];
    function add(route) { if (typeof route === 'string' && routes.indexOf(route) < 0 && isPage(route)) routes.push(route); }
    if (tabsShown) tabPages.forEach(add);
    pages.forEach(add);
    return routes;
  }
  // The value a person types: a checkbox or radio posts its value (the runtime posts it checked
  // or not), any other field the text "2", which reads as a number and as a word.
  function typedValue(element) {
    var type = String(element.attributes.type || '').toLowerCase();
    if (type === 'checkbox' || type === 'radio') return element.attributes.value !== undefined ? element.attributes.value : 'on';
    return '2';
  }
  function stackOf(view) {
    for (var i = 0; i < state.stacks.length; i++) if (state.stacks[i].indexOf(view) >= 0) return i;
    return -1;
  }
  // Back to `view` as a person would: its tab, then back until it is on top. False when the
  // view is gone (a redirect or a relaunch replaced it).
  function returnTo(view) {
    var tab = stackOf(view);
    if (!view.alive || tab < 0) return false;
    if (tab !== state.activeTab) selectTab(tab);
    var stack = activeStack();
    var popped = false;
    while (stack.length > 1 && stack[stack.length - 1] !== view) { pop(stack); popped = true; }
    if (popped) appear(view);
    return topView() === view;
  }
  function elementPlace(element) { return { file: element.file, line: element.line, column: element.column, offset: element.offset }; }
  // The steps for a page just opened: its timers, each distinct binding of what it renders
  // (an event and an expression once, from the first element that has it, a list's first
  // item), each field bound to a distinct key, then its timers again.
  function pageSteps(view) {
    var steps = [{ timers: view.id }];
    var seen = {};
    render(view).forEach(function (instance) {
      var element = instance.element;
      if (instance.hidden) return;
      if (element.disabled && evaluate(element.disabled, instance.scope)) return;
      element.events.forEach(function (binding) {
        var key = binding.name + ' ' + JSON.stringify(binding.expr);
        if (binding.name === 'x-init' || seen[key]) return;
        seen[key] = true;
        steps.push({ view: view.id, element: element.index, event: binding.name });
      });
      if (element.model && element.model.exact && element.model.value.indexOf('store.') === 0 && !seen[element.model.value]) {
        seen[element.model.value] = true;
        steps.push({ view: view.id, element: element.index, input: typedValue(element) });
      }
    });
    steps.push({ timers: view.id });
    return steps;
  }
  // The pages whose steps are queued: each is explored once, the first time it shows.
  var smokeExplored = {};
  function explore(view) {
    smokeExplored[view.path] = true;
    smokeQueue = pageSteps(view).concat(smokeQueue);
  }
  // A page not yet reached through the app itself, opened as a person would find it: from
  // the root of the current stack, with no query.
  // With the query the app writes for it, where it writes one. When part of that query is
  // computed, what happens may depend on the part the run guessed: the step is then not an
  // opening on every visit, and its findings are warnings.
  function openPage(route) {
    if (!topView() || smokeExplored[route]) return;
    var known = project.queries ? project.queries[route] : undefined;
    var query = known ? known.query : '';
    var shown = query ? 'the query ' + JSON.stringify(query) : 'no query';
    state.smokeStep = known && known.guessed
      ? { description: 'visiting ' + route + ', which no tap of the run opened, with ' + shown + ' (guessed)', where: null, fromOutside: true }
      : { description: 'opening ' + route + ' with ' + shown, where: null };
    returnTo(activeStack()[0]);
    reach(route, query);
    var view = topView();
    if (view && view.path === route && view.alive) explore(view);
  }
  // A page a binding or a timer opened is explored there and then, with the query the app
  // gave it: what its onLoad reads is what the app passes, not the empty query of a page
  // opened from outside.
  function exploreWhatOpened() {
    var view = topView();
    if (view && view.alive && !smokeExplored[view.path]) explore(view);
  }
  function showTab(index) {
    state.smokeStep = { description: 'showing the tab of ' + tabPages[index], where: null };
    selectTab(index);
  }
  function closeAll() {
    state.smokeStep = { description: 'closing every page but the first', where: null };
    state.stacks.forEach(function (stack) { while (stack.length > 1) pop(stack); });
    if (tabsShown && state.activeTab !== 0) selectTab(0); else if (topView()) appear(topView());
  }
  function runTimers(id) {
    var view = viewById(id);
    state.smokeStep = { description: view ? 'running the timers of ' + view.path : 'running the clock on with the pages closed', where: null };
    // Two minutes, so a minute's refresh fires too, but each timer at most three times: one
    // firing shows what it does, and a 1 s interval need not tick 120 times on every page.
    var until = clock.now + 120000, firings = {};
    var allowed = function (timer) { return (firings[timer.id] || 0) < 3; };
    for (var fired = 0, timer = nextDue(until, allowed); timer !== null && fired < 200; timer = nextDue(until, allowed), fired++) {
      firings[timer.id] = (firings[timer.id] || 0) + 1;
      fireTimer(timer);
    }
    clock.now = Math.max(clock.now, until);
  }
  function fireStep(step) {
    var view = viewById(step.view);
    if (!view || !returnTo(view)) return;
    var instance = render(view, step.element)[0];
    if (!instance || instance.hidden) return;
    var element = instance.element;
    var target = targetOf(instance);
    if (step.input !== undefined) {
      state.smokeStep = { description: 'typing ' + JSON.stringify(step.input) + ' into ' + describeElement(element), where: elementPlace(element) };
      modelInput(view, instance, step.input);
      target.value = step.input;
      fire(view, instance, 'input', { type: 'input', target: target });
      fire(view, instance, 'change', { type: 'change', target: target });
      return;
    }
    state.smokeStep = { description: 'firing @' + step.event + ' of ' + describeElement(element), where: elementPlace(element) };
    fire(view, instance, step.event, { type: step.event, target: target });
  }
  var smokeAPI = {
    // Starts the app offline (no fetch ever settles: the run cannot know a server's answers).
    start: function () {
      network.mode = 'offline';
      state.smokeRun = true;
      // An app that calls skip.i18n runs in a host that lists the i18n module, locale files
      // or not: without them every text is its key, and n, d and plural still format.
      if (!namespace.i18n) { project.i18nModule = true; namespace.i18n = i18nModule; }
      fixTimeAndChance();
      state.smokeStep = { description: 'starting the app', where: null };
      start();
      // A person sees each tab once before going deeper, so every tab root is loaded, as on
      // the phone, before another page's code runs; then back to the first tab.
      var tabs = tabsShown ? tabPages.map(function (_, index) { return { showTab: index }; }).slice(1) : [];
      if (tabs.length > 0) tabs.push({ showTab: 0 });
      smokeQueue = tabs.concat(smokeRoutes().map(function (route) { return { visit: route }; }));
      // Last, every page closed but the roots, and the clock run on: what outlives its page.
      smokeQueue.push({ closeAll: true }, { timers: 0 });
      state.smokeStep = null;
      return '';
    },
    // Where the step a time limit stopped was: {message: what it was doing, file, line, column, offset}.
    place: function () {
      var step = state.smokeStep;
      if (!step) return JSON.stringify({ message: '' });
      var place = { message: step.description };
      if (step.where) { place.file = step.where.file; place.line = step.where.line; place.column = step.where.column; place.offset = step.where.offset; }
      return JSON.stringify(place);
    },
    // Runs the next step; '' when there is none left.
    next: function () {
      var step = smokeQueue.shift();
      if (!step) return '';
      try {
        if (step.visit !== undefined) openPage(step.visit);
        else if (step.showTab !== undefined) showTab(step.showTab);
        else if (step.closeAll) closeAll();
        else if (step.timers !== undefined) { runTimers(step.timers); exploreWhatOpened(); }
        else { fireStep(step); exploreWhatOpened(); }
      } finally {
        state.smokeStep = null;
      }
      return 'step';
    }
  };
