// mactl serve's view bridge, injected into each page before Alpine as the runtime injects its
// own (docs/runtimes.md, skip.view-bridge): Alpine.store('page') with the page's data, $t, and Alpine.data('page')
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
  // @include expression-evaluator.js
  var evaluate = makeExpressionEvaluator({
    lookup: lookup,
    assign: function (name, value, scope) { scope[name] = value; },
    // Alpine calls a component's method with the component as `this`.
    receiver: function (scope) { return scope; },
  });
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
