  // ---- The one evaluator of template expressions, for the logic host and mactl serve's view ----
  // Evaluates what Alpine's CSP build evaluates, parsed by mactl (LogicHostProject.ast): the
  // same parse the template rules check. As in that build, calling what is not a function
  // throws a TypeError, and `&&`, `||`, `??` and `?:` evaluate only the side they need.
  // `names` says how a place reads and writes names: lookup(name, scope, el), assign(name,
  // value, scope), and receiver(scope), the `this` of a call of a bare name.
  function makeExpressionEvaluator(names) {
    function evaluate(node, scope, el) {
      switch (node.k) {
        case 'num': return Number(node.v);
        case 'str': return node.v;
        case 'bool': return node.v;
        case 'null': return null;
        case 'undef': return undefined;
        case 'id': return names.lookup(node.n, scope, el);
        case 'mem': { var object = evaluate(node.o, scope, el); return object === null || object === undefined ? undefined : object[node.n]; }
        case 'idx': { var target = evaluate(node.o, scope, el); return target === null || target === undefined ? undefined : target[evaluate(node.i, scope, el)]; }
        case 'call': {
          var receiver = node.c.k === 'mem' || node.c.k === 'idx' ? evaluate(node.c.o, scope, el) : names.receiver(scope);
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
      if (target.k === 'id') { names.assign(target.n, value, scope); return; }
      if (target.k === 'mem') { evaluate(target.o, scope, el)[target.n] = value; return; }
      if (target.k === 'idx') { evaluate(target.o, scope, el)[evaluate(target.i, scope, el)] = value; return; }
      throw new Error('cannot assign to that');
    }
    function describe(node) {
      if (node.k === 'id') return node.n;
      if (node.k === 'mem') return describe(node.o) + '.' + node.n;
      return 'the callee';
    }
    return evaluate;
  }
