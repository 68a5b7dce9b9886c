  // The page's template as the test sees it: the elements rendered with `x-for` and `x-if`, found by selector or text, and their bindings fired through the bridge (docs/runtimes.md, skip.view-bridge, skip.model-wired-once).
  // ---- The view: the page's template as the test sees it, and the bridge (V) ----
  function elementsOf(view) {
    var facts = project.views[view.path];
    if (!facts) return [];
    if (!facts.inflated) inflate(facts);
    return facts.elements;
  }
  // Whether the view's template has an element that `initializes` (x-init) or `models` (x-model).
  function viewHas(view, what) {
    return elementsOf(view).length > 0 && project.views[view.path][what] === true;
  }
  // The elements as mactl writes them leave out what is empty or shared (LogicHostProject):
  // filled in the first time a view is rendered, so a view never shown costs nothing.
  function inflate(facts) {
    var table = project.expressions;
    function expression(value) { return typeof value === 'number' ? table[value] : value; }
    facts.elements.forEach(function (element) { element.children = []; });
    // Whether any element runs x-init or is bound with x-model: a page without them is not
    // rendered to look for them each time it opens.
    facts.initializes = false;
    facts.models = false;
    facts.elements.forEach(function (element, index) {
      element.index = index;
      element.file = facts.file;
      if (element.parent === undefined) element.parent = null;
      else facts.elements[element.parent].children.push(index);
      if (!element.attributes) element.attributes = {};
      if (element.text === undefined) element.text = '';
      if (!element.events) element.events = [];
      element.events.forEach(function (event) { event.expr = expression(event.expr); });
      ['xText', 'xIf', 'xShow', 'disabled'].forEach(function (name) {
        if (element[name] !== undefined) element[name] = expression(element[name]);
      });
      if (element.loop) element.loop.collection = expression(element.loop.collection);
      if (element.events.some(function (event) { return event.name === 'x-init'; })) facts.initializes = true;
      if (element.model) facts.models = true;
    });
    // Elements are in document order, so an element's descendants are the ones after it up to
    // `last`: a render looking for one element enters only the subtree that holds it.
    for (var index = facts.elements.length - 1; index >= 0; index--) {
      var element = facts.elements[index];
      if (element.last === undefined) element.last = index;
      if (element.parent !== null) {
        var parent = facts.elements[element.parent];
        parent.last = Math.max(parent.last === undefined ? element.parent : parent.last, element.last);
      }
    }
    facts.inflated = true;
  }

  // The view's expressions, evaluated as the runtime's Alpine does (expression-evaluator.js).
  // An expression that throws leaves its directive with undefined, as Alpine logs the error
  // and goes on; the host never stops on one.
  var evaluateExpression = makeExpressionEvaluator({
    lookup: function (name, scope) {
      var found = lookup(name, scope);
      return found === undefined && name === '$t' ? translate : found;
    },
    assign: function (name, value, scope) {
      for (var s = scope; s; s = s.parent) if (Object.prototype.hasOwnProperty.call(s.names, name)) { s.names[name] = value; return; }
    },
    receiver: function () { return undefined; },
  });
  function evaluate(node, scope) {
    if (!node) return undefined;
    try { return evaluateExpression(node, scope); } catch (error) { return undefined; }
  }
  function lookup(name, scope) {
    for (var s = scope; s; s = s.parent) if (Object.prototype.hasOwnProperty.call(s.names, name)) return s.names[name];
    return undefined;
  }
  // Whether a value came from the reactive store (Alpine gives a Proxy for its objects).
  function isReactivePath(node, scope) {
    if (!node) return false;
    if (node.k === 'id') return node.n === 'store' || (scope.loopNames || []).indexOf(node.n) >= 0;
    if (node.k === 'mem' || node.k === 'idx') return isReactivePath(node.o, scope);
    return false;
  }

  // The elements as the view renders them: x-for repeated with its items, x-if applied. With
  // `only`, just the first instance of the element of that index, or none: what a step firing
  // one binding needs, without evaluating the rest of the page.
  function render(view, only) {
    var elements = elementsOf(view);
    var instances = [];
    var root = { names: { store: view.store }, parent: null, loopNames: [] };
    var wanted = only === undefined ? null : only;
    function visit(index, scope, hidden) {
      var element = elements[index];
      if (wanted !== null && (instances.length > 0 || wanted < index || wanted > element.last)) return;
      if (element.xIf && !evaluate(element.xIf, scope)) return;
      // A <template> without x-if or x-for is inert: the WebView does not render its content.
      if (element.tag === 'template' && !element.xIf && !element.loop) return;
      var isHidden = hidden || (element.xShow ? !evaluate(element.xShow, scope) : false);
      if (element.loop) {
        var collection = evaluate(element.loop.collection, scope);
        var items = typeof collection === 'number' ? Array.from({ length: Math.max(0, collection) }, function (_, i) { return i + 1; })
          : Array.isArray(collection) ? collection : collection && typeof collection === 'object' ? Object.keys(collection).map(function (k) { return collection[k]; }) : [];
        items.forEach(function (item, position) {
          var names = {};
          names[element.loop.item] = item;
          if (element.loop.index) names[element.loop.index] = position;
          var inner = { names: names, parent: scope, loopNames: scope.loopNames.concat(Object.keys(names)) };
          element.children.forEach(function (child) { visit(child, inner, isHidden); });
        });
        return;
      }
      var instance = { element: element, scope: scope, hidden: isHidden, children: [] };
      if (wanted === null || wanted === index) instances.push(instance);
      element.children.forEach(function (child) { visit(child, scope, isHidden); });
    }
    elements.forEach(function (element, index) { if (element.parent === null) visit(index, root, false); });
    return instances;
  }
  function textOf(instance, instances) {
    var element = instance.element;
    if (element.xText) { var value = evaluate(element.xText, instance.scope); return value === undefined || value === null ? '' : String(value); }
    var parts = [element.text];
    instances.forEach(function (other) {
      if (other.element.parent === element.index && other.scope === instance.scope) parts.push(textOf(other, instances));
    });
    return parts.join(' ').replace(/\s+/g, ' ').trim();
  }
  // An element's classes, split the first time a selector asks.
  function classesOf(element) {
    if (!element.classes) element.classes = String(element.attributes['class'] || '').split(/\s+/).filter(function (name) { return name !== ''; });
    return element.classes;
  }
  // One compound selector: tag, #id, .class, [attr] and [attr=value].
  function matchesSelector(element, selector) {
    var pattern = /^([a-zA-Z][a-zA-Z0-9-]*)?((?:#[\w-]+|\.[\w-]+|\[[\w:@.-]+(?:=(?:"[^"]*"|'[^']*'|[^\]]*))?\])*)$/;
    var match = pattern.exec(selector);
    if (!match) return null;
    if (match[1] && match[1].toLowerCase() !== element.tag) return false;
    var parts = match[2].match(/#[\w-]+|\.[\w-]+|\[[^\]]*\]/g) || [];
    return parts.every(function (part) {
      if (part[0] === '#') return (element.attributes.id || '') === part.slice(1);
      if (part[0] === '.') return classesOf(element).indexOf(part.slice(1)) >= 0;
      var body = part.slice(1, -1);
      var equals = body.indexOf('=');
      if (equals < 0) return Object.prototype.hasOwnProperty.call(element.attributes, body);
      var value = body.slice(equals + 1).replace(/^["']|["']$/g, '');
      return element.attributes[body.slice(0, equals)] === value;
    });
  }
  // The one element a test names by selector, or else by the text it shows.
  function findInstance(view, target, options) {
    var instances = render(view);
    var wanted = String(target);
    var bySelector = instances.filter(function (instance) { return matchesSelector(instance.element, wanted) === true; });
    var byText = instances.filter(function (instance) { return textOf(instance, instances) === wanted.replace(/\s+/g, ' ').trim(); });
    // An element shows its children's text too: the innermost element showing it is the one meant.
    byText = byText.filter(function (outer) {
      return !byText.some(function (inner) { return inner !== outer && isAncestor(outer.element.index, inner.element, view); });
    });
    var found = bySelector.length > 0 ? bySelector : byText;
    var which = options && typeof options.index === 'number' ? options.index : null;
    if (found.length === 0) throw new Error('no element of ' + view.path + '.html matches ' + JSON.stringify(wanted) + ' (as a selector or as the text it shows)');
    if (which === null && found.length > 1) {
      throw new Error(found.length + ' elements of ' + view.path + '.html match ' + JSON.stringify(wanted) + '; pass {index: n} to pick one');
    }
    var instance = found[which === null ? 0 : which];
    if (!instance) throw new Error('only ' + found.length + ' elements of ' + view.path + '.html match ' + JSON.stringify(wanted));
    if (instance.hidden) throw new Error('the element ' + describeElement(instance.element) + ' matching ' + JSON.stringify(wanted) + ' is hidden (x-show is false)');
    var disabled = instance.element.disabled ? evaluate(instance.element.disabled, instance.scope) : false;
    if (disabled) throw new Error('the element ' + describeElement(instance.element) + ' matching ' + JSON.stringify(wanted) + ' is disabled');
    return instance;
  }
  function isAncestor(index, element, view) {
    var elements = elementsOf(view);
    for (var parent = element.parent; parent !== null && parent !== undefined; parent = elements[parent].parent) {
      if (parent === index) return true;
    }
    return false;
  }
  // Alpine runs each x-init as it initializes the page: what it posts reaches the logic layer.
  function runInitializers(view) {
    if (!viewHas(view, 'initializes')) return;
    render(view).forEach(function (instance) {
      if (instance.element.events.length > 0) fire(view, instance, 'x-init', undefined);
    });
  }
  function describeElement(element) { return '<' + element.tag + '> at ' + element.file + ':' + element.line + ':' + element.column; }

  // V $handler: posts {type: 'tap', handler, detail: detail || {}}; the logic layer gets it as JSON.
  function post(view, name, detail, unclonable) {
    if (!view.alive) throw new Error('the page ' + view.path + ' is no longer shown');
    if (!view.reactive) return;
    if (unclonable) {
      report('the ' + unclonable + ' posted to ' + name + ' cannot be posted on iOS, so the event is dropped there; pass a primitive value', null, 'static');
      return;
    }
    // A detail comes from the view's store, a JSON copy, or from the event's target: arithmetic
    // or 'valueAsNumber' can put a number in it that JSON cannot hold, and 'valueAsDate' a Date
    // (docs/runtimes.md, skip.event-detail-crash). The bridge posts 'detail || {}', so a NaN detail itself is '{}'.
    var loss = detail ? copyLoss(detail, 'the detail', 0) : null;
    if (loss && loss.number) {
      notice('posting ' + loss.path + ' (' + loss.number + ') to ' + name + ' crashes the host app on iOS: JSONSerialization raises for a number that is not finite', null, 'crash');
      return;
    }
    if (loss && loss.date) {
      notice('posting ' + loss.path + ' (a Date) to ' + name + ' crashes the host app on iOS: WKWebView hands it over as an NSDate, for which JSONSerialization raises; pass the date as text, as in \'$event.target.value\'', null, 'crash');
      return;
    }
    var message = JSON.parse(JSON.stringify({ type: 'tap', handler: name, detail: detail || {} }));
    // Any function property is reached by name (R dispatchEvent), lifecycle ones included.
    var registered = state.pageCallbacks[view.path];
    var page = registered ? registered.page : null;
    if (!page || typeof page[name] !== 'function') {
      report('the view of ' + view.path + ' posted to ' + JSON.stringify(name) + ', which the page does not register', null, 'static');
      return;
    }
    callOnPage(name + ' of ' + view.path, page[name], page, [{ type: message.type, detail: message.detail }]);
  }
  function fire(view, instance, eventName, event) {
    var handlers = null;
    var scope = { names: { $event: event }, parent: instance.scope, loopNames: instance.scope.loopNames };
    var fired = false;
    instance.element.events.forEach(function (binding) {
      if (binding.name !== eventName) return;
      fired = true;
      if (handlers === null) handlers = handlerNames(state.pageCallbacks[view.path]);
      var node = binding.expr;
      if (!node) { report('the ' + eventName + ' binding of ' + describeElement(instance.element) + ' does not parse', null, 'static'); return; }
      if (node.k === 'id') {
        // Alpine calls a method an expression names: with the event for x-on, with nothing for x-init.
        if (handlers.indexOf(node.n) >= 0 && eventName === 'x-init') post(view, node.n, undefined, null);
        else if (handlers.indexOf(node.n) >= 0) post(view, node.n, event, 'DOM event (@' + eventName + '="' + node.n + '" passes it as the detail)');
        else report('@' + eventName + '="' + node.n + '" names no handler of ' + view.path, null, 'static');
        return;
      }
      if (node.k === 'call' && node.c.k === 'id') {
        var callee = node.c.n;
        if (callee.charAt(0) === '$') return;
        if (callee === 'handler' && handlers.indexOf('handler') < 0) {
          var detailNode = node.a[1];
          var detail = evaluate(detailNode, scope);
          post(view, String(evaluate(node.a[0], scope)), detail, unclonableReason(detailNode, detail, scope));
          return;
        }
        if (handlers.indexOf(callee) >= 0) {
          var value = evaluate(node.a[0], scope);
          post(view, callee, value, unclonableReason(node.a[0], value, scope));
          return;
        }
        report('@' + eventName + ' of ' + describeElement(instance.element) + ' calls ' + callee + ', which is not a handler of ' + view.path, null, 'static');
        return;
      }
      // An assignment or update in the view changes only the view's copy of the store.
      if ((node.k === 'assign' || node.k === 'update') && node.t) applyToStore(view, node, scope);
    });
    return fired;
  }
  function unclonableReason(node, value, scope) {
    if (value !== null && typeof value === 'object' && isReactivePath(node, scope)) return 'reactive object (a Proxy)';
    if (node && node.k === 'id' && node.n === '$event') return 'DOM event';
    return null;
  }
  function applyToStore(view, node, scope) {
    var path = [];
    for (var n = node.t; n && n.k === 'mem'; n = n.o) path.unshift(n.n);
    if (!n || n.k !== 'id' || n.n !== 'store' || path.length === 0) return;
    var key = path.join('.');
    var current = path.reduce(function (object, name) { return object === null || object === undefined ? undefined : object[name]; }, view.store);
    var value = node.k === 'assign' ? evaluate(node.v, scope) : node.op === '++' ? current + 1 : current - 1;
    assignPath(view.store, key, value);
  }
  // The view's own write `store.a.b = value` (x-model, an assignment in a binding): every step
  // before the last must be an object already, else Alpine's evaluation throws and the write is lost.
  function assignPath(store, key, value) {
    var parts = String(key).split('.');
    var object = store;
    for (var i = 0; i < parts.length - 1; i++) {
      object = object[parts[i]];
      if (!isObject(object)) return;
    }
    object[parts[parts.length - 1]] = value;
  }

  // R updatePageData: x-model writes into the launch page's data, under the flat key.
  function modelInput(view, instance, value) {
    var model = instance.element.model;
    var written = String(value);
    if (model.value.indexOf('store.') === 0) assignPath(view.store, model.value.slice(6), written);
    if (view.wired.indexOf(instance.element.index) < 0 || instance.scope.loopNames.length > 0) return;
    updatePageData(model.value.slice(6), written);
  }
  // R updatePageData: the value pasted into code with only ' and newline escaped, written under
  // the flat key into the launch page's data (whichever page's view posted it).
  function updatePageData(key, written) {
    var source = "'" + written.replace(/'/g, "\\'").replace(/\n/g, '\\n') + "'";
    var parsed;
    try { parsed = Function('return ' + source)(); } catch (error) {
      report('the x-model update of store.' + key + ' to ' + JSON.stringify(written) + ' is lost: the runtime pastes it into code unescaped, which is a SyntaxError', null, 'ignored');
      return;
    }
    var launchPage = state.pageCallbacks[launchPath];
    if (!launchPage || !state.launchOpened || !isObject(launchPage.page.data)) return;
    launchPage.page.data[key] = parsed;
  }
  // Elements the bridge's init() wires for x-model, once, at the first render.
  function wiredModels(view) {
    if (!viewHas(view, 'models')) return [];
    return render(view).filter(function (instance) {
      var model = instance.element.model;
      return model && model.exact && model.value.indexOf('store.') === 0 && instance.scope.loopNames.length === 0;
    }).map(function (instance) { return instance.element.index; });
  }
