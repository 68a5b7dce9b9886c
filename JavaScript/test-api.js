(function (finish, testFile) {
  'use strict';
  var tests = [];
  var groups = [];
  var framePattern = /^(?:(.*)@)?(.+):(\d+):(\d+)$/;

  // The innermost frame in the test file: where a test was declared or an expectation failed.
  function testFrame(stack) {
    var lines = String(stack || '').split('\n');
    for (var i = 0; i < lines.length; i++) {
      var match = framePattern.exec(lines[i]);
      if (match && match[2] === testFile) return { line: Number(match[3]), column: Number(match[4]) };
    }
    return null;
  }
  function declare(name, body, skipped) {
    if (typeof name !== 'string' || name === '') throw new TypeError('a test needs a name: test(\'what it checks\', () => { … })');
    if (typeof body !== 'function') throw new TypeError('test(' + JSON.stringify(name) + ', …) needs a function');
    tests.push({ name: groups.concat([name]).join(' › '), body: body, skipped: skipped, at: testFrame(new Error().stack) });
  }
  function test(name, body) { declare(name, body, false); }
  test.skip = function (name, body) { declare(name, body, true); };
  function describe(name, body) {
    groups.push(String(name));
    try { body(); } finally { groups.pop(); }
  }
  describe.skip = function (name, body) {
    groups.push(String(name));
    var declareNow = test;
    try {
      globalThis.test = globalThis.it = Object.assign(function (n, b) { declare(n, b, true); }, { skip: test.skip });
      body();
    } finally { globalThis.test = globalThis.it = declareNow; groups.pop(); }
  };

  // ---- expect ----
  function show(value) {
    if (typeof value === 'string') return JSON.stringify(value);
    if (typeof value === 'function') return '[function ' + (value.name || 'anonymous') + ']';
    if (value === undefined) return 'undefined';
    if (typeof value === 'number' && (value !== value || !isFinite(value) || (value === 0 && 1 / value < 0))) return Object.is(value, -0) ? '-0' : String(value);
    try { var text = JSON.stringify(value); return text === undefined ? String(value) : text; } catch (e) { return String(value); }
  }
  function kindOf(value) { return Object.prototype.toString.call(value); }
  // Deep equality that works across contexts (the app's objects come from another realm).
  function equal(a, b) {
    if (Object.is(a, b)) return true;
    if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
    if (kindOf(a) !== kindOf(b)) return false;
    if (Array.isArray(a)) {
      if (a.length !== b.length) return false;
      for (var i = 0; i < a.length; i++) if (!equal(a[i], b[i])) return false;
      return true;
    }
    var keysA = Object.keys(a).filter(function (k) { return a[k] !== undefined; });
    var keysB = Object.keys(b).filter(function (k) { return b[k] !== undefined; });
    if (keysA.length !== keysB.length) return false;
    return keysA.every(function (key) { return Object.prototype.hasOwnProperty.call(b, key) && equal(a[key], b[key]); });
  }
  function ExpectationFailure(message) {
    var error = new Error(message);
    error.name = 'ExpectationFailure';
    error.isExpectation = true;
    return error;
  }
  // A value as the report's line diff shows it: JSON, two spaces deep, keys sorted (equal()
  // ignores their order, so the diff must too), with what JSON drops written out.
  function pretty(value) {
    function written(key, v) {
      if (typeof v === 'function') return '[function ' + (v.name || 'anonymous') + ']';
      if (typeof v === 'number' && (v !== v || !isFinite(v))) return String(v);
      if (v && typeof v === 'object' && !Array.isArray(v) && kindOf(v) === '[object Object]') {
        var sorted = {};
        Object.keys(v).sort().forEach(function (k) { sorted[k] = v[k]; });
        return sorted;
      }
      return v;
    }
    try { var text = JSON.stringify(value, written, 2); return text === undefined ? show(value) : text; } catch (e) { return show(value); }
  }
  // Both sides of a failed toEqual, for a line diff, when a diff says more than the message:
  // values that take several lines and read differently.
  function comparison(expected, received) {
    var e = pretty(expected), r = pretty(received);
    return e !== r && (e.indexOf('\n') >= 0 || r.indexOf('\n') >= 0) ? { expected: e, received: r } : null;
  }
  function expect(actual) {
    function matchers(negated) {
      function check(passes, words, expected, hasExpected, compared) {
        if (passes !== negated) return;
        var message = 'expected ' + show(actual) + (negated ? ' not ' : ' ') + words + (hasExpected ? ' ' + show(expected) : '');
        var failure = ExpectationFailure(message);
        if (compared && !negated) failure.comparison = comparison(expected, actual);
        throw failure;
      }
      return {
        toBe: function (expected) { check(Object.is(actual, expected), 'to be', expected, true); },
        toEqual: function (expected) { check(equal(actual, expected), 'to equal', expected, true, true); },
        toBeTruthy: function () { check(!!actual, 'to be truthy'); },
        toBeFalsy: function () { check(!actual, 'to be falsy'); },
        toBeNull: function () { check(actual === null, 'to be null'); },
        toBeUndefined: function () { check(actual === undefined, 'to be undefined'); },
        toBeDefined: function () { check(actual !== undefined, 'to be defined'); },
        toBeGreaterThan: function (n) { check(actual > n, 'to be greater than', n, true); },
        toBeGreaterThanOrEqual: function (n) { check(actual >= n, 'to be greater than or equal to', n, true); },
        toBeLessThan: function (n) { check(actual < n, 'to be less than', n, true); },
        toBeLessThanOrEqual: function (n) { check(actual <= n, 'to be less than or equal to', n, true); },
        toContain: function (item) {
          var has = typeof actual === 'string' ? actual.indexOf(String(item)) >= 0
            : actual && typeof actual.length === 'number' ? Array.prototype.some.call(actual, function (e) { return equal(e, item); }) : false;
          check(has, 'to contain', item, true);
        },
        toHaveLength: function (n) { check(actual !== null && actual !== undefined && actual.length === n, 'to have length', n, true); },
        toMatch: function (pattern) {
          var passes = typeof actual === 'string' && (typeof pattern === 'string' ? actual.indexOf(pattern) >= 0 : new RegExp(pattern).test(actual));
          check(passes, 'to match', typeof pattern === 'string' ? pattern : String(pattern), typeof pattern === 'string');
        },
        toThrow: function (expected) {
          if (typeof actual !== 'function') throw ExpectationFailure('expect(…).toThrow() needs a function, got ' + show(actual));
          var thrown = null, threw = false;
          try { actual(); } catch (error) { threw = true; thrown = error; }
          var text = thrown && typeof thrown === 'object' && 'message' in thrown ? String(thrown.message) : String(thrown);
          var passes = threw && (expected === undefined || (typeof expected === 'string' ? text.indexOf(expected) >= 0 : expected instanceof RegExp ? expected.test(text) : true));
          if (passes === negated) {
            throw ExpectationFailure(negated ? 'expected the function not to throw, but it threw ' + show(text)
              : threw ? 'expected the function to throw ' + show(expected) + ', but it threw ' + show(text) : 'expected the function to throw');
          }
        }
      };
    }
    var positive = matchers(false);
    positive.not = matchers(true);
    return positive;
  }

  globalThis.test = test;
  globalThis.it = test;
  globalThis.describe = describe;
  globalThis.expect = expect;

  function failure(error) {
    var isError = error !== null && typeof error === 'object' && 'message' in error;
    var message = isError ? (error.isExpectation ? error.message : (error.name ? error.name + ': ' : '') + error.message) : 'threw ' + show(error);
    var at = isError ? testFrame(error.stack) : null;
    return {
      message: message, expectation: !!(isError && error.isExpectation), line: at ? at.line : null, column: at ? at.column : null,
      comparison: isError && error.isExpectation && error.comparison ? error.comparison : null
    };
  }

  return {
    list: function () { return JSON.stringify(tests.map(function (t) { return { name: t.name, skipped: t.skipped, line: t.at ? t.at.line : null, column: t.at ? t.at.column : null }; })); },
    run: function (index, app) {
      globalThis.app = app;
      var done = function (outcome) { finish(JSON.stringify(outcome)); };
      var result;
      try { result = tests[index].body(app); } catch (error) { done({ passed: false, failure: failure(error) }); return; }
      if (result && typeof result.then === 'function') {
        result.then(function () { done({ passed: true }); }, function (error) { done({ passed: false, failure: failure(error) }); });
      } else {
        done({ passed: true });
      }
    }
  };
})
