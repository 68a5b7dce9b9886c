/// What `mactl serve` serves besides the project: written here, not copied from anywhere.
/// Alpine itself is not among them: it comes from its registry package (scripts/fetch-alpine.sh).
enum PreviewAssets {
    /// The shell page: the phone frame, the side panel with the locale, lint findings, app errors and the log.
    /// Where the shell page carries the server's token (`PreviewServer.token`).
    static let tokenPlaceholder = "@MACTL_TOKEN@"

    static let shellHTML = #"""
<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="mactl-token" content="@MACTL_TOKEN@">
<title>mactl serve</title>
<style>
  body { margin: 0; font: 14px system-ui, sans-serif; background: #e9e9ee; display: flex; gap: 24px; padding: 24px; }
  body.dark { background: #1c1c1e; color: #eee; }
  #phone { width: 390px; height: 844px; border-radius: 36px; border: 10px solid #111; background: #fff; display: flex; flex-direction: column; overflow: hidden; flex: none; }
  body.dark #phone { background: #000; }
  #bar { height: 44px; display: flex; align-items: center; justify-content: center; position: relative; border-bottom: 1px solid #ddd; font-weight: 600; }
  #back { position: absolute; left: 8px; border: 0; background: none; font-size: 17px; color: #007aff; cursor: pointer; }
  #frame { flex: 1; border: 0; width: 100%; }
  #tabs { display: flex; border-top: 1px solid #ddd; }
  #tabs:empty { display: none; }
  #tabs button { flex: 1; padding: 12px 0; border: 0; background: none; color: #8e8e93; cursor: pointer; font-size: 12px; }
  #tabs button.active { color: #007aff; font-weight: 600; }
  /* The icon as iOS's tab bar reads it (mactl's IOSTabIcon), tinted as a template image. */
  #tabs .icon { display: block; width: 25px; height: 25px; margin: 0 auto 2px; }
  #side { display: flex; flex-direction: column; gap: 12px; min-width: 320px; max-width: 640px; }
  #side h2 { font-size: 13px; margin: 8px 0 4px; text-transform: uppercase; color: #8e8e93; }
  #problems li, #errors li { font-family: ui-monospace, monospace; font-size: 12px; margin-bottom: 6px; white-space: pre-wrap; }
  body.shot { padding: 0; }
  body.shot #side, body.shot #overlay { display: none !important; }
  body.shot #phone { width: 100vw; height: 100vh; border: 0; border-radius: 0; }
  body.dark #bar, body.dark #tabs { border-color: #333; }
  #overlay { display: none; position: fixed; left: 24px; bottom: 24px; right: 24px; max-height: 40vh; overflow: auto; background: #3a0d0d; color: #fff; padding: 12px 16px; border-radius: 8px; font-family: ui-monospace, monospace; font-size: 12px; white-space: pre-wrap; }
</style>
</head>
<body>
<div id="phone">
  <div id="bar"><button id="back" hidden>‹ Back</button><span id="title"></span></div>
  <iframe id="frame" title="page"></iframe>
  <nav id="tabs"></nav>
</div>
<div id="side">
  <div>
    <label>Locale <select id="locale"></select></label>
    <label><input type="checkbox" id="dark"> Dark</label>
  </div>
  <h2>Route</h2><div id="route"></div>
  <h2>Lint</h2><ul id="problems"></ul>
  <h2>App errors</h2><ul id="errors"></ul>
  <h2>Log</h2><ul id="logs"></ul>
</div>
<pre id="overlay"></pre>
<script src="/mactl/shell.js"></script>
</body>
</html>
"""#

    /// The shell's script: renders the app's state and sends the tab bar, back button and locale to mactl.
    static let shellScript = #"""
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
"""#

    /// The view bridge put into each page before Alpine, as the runtime puts its own (skip-runtime.md §5, §10).
    static let bridgeScript = #"""
// mactl serve's view bridge, injected into each page before Alpine as the runtime injects its
// own (skip-runtime.md §5): Alpine.store('page') with the page's data, $t, and Alpine.data('page')
// with `store`, `handler`, `model`, one method per handler and an init() that wires x-model.
// Events go to the app's logic layer in mactl (POST /mactl/event); its setData comes back
// through the shell (window.__miniappSetData). Alpine evaluates only expressions mactl's CSP
// expression parser accepted, as the runtime's CSP build would.
(function () {
  'use strict';
  var boot = window.__mactlBoot || {};
  var view = boot.view || { id: 0, store: {}, handlers: [], messages: {} };
  var expressions = boot.expressions || {};

  function problem(text) {
    if (window.parent !== window) window.parent.postMessage({ mactl: 'problem', text: text }, '*');
    console.error('mactl: ' + text);
  }
  function send(path, body) {
    return fetch(path, { method: 'POST', headers: { 'X-Mactl-Token': boot.token || '' }, body: JSON.stringify(body) }).then(function (response) { return response.json(); })
      .then(function (state) { if (window.parent.mactlShell) window.parent.mactlShell.render(state); })
      .catch(function (error) { problem('the preview lost mactl: ' + error); });
  }
  function translate(key, params) {
    var text = view.messages[key] || String(key);
    if (params !== null && typeof params === 'object') {
      Object.keys(params).forEach(function (name) { text = text.split('{' + name + '}').join(String(params[name])); });
    }
    return text;
  }
  // V $handler: {type: 'tap', handler, detail: detail || {}}. On iOS a detail that cannot be
  // cloned (a DOM event, an Alpine proxy) is dropped; the preview drops it too, and says so.
  window.$handler = function (name, detail) {
    if (typeof Event !== 'undefined' && detail instanceof Event) {
      problem('the DOM event passed to ' + name + ' cannot be posted on iOS, so the tap is dropped there; call ' + name + '() instead');
      return;
    }
    if (detail !== null && typeof detail === 'object' && window.Alpine && Alpine.raw(detail) !== detail) {
      problem('the reactive object passed to ' + name + ' cannot be posted on iOS, so the tap is dropped there; pass a primitive value');
      return;
    }
    send('/mactl/event', { view: view.id, handler: name, detail: detail || {} });
  };
  function assignPath(target, key, value) {
    var parts = String(key).replace(/\[/g, '.').replace(/\]/g, '').split('.');
    var object = target;
    for (var i = 0; i < parts.length - 1; i++) {
      if (object[parts[i]] === undefined || object[parts[i]] === null) object[parts[i]] = {};
      object = object[parts[i]];
    }
    object[parts[parts.length - 1]] = value;
  }
  window.__miniappSetData = function (patch) {
    if (!window.Alpine) return;
    var store = Alpine.store('page');
    Object.keys(patch).forEach(function (key) { assignPath(store, key, patch[key]); });
  };
  window.__i18nTranslate = translate;

  // ---- The expression evaluator ----
  function lookup(name, scope, el) {
    if (name === '$t') return translate;
    if (name === '$el') return el;
    if (name === '$store') return Alpine.store;
    if (name === '$nextTick') return Alpine.nextTick;
    if (name === '$dispatch') return function (event, detail) { el.dispatchEvent(new CustomEvent(event, { detail: detail, bubbles: true, composed: true, cancelable: true })); };
    return scope[name];
  }
  function evaluate(node, scope, el) {
    switch (node.k) {
      case 'num': return Number(node.v);
      case 'str': return node.v;
      case 'bool': return node.v;
      case 'null': return null;
      case 'undef': return undefined;
      case 'id': return lookup(node.n, scope, el);
      case 'mem': { var object = evaluate(node.o, scope, el); return object === null || object === undefined ? undefined : object[node.n]; }
      case 'idx': { var target = evaluate(node.o, scope, el); return target === null || target === undefined ? undefined : target[evaluate(node.i, scope, el)]; }
      case 'call': {
        var receiver = node.c.k === 'mem' ? evaluate(node.c.o, scope, el) : node.c.k === 'idx' ? evaluate(node.c.o, scope, el) : scope;
        var callee = evaluate(node.c, scope, el);
        if (typeof callee !== 'function') throw new TypeError(describe(node.c) + ' is not a function');
        return callee.apply(receiver, node.a.map(function (a) { return evaluate(a, scope, el); }));
      }
      case 'un': {
        var operand = evaluate(node.x, scope, el);
        switch (node.op) { case '!': return !operand; case '-': return -operand; case '+': return +operand; case 'typeof': return typeof operand; default: return undefined; }
      }
      case 'bin': {
        if (node.op === '&&') return evaluate(node.l, scope, el) && evaluate(node.r, scope, el);
        if (node.op === '||') return evaluate(node.l, scope, el) || evaluate(node.r, scope, el);
        if (node.op === '??') { var left = evaluate(node.l, scope, el); return left !== null && left !== undefined ? left : evaluate(node.r, scope, el); }
        var l = evaluate(node.l, scope, el), r = evaluate(node.r, scope, el);
        switch (node.op) {
          case '+': return l + r; case '-': return l - r; case '*': return l * r; case '/': return l / r; case '%': return l % r;
          case '==': return l == r; case '!=': return l != r; case '===': return l === r; case '!==': return l !== r;
          case '<': return l < r; case '>': return l > r; case '<=': return l <= r; case '>=': return l >= r;
          case 'in': return l in r; case 'instanceof': return l instanceof r;
          default: return undefined;
        }
      }
      case 'cond': return evaluate(node.t, scope, el) ? evaluate(node.c, scope, el) : evaluate(node.a, scope, el);
      case 'arr': return node.e.map(function (e) { return evaluate(e, scope, el); });
      case 'obj': { var result = {}; node.p.forEach(function (p) { result[p.k] = evaluate(p.v, scope, el); }); return result; }
      case 'assign': { var value = evaluate(node.v, scope, el); assign(node.t, value, scope, el); return value; }
      case 'update': {
        var current = evaluate(node.t, scope, el);
        assign(node.t, node.op === '++' ? current + 1 : current - 1, scope, el);
        return current;
      }
      default: throw new Error('mactl cannot evaluate this expression');
    }
  }
  function assign(target, value, scope, el) {
    if (target.k === 'id') { scope[target.n] = value; return; }
    if (target.k === 'mem') { evaluate(target.o, scope, el)[target.n] = value; return; }
    if (target.k === 'idx') { evaluate(target.o, scope, el)[evaluate(target.i, scope, el)] = value; return; }
    throw new Error('cannot assign to that');
  }
  function describe(node) {
    if (node.k === 'id') return node.n;
    if (node.k === 'mem') return describe(node.o) + '.' + node.n;
    return 'the callee';
  }
  // Alpine's evaluator contract: evaluator(el, expression) gives (receiver, {scope, params}).
  function cspEvaluator(el, expression) {
    var dataStack = Alpine.closestDataStack(el);
    if (typeof expression === 'function') {
      return function (receiver, options) {
        var scope = Alpine.mergeProxies([(options && options.scope) || {}].concat(dataStack));
        (receiver || function () {})(expression.apply(scope, (options && options.params) || []));
      };
    }
    var assignment = /^([\s\S]*) = __placeholder$/.exec(expression);
    var text = assignment ? assignment[1] : expression;
    var node = expressions[text];
    return function (receiver, options) {
      receiver = receiver || function () {};
      options = options || {};
      if (node === undefined) { problem('the expression ' + JSON.stringify(text) + ' is not in the page\'s template as mactl read it'); return; }
      if (node.error) { problem(JSON.stringify(text) + ': ' + node.error + ' (the runtime\'s CSP build of Alpine refuses it)'); return; }
      var scope = Alpine.mergeProxies([options.scope || {}].concat(dataStack));
      try {
        if (assignment) { assign(node, scope.__placeholder, scope, el); receiver(undefined); return; }
        var result = evaluate(node, scope, el);
        if (typeof result === 'function') result = result.apply(scope, options.params || []);
        if (result instanceof Promise) result.then(receiver); else receiver(result);
      } catch (error) {
        problem(JSON.stringify(text) + ' threw ' + error);
      }
    };
  }

  // The shell's ready(): Alpine has rendered this view once.
  document.addEventListener('alpine:initialized', function () {
    Alpine.nextTick(function () { window.__mactlReady = view.id; });
  });
  document.addEventListener('alpine:init', function () {
    Alpine.setEvaluator(cspEvaluator);
    Alpine.store('page', view.store);
    Alpine.magic('t', function () { return translate; });
    Alpine.data('page', function () {
      var component = {
        get store() { return Alpine.store('page'); },
        handler: function (name, detail) { window.$handler(name, detail); },
        model: function (key) { return Alpine.store('page')[key]; },
        // V's init(): after Alpine's first pass, wire each [x-model] on store.* once.
        init: function () {
          Alpine.nextTick(function () {
            document.querySelectorAll('[x-model]').forEach(function (field) {
              var expression = field.getAttribute('x-model');
              if (expression.indexOf('store.') !== 0) return;
              field.addEventListener('input', function () {
                send('/mactl/model', { key: expression.slice(6), value: String(field.value) });
              });
            });
          });
        }
      };
      view.handlers.forEach(function (name) { component[name] = function (detail) { window.$handler(name, detail); }; });
      return component;
    });
  });
})();
"""#
}
