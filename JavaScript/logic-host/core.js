  // The host's shared state, and how it reports what the device drops silently: an exception in app code, a script that stopped at load.
  'use strict';
  // ---- State shared by every part of the host ----
  var manifest = project.manifest || {};
  var pages = Array.isArray(manifest.pages) ? manifest.pages.filter(function (p) { return typeof p === 'string'; }) : [];
  var launchPath = pages.length > 0 ? pages[0] : null;
  var tabBar = manifest.tab_bar && Array.isArray(manifest.tab_bar.tabs) ? manifest.tab_bar.tabs : null;
  var tabPages = tabBar ? tabBar.map(function (tab) { return tab && typeof tab.page === 'string' ? tab.page : ''; }) : [];
  var state = {
    started: false,
    pageCallbacks: {},     // R pageCallbacks: the registered page object of each page path
    currentPagePath: null, // R currentPagePath: the page whose script ran last
    appCallbacks: {},
    stacks: [],            // the views of each tab's stack (one stack without a tab bar)
    activeTab: 0,
    titles: {},            // N: setNavigationBarTitle's title of each page path
    errors: [],
    logs: [],
    console: [],
    // Both in the order written, for mactl serve's log panel: 'console: text' or 'skip.log: text'.
    output: [],
    deviceLocale: 'en-US',
    viewCount: 0,
    cause: null,           // the outermost app call running, or the last one (core.js callApp)
    launchOpened: false    // whether the launch page was ever opened: x-model writes into its data from then on
  };

  // ---- Errors: what the device drops silently, the host reports ----
  var framePattern = /^(?:(.*)@)?(.+):(\d+):(\d+)$/;
  function appFrame(stack) {
    var lines = String(stack || '').split('\n');
    for (var i = 0; i < lines.length; i++) {
      var match = framePattern.exec(lines[i]);
      if (match && project.scripts[match[2]] !== undefined) {
        return { file: match[2], line: Number(match[3]), column: Number(match[4]) };
      }
    }
    return null;
  }
  // `kind` sorts what the device does for `mactl lint`'s run (SmokeRunFinding.Kind): 'exception'
  // (app code threw), 'ignored' (a host call the runtime ignores or misreads), 'crash' (the host
  // app crashes on iOS), 'misrouted' (a setData no view of its page shows), 'data-copy' (data the
  // runtime's JSON copy changes), 'interval' (a timer outliving its page), 'overridden' (a
  // navigation a later one replaces), 'static' (what a lint rule reports from the files alone),
  // 'load' (a script that stopped at load). A report without a place takes the place of what the
  // smoke run is doing (the element whose event it fired). `severity` ('error', 'warning') is
  // given when this report's differs from its kind's: when it fails only in some states, or
  // on every visit.
  function report(message, where, kind, severity) {
    var entry = { message: String(message), kind: kind || 'other' };
    if (severity) entry.severity = severity;
    var place = where || (state.smokeStep ? state.smokeStep.where : null);
    if (place) {
      entry.file = place.file; entry.line = place.line; entry.column = place.column;
      if (place.offset !== undefined) entry.offset = place.offset;
      if (place.key) entry.key = place.key;
    }
    if (state.smokeStep) entry.during = state.smokeStep.description;
    state.errors.push(entry);
  }
  // The same place, with the member `key` of the call's options as the hint that puts a report
  // on the member's own line (`body:` of a fetch written over several lines).
  function atMember(where, key) {
    return where ? { file: where.file, line: where.line, column: where.column, key: key } : null;
  }
  // What only `lint`'s smoke run reports (`state.smokeRun`): misuses `mactl test` lets a test
  // exercise without taking them as errors.
  function notice(message, where, kind, severity) { if (state.smokeRun) report(message, where, kind, severity); }
  // Where app code called the host function that is running now.
  function caller() { return appFrame(new Error().stack); }
  function describeThrown(error) {
    if (error && typeof error === 'object' && 'message' in error) {
      return (error.name ? error.name + ': ' : '') + error.message;
    }
    return 'threw ' + show(error);
  }
  function show(value) {
    if (typeof value === 'string') return JSON.stringify(value);
    if (typeof value === 'number') return String(value);
    if (typeof value === 'function') return 'a function';
    if (value === undefined) return 'undefined';
    try { var text = JSON.stringify(value); return text === undefined ? String(value) : text; } catch (e) { return String(value); }
  }
  // Calls app code as the runtime does: an exception stops it and is dropped on the device;
  // here it is reported with where it was thrown.
  // Swift's call(withArguments:) calls runtime natives too (`setTimeout(skip.log, 0)`), so this
  // does not rely on fn.apply, which natives lack.
  // While app code runs, a navigation call only fills N's one `pendingAction` slot, which the
  // view acts on after the code returns: `appDepth` counts the app code running now.
  var appDepth = 0;
  function callApp(description, fn, self, args) {
    native.enter(description);
    // The outermost call is what set off everything under it: mactl serve's setData history
    // names it beside each patch.
    if (appDepth === 0) state.cause = description;
    appDepth += 1;
    try {
      return Function.prototype.apply.call(fn, self, args || []);
    } catch (error) {
      report(description + ' threw ' + describeThrown(error) + '; on the device this is silent', error && appFrame(error.stack), 'exception');
      return undefined;
    } finally {
      appDepth -= 1;
      native.leave();
      if (appDepth === 0) performPendingNavigation();
    }
  }
  // R callOnPageInstance runs `__currentCallback.call(__currentPage, …)` for the lifecycle and
  // view events: a runtime native there (setData, skip.log) has no call, so that throws.
  function callOnPage(description, fn, page, args) {
    if (typeof fn.call !== 'function') {
      report(description + ' did not run: it is a runtime native, which has no .call, so the runtime\'s call of it throws a TypeError; on the device this is silent', null, 'exception');
      return undefined;
    }
    return callApp(description, fn, page, args);
  }
  // The app's files as a set: every page opened asks whether its template is there.
  var fileSet = Object.create(null);
  (project.files || []).forEach(function (path) { fileSet[path] = true; });
  function hasFile(path) { return fileSet[path] === true; }
  // R loadPage and start: runs a script in the one context every script shares.
  function runScript(path) {
    var source = project.scripts[path];
    if (source === undefined || source === '') return;
    native.enter('the top level of ' + path);
    var failure;
    try { failure = native.evaluate(source, path); } finally { native.leave(); }
    if (failure) {
      var problem = JSON.parse(failure);
      var where = { file: path, line: problem.line || 1, column: problem.column || 1 };
      // A redeclaration fails before the script starts, so JSC gives no place: find the declaration.
      var duplicate = /duplicate variable[^']*'([^']+)'/.exec(problem.message);
      var declaration = duplicate && topLevelDeclaration(source, duplicate[1]);
      if (declaration) { where.line = declaration.line; where.column = declaration.column; }
      report(path + ' stopped at load: ' + problem.message + '; on the device this is silent', where, 'load');
    }
  }
  // The first line that starts with `let name`, `const name` or `class name`, and its column.
  function topLevelDeclaration(source, name) {
    var pattern = new RegExp('^(\\s*)(?:let|const|class)\\s+' + name.replace(/\$/g, '\\$') + '(?![\\w$])');
    var lines = source.split('\n');
    for (var i = 0; i < lines.length; i++) {
      var match = pattern.exec(lines[i]);
      if (match) return { line: i + 1, column: match[1].length + 1 };
    }
    return null;
  }
  function deepCopy(value) {
    if (value === undefined) return undefined;
    var text = JSON.stringify(value);
    return text === undefined ? undefined : JSON.parse(text);
  }
