// mactl serve's shell: the phone frame around the page, driven by the app's state from the
// logic layer (over server-sent events and the answers to its own requests).
(function () {
  'use strict';
  var frame = document.getElementById('frame');
  // ?shot=1 shows the phone's screen alone, for mactl pack --screenshots; ?scheme=dark starts dark.
  var parameters = new URLSearchParams(location.search);
  var shot = parameters.get('shot') === '1';
  document.body.classList.toggle('shot', shot);
  document.getElementById('dark').checked = parameters.get('scheme') === 'dark';
  var rendered = false;
  var shownView = null;
  var generation = null;
  // The app's errors (the logic layer's whole list) and the view's problems (posted by the bridge).
  var appErrors = [];
  var viewProblems = [];

  // Every request that changes the app carries the token this page was served with.
  var token = document.querySelector('meta[name="mactl-token"]').content;
  function post(path) {
    return fetch(path, { method: 'POST', headers: { 'X-Mactl-Token': token } }).then(function (response) { return response.json(); }).then(render);
  }
  function element(tag, text) { var node = document.createElement(tag); node.textContent = text; return node; }

  function render(state) {
    if (!state) return;
    rendered = true;
    if (state.generation !== generation) { generation = state.generation; shownView = null; viewProblems = []; }
    var problems = document.getElementById('problems');
    problems.replaceChildren.apply(problems, state.diagnostics.map(function (line) { return element('li', line); }));
    var overlay = document.getElementById('overlay');
    var failing = state.loadFailure ? [state.loadFailure] : state.diagnostics.filter(function (line) { return / error: /.test(line); });
    overlay.textContent = failing.join('\n');
    overlay.style.display = failing.length > 0 ? 'block' : 'none';
    var locale = document.getElementById('locale');
    if (locale.options.length !== state.locales.length) {
      locale.replaceChildren.apply(locale, state.locales.map(function (tag) { var option = element('option', tag); option.value = tag; return option; }));
    }
    var app = state.app;
    if (!app) return;
    if (locale.value !== app.locale && state.locales.indexOf(app.locale) >= 0) locale.value = app.locale;
    appErrors = app.errors.map(function (e) { return (e.file ? e.file + ':' + e.line + ':' + e.column + ': ' : '') + e.message; });
    showErrors();
    var logs = document.getElementById('logs');
    logs.replaceChildren.apply(logs, app.logs.map(function (line) { return element('li', line); }));
    document.getElementById('route').textContent = app.stack.join(' › ');
    document.getElementById('back').hidden = app.stack.length <= 1;
    var tabs = document.getElementById('tabs');
    tabs.replaceChildren.apply(tabs, app.tabs.map(function (tab, index) {
      var button = element('button', tab.text);
      if (tab.icon) {
        var icon = document.createElement('img');
        icon.className = 'icon';
        icon.alt = '';
        icon.src = '/mactl/tab-icon?path=' + encodeURIComponent(tab.icon) + (index === app.activeTab ? '&selected=1' : '');
        button.prepend(icon);
      }
      button.className = index === app.activeTab ? 'active' : '';
      button.dataset.page = tab.page;
      button.onclick = function () { post('/mactl/tab?index=' + index); };
      return button;
    }));
    var top = app.top;
    document.getElementById('title').textContent = top ? top.title : '';
    if (!top) { frame.removeAttribute('src'); shownView = null; return; }
    if (top.id !== shownView) {
      shownView = top.id;
      frame.src = '/app/' + top.route + '.html?view=' + top.id;
    } else if (frame.contentWindow && frame.contentWindow.__miniappSetData) {
      frame.contentWindow.__miniappSetData(top.store);
    }
  }

  function showErrors() {
    var list = document.getElementById('errors');
    list.replaceChildren.apply(list, appErrors.concat(viewProblems).map(function (line) { return element('li', line); }));
  }

  document.getElementById('back').onclick = function () { post('/mactl/back'); };
  document.getElementById('locale').onchange = function (event) { post('/mactl/start?locale=' + encodeURIComponent(event.target.value)); };
  // The page's prefers-color-scheme follows its iframe's color-scheme in Chromium, so the
  // page's own dark styles apply as on a phone set to dark.
  function applyScheme() {
    var dark = document.getElementById('dark').checked;
    document.body.classList.toggle('dark', dark);
    frame.style.colorScheme = dark ? 'dark' : 'light';
  }
  document.getElementById('dark').onchange = applyScheme;
  applyScheme();
  window.addEventListener('message', function (event) {
    if (event.data && event.data.mactl === 'problem') {
      viewProblems.push(event.data.text);
      showErrors();
    }
  });
  fetch('/mactl/state').then(function (response) { return response.json(); }).then(render);
  if (!shot) {
    var events = new EventSource('/mactl/events');
    events.addEventListener('state', function (event) { render(JSON.parse(event.data)); });
    events.addEventListener('reload', function (event) { render(JSON.parse(event.data)); });
  }
  // Whether the screen is finished: the state shown, the page's Alpine started, its images loaded.
  function ready() {
    // Loaded, and no transition half-way (an endless animation is taken as it is).
    function loaded(document) {
      return document.readyState === 'complete' && document.fonts.status === 'loaded'
        && Array.prototype.every.call(document.images, function (image) { return image.complete; })
        && document.getAnimations().every(function (animation) {
          return animation.playState !== 'running' || animation.effect.getComputedTiming().endTime === Infinity;
        });
    }
    if (!rendered || !loaded(document)) return false;
    if (shownView === null) return true;
    var page = frame.contentWindow;
    return !!page && page.__mactlReady === shownView && loaded(frame.contentDocument);
  }
  window.mactlShell = { render: render, ready: ready };
})();
