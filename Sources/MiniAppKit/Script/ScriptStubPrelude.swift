/// The JavaScript that `ScriptEvaluator` runs before each script: stand-ins for the globals
/// a logic-layer script may use at load time (`Page`, `App`, `skip`/`miniapp`,
/// `console`, timers) that record registrations instead of acting on them.
///
/// Recording happens in JavaScript because the shapes are easiest to read there; each event is
/// passed to the native `record` function as JSON text at once, so a script that hangs or
/// throws after `Page({...})` still reports what it registered. `record` is only captured in
/// this closure, never exposed as a global. Nothing here calls a handler, resolves a promise
/// or runs a timer: only the script's own load-time code runs.
enum ScriptStubPrelude {
    /// The URL the prelude is evaluated under; `callerPosition()` skips frames that carry it.
    static let url = "mactl:stubs"

    /// A function expression taking the native `record` function.
    static let source = #"""
        (function (record) {
          'use strict';
          var global = globalThis;
          var stringify = JSON.stringify;
          var keysOf = Object.keys;
          var describe = Object.getOwnPropertyDescriptor;
          var isArray = Array.isArray;
          var exec = RegExp.prototype.exec;
          var positionPattern = /:(\d+):(\d+)$/;
          var maximumDepth = 32;
          var maximumDataText = \#(Limits.pageDataText);

          function noop() {}

          // Value shapes: { k: kind, m: [{ n: name, s: shape }] for objects, e: first element for arrays }.
          // Accessors are not called, and cycles and very deep values end as 'other'.
          function shapeOf(value, depth, ancestors) {
            if (value === null) return { k: 'null' };
            var type = typeof value;
            if (type === 'string' || type === 'number' || type === 'boolean' || type === 'undefined' || type === 'function') {
              return { k: type };
            }
            if (type !== 'object' || depth >= maximumDepth) return { k: 'other' };
            for (var a = 0; a < ancestors.length; a++) {
              if (ancestors[a] === value) return { k: 'other' };
            }
            ancestors[ancestors.length] = value;
            var shape;
            if (isArray(value)) {
              var first = value.length > 0 ? describe(value, '0') : undefined;
              shape = { k: 'array', e: first && 'value' in first ? shapeOf(first.value, depth + 1, ancestors) : null };
            } else {
              var names = keysOf(value);
              var members = [];
              for (var i = 0; i < names.length; i++) {
                var property = describe(value, names[i]);
                members[i] = {
                  n: names[i],
                  s: property && 'value' in property ? shapeOf(property.value, depth + 1, ancestors) : { k: 'other' }
                };
              }
              shape = { k: 'object', m: members };
            }
            ancestors.length = ancestors.length - 1;
            return shape;
          }

          // The script's frame that called a stub, as { l: line, c: column }, from the stack trace;
          // frames of this prelude carry the URL "mactl:stubs".
          function callerPosition() {
            var lines = String(new Error().stack).split('\n');
            for (var i = 0; i < lines.length; i++) {
              if (lines[i].indexOf('@mactl:stubs:') >= 0) continue;
              var match = exec.call(positionPattern, lines[i]);
              if (match) return { l: +match[1], c: +match[2] };
            }
            return null;
          }

          // The JSON text of a page's data as SkipMiniApp copies it (`JSON.parse(JSON.stringify(data))`
          // when `data` is an object, `{}` otherwise): the values the first render starts from. Left
          // out (unknown) when `data` is an accessor, which the shapes never call either, when
          // stringifying throws (a cycle, a BigInt), when a function gives no text, and when the
          // text is longer than the limit.
          function dataText(options) {
            if (options === null || typeof options !== 'object') return undefined;
            var property = describe(options, 'data');
            if (property && !('value' in property)) return undefined;
            var data = property ? property.value : undefined;
            if (data === null || (typeof data !== 'object' && typeof data !== 'function')) return '{}';
            var text = stringify(data);
            return typeof text === 'string' && text.length <= maximumDataText ? text : undefined;
          }

          function register(kind, options) {
            var entry = { f: kind, at: callerPosition(), s: { k: 'other' } };
            try {
              entry.s = shapeOf(options, 0, []);
            } catch (error) {
              // A Proxy or a throwing getter on the registration object: its shape is unknown.
            }
            if (kind === 'page') {
              try {
                entry.d = dataText(options);
              } catch (error) {
                // The runtime's copy throws too; what the page starts with is unknown.
              }
            }
            record(stringify(entry));
          }

          global.Page = function Page(options) { register('page', options); };
          global.App = function App(options) { register('app', options); };
          // No `getApp`: SkipMiniApp does not define it, so a script that calls it at load
          // stops there on the device, and here too.

          var timerCount = 0;
          function scheduler(kind) {
            return function () {
              record(stringify({ f: kind, at: callerPosition() }));
              timerCount += 1;
              return timerCount;
            };
          }
          global.setTimeout = scheduler('timeout');
          global.setInterval = scheduler('interval');
          global.clearTimeout = noop;
          global.clearInterval = noop;

          var consoleNames = ['log', 'info', 'warn', 'error', 'debug', 'trace', 'dir', 'table', 'group',
            'groupCollapsed', 'groupEnd', 'time', 'timeEnd', 'timeLog', 'assert', 'count', 'countReset'];
          var quietConsole = {};
          for (var c = 0; c < consoleNames.length; c++) quietConsole[consoleNames[c]] = noop;
          global.console = quietConsole;

          // A promise that never settles: code chained on a fetch would be a handler, not load-time code.
          function pending() { return new Promise(noop); }
          function fileHandle(name) {
            return { name: String(name), kind: 'file', write: noop, read: function () { return ''; }, size: 0 };
          }
          function directoryHandle(name) {
            return {
              name: String(name),
              kind: 'directory',
              getDirectoryHandle: function (child) { return directoryHandle(child); },
              getFileHandle: function (child) { return fileHandle(child); },
              entries: function () { return []; },
              removeEntry: noop
            };
          }
          var host = {
            nav: {
              navigateTo: noop, redirectTo: noop, reLaunch: noop, switchTab: noop, navigateBack: noop,
              setNavigationBarTitle: noop
            },
            net: { fetch: pending },
            fs: { root: directoryHandle('') },
            i18n: {
              locale: 'en',
              t: function (key) { return String(key); },
              n: function (value) { return String(value); },
              d: function (value) { return String(value); },
              plural: function (count, forms) {
                var form = forms ? (count === 1 ? forms.one : forms.other) : undefined;
                return form === undefined ? String(count) : String(form).replace('#', String(count));
              }
            },
            // The SQL module's answers when the host adds it: nothing changed, no rows.
            db: {
              exec: function () { return { changes: 0, lastInsertRowId: 0 }; },
              query: function () { return []; }
            },
            log: noop,
            getSystemInfo: function () { return { platform: 'ios', appId: '', version: '' }; }
          };
          global.skip = host;
          global.miniapp = host;
        })
        """#
}
