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
  // The view in the frame and the app's run it belongs to: view ids start again with each run.
  var shownView = null;
  var shownRun = null;
  var generation = null;
  // States come over two paths (the answers to this page's requests and the event stream), so
  // one can overtake another: an older one than shown is dropped (docs/serve.md).
  var shownSequence = 0;
  // The app's errors (the logic layer's whole list) and the view's problems (posted by the bridge).
  var appErrors = [];
  var viewProblems = [];

  // Every request that changes the app carries the token this page was served with.
  var token = document.querySelector('meta[name="mactl-token"]').content;
  function post(path) {
    return fetch(path, { method: 'POST', headers: { 'X-Mactl-Token': token } }).then(function (response) {
      if (!response.ok) return response.text().then(function (text) { throw new Error(text); });
      return response.json();
    }).then(render);
  }
  function element(tag, text) { var node = document.createElement(tag); node.textContent = text; return node; }

  function render(state) {
    if (!state || state.sequence < shownSequence) return;
    shownSequence = state.sequence;
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
    document.getElementById('route').textContent = app.routes.join(' › ');
    var address = document.getElementById('address');
    if (document.activeElement !== address) address.value = app.routes[app.routes.length - 1] || '';
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
    showData(top);
    if (!top) { frame.removeAttribute('src'); shownView = null; return; }
    if (top.id !== shownView || state.run !== shownRun) {
      shownView = top.id;
      shownRun = state.run;
      frame.src = '/app/' + top.route + '.html?view=' + top.id + '&run=' + state.run;
    } else if (frame.contentWindow && frame.contentWindow.__miniappSetData) {
      frame.contentWindow.__miniappSetData(top.store);
    }
  }

  // ---- The data panel, as WeChat DevTools' AppData: the page's data as a tree, and setData's
  // patches with when and what caused them, newest first (the host keeps the last 50). ----
  // The paths of the objects the author opened or closed, so a live update keeps them so.
  var toggled = {};
  var shownData = null;
  function tree(key, value, path, depth) {
    if (value !== null && typeof value === 'object') {
      var node = document.createElement('details');
      node.dataset.path = path;
      node.open = toggled[path] !== undefined ? toggled[path] : depth === 0;
      var keys = Object.keys(value);
      var summary = element('summary', (key === null ? 'data' : key) + ': ' + (Array.isArray(value) ? 'Array(' + keys.length + ')' : '{…}'));
      node.appendChild(summary);
      keys.forEach(function (inner) {
        node.appendChild(tree(inner, value[inner], path === '' ? inner : path + (Array.isArray(value) ? '[' + inner + ']' : '.' + inner), depth + 1));
      });
      node.addEventListener('toggle', function () { toggled[path] = node.open; });
      return node;
    }
    var leaf = element('div', key + ': ');
    leaf.dataset.path = path;
    var shown = element('span', JSON.stringify(value));
    shown.className = value === null ? 'null' : typeof value;
    leaf.appendChild(shown);
    return leaf;
  }
  function clock(milliseconds) {
    var date = new Date(milliseconds);
    function two(number) { return (number < 10 ? '0' : '') + number; }
    return two(date.getHours()) + ':' + two(date.getMinutes()) + ':' + two(date.getSeconds()) + '.' + String(1000 + date.getMilliseconds()).slice(1);
  }
  function showData(top) {
    var text = top ? JSON.stringify([top.id, top.store, top.history]) : '';
    if (text === shownData) return;
    shownData = text;
    var data = document.getElementById('data');
    data.replaceChildren(top ? tree(null, top.store, '', 0) : element('span', ''));
    var history = document.getElementById('history');
    history.replaceChildren.apply(history, top ? top.history.map(function (entry) {
      var item = document.createElement('li');
      [['at', clock(entry.at)], ['by', entry.by], ['patch', JSON.stringify(entry.patch)]].forEach(function (part) {
        var span = element('span', part[1]);
        span.className = part[0];
        item.appendChild(span);
      });
      return item;
    }) : []);
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
  // The address field: a page of the manifest and its query, opened as a person reaches it.
  document.getElementById('address-form').onsubmit = function (event) {
    event.preventDefault();
    var shown = document.getElementById('address-error');
    var address = document.getElementById('address');
    post('/mactl/open?route=' + encodeURIComponent(address.value.trim())).then(function () {
      shown.textContent = '';
      address.blur();
    }, function (error) { shown.textContent = error.message; });
  };

  // ---- The phone: a device's screen size, scaled down to fit the window's height so the tab
  // bar stays in sight, drawn at the device's CSS size so the page lays out as on it ----
  var devices = [
    { name: 'iPhone 14', width: 390, height: 844 },
    { name: 'iPhone SE', width: 375, height: 667 },
    { name: 'iPhone 15', width: 393, height: 852 },
    { name: 'Pixel 7', width: 412, height: 915 }
  ];
  var deviceSelect = document.getElementById('device');
  devices.forEach(function (device, index) {
    var option = element('option', device.name + ' ' + device.width + '×' + device.height);
    option.value = String(index);
    deviceSelect.appendChild(option);
  });
  // Remembered in this browser; storage can be off (a private window), which is no reason to fail.
  function remembered() { try { return localStorage.getItem('mactl.device'); } catch (error) { return null; } }
  var kept = Number(remembered());
  deviceSelect.value = String(devices[kept] ? kept : 0);
  var phoneBorder = 10;
  function fitPhone() {
    var device = devices[Number(deviceSelect.value)] || devices[0];
    var phone = document.getElementById('phone');
    var stage = document.getElementById('stage');
    phone.style.width = device.width + 'px';
    phone.style.height = device.height + 'px';
    var outerWidth = device.width + 2 * phoneBorder;
    var outerHeight = device.height + 2 * phoneBorder;
    var padding = parseFloat(getComputedStyle(document.body).paddingTop) + parseFloat(getComputedStyle(document.body).paddingBottom);
    var scale = Math.min(1, Math.max(0.1, (window.innerHeight - padding) / outerHeight));
    phone.style.transform = scale < 1 ? 'scale(' + scale + ')' : '';
    stage.style.width = outerWidth * scale + 'px';
    stage.style.height = outerHeight * scale + 'px';
  }
  deviceSelect.onchange = function () {
    try { localStorage.setItem('mactl.device', deviceSelect.value); } catch (error) { /* not remembered */ }
    fitPhone();
  };
  if (!shot) { fitPhone(); window.addEventListener('resize', fitPhone); }

  window.addEventListener('message', function (event) {
    // The page of a view the app no longer has (a save or a locale restarted it meanwhile):
    // show the app as it is now.
    if (event.data && event.data.mactl === 'stale') {
      shownView = null;
      fetch('/mactl/state').then(function (response) { return response.json(); }).then(render);
      return;
    }
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
