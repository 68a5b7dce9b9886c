import Testing

@testable import MiniAppKit

@Suite struct ScriptEvaluatorTests {
    let evaluator = ScriptEvaluator()

    func evaluate(_ source: String, path: String = "pages/home/home.js") -> (ScriptRegistration, SourceFile) {
        let file = SourceFile(path: path, text: source)
        return (evaluator.evaluate(file), file)
    }

    /// "line:column" of the start of a byte range, the way diagnostics show it.
    func location(_ range: Range<Int>?, in file: SourceFile) -> String? {
        guard let range else { return nil }
        let position = file.position(at: range.lowerBound)
        return "\(position.line):\(position.column)"
    }

    @Test func recordsAPageRegistration() {
        let (registration, file) = evaluate(
            """
            const pageSize = 20;
            // Page({ data: { commented: true } })
            Page({
              data: { user: { name: 'x', age: 3 }, items: [], tags: [{ id: 1 }], loading: false, title: null },
              pageSize: pageSize,
              onLoad(options) { this.setData({ loading: true }); },
              onShow() {},
              onTapButton() { skip.nav.navigateTo({ url: 'pages/detail/detail' }); },
              onInput: function (event) {},
              setData() {},
            });
            """)
        #expect(registration.issue == nil)
        #expect(registration.calls.count == 1)
        let page = registration.calls[0]
        #expect(page.function == .page)
        #expect(page.handlerNames == ["onTapButton", "onInput"])
        #expect(page.lifecycleHooks == ["onLoad", "onShow"])
        #expect(page.otherMembers == [ScriptMember("pageSize", .number)])
        #expect(
            page.data
                == .object([
                    ScriptMember("user", .object([ScriptMember("name", .string), ScriptMember("age", .number)])),
                    ScriptMember("items", .array(element: nil)),
                    ScriptMember("tags", .array(element: .object([ScriptMember("id", .number)]))),
                    ScriptMember("loading", .boolean),
                    ScriptMember("title", .null),
                ]))
        #expect(location(page.callOffset.map { $0..<$0 }, in: file) == "3:5")
    }

    @Test func recordsAnAppRegistration() {
        let (registration, _) = evaluate(
            "App({ globalData: { theme: 'dark' }, onLaunch(options) {}, onError(message) {}, onShow() {}, refresh() {} });",
            path: "app.js")
        #expect(registration.issue == nil)
        #expect(registration.appCalls.count == 1)
        #expect(registration.pageCalls.isEmpty)
        let app = registration.calls[0]
        #expect(app.lifecycleHooks == ["onLaunch", "onError", "onShow"])
        #expect(app.handlerNames == ["refresh"])
        #expect(app.data == nil)
        #expect(app.otherMembers == [ScriptMember("globalData", .object([ScriptMember("theme", .string)]))])
    }

    @Test func recordsEveryRegistrationCall() {
        let (registration, file) = evaluate("Page({ data: {} });\nPage({ onTap() {} });\n")
        #expect(registration.pageCalls.count == 2)
        #expect(registration.calls.map(\.handlerNames) == [[], ["onTap"]])
        #expect(registration.calls.map { location($0.callOffset.map { $0..<$0 }, in: file) } == ["1:5", "2:5"])
    }

    @Test func recordsShapesOfUnusualArguments() {
        let (registration, _) = evaluate(
            """
            const data = { count: 1, big: 10n, sym: Symbol('s'), get computed() { return 1; }, fn() {}, nothing: undefined };
            data.itself = data;
            Page({ data });
            Page();
            App(42);
            """)
        #expect(registration.issue == nil)
        #expect(
            registration.calls[0].data
                == .object([
                    ScriptMember("count", .number), ScriptMember("big", .other), ScriptMember("sym", .other),
                    ScriptMember("computed", .other), ScriptMember("fn", .function), ScriptMember("nothing", .undefined),
                    ScriptMember("itself", .other),
                ]))
        #expect(registration.calls[1].options == .undefined)
        #expect(registration.calls[2].options == .number)
        #expect(registration.calls[2].handlerNames.isEmpty)
    }

    @Test func reportsASyntaxErrorWithItsColumn() {
        let (registration, file) = evaluate(
            """
            Page({
              data: { a: 1 },
              onTap() { }
            }});
            """)
        #expect(registration.calls.isEmpty)
        let issue = registration.issue
        #expect(issue?.kind == .syntaxError)
        #expect(issue?.message == "SyntaxError: Unexpected token '}'. Expected ')' to end an argument list.")
        #expect(location(issue?.range, in: file) == "4:2")
        #expect(issue?.range == 40..<41)
    }

    @Test func reportsASyntaxErrorAfterNonASCIIText() {
        let (registration, file) = evaluate("const greeting = 'héllo 😀';\r\nconst x = greeting +;\r\n")
        #expect(registration.issue?.message == "SyntaxError: Unexpected token ';'")
        #expect(location(registration.issue?.range, in: file) == "2:21")
    }

    @Test func reportsTheEndOfTheScriptWhenItEndsTooSoon() {
        let (registration, file) = evaluate("Page({\n  data: {},\n")
        #expect(registration.issue?.message == "SyntaxError: Unexpected end of script")
        #expect(location(registration.issue?.range, in: file) == "3:1")
    }

    @Test func reportsAnExceptionThrownAtLoad() {
        let (registration, file) = evaluate("const a = 1;\nPage({ data: {} });\n  null.foo;\n")
        #expect(registration.issue?.kind == .uncaughtException)
        #expect(registration.issue?.message == "TypeError: null is not an object (evaluating 'null.foo')")
        #expect(location(registration.issue?.range, in: file) == "3:7")
        #expect(registration.pageCalls.count == 1)
    }

    @Test func reportsAnErrorThrownByTheScript() {
        let (registration, file) = evaluate("function fail() {\n    throw new Error('boom');\n}\nfail();\n")
        #expect(registration.issue?.message == "Error: boom")
        #expect(location(registration.issue?.range, in: file) == "2:20")
    }

    @Test func reportsAThrownValueThatIsNotAnError() {
        let (registration, _) = evaluate("throw 'oops';")
        #expect(registration.issue == ScriptIssue(kind: .uncaughtException, message: "uncaught exception: oops", range: nil))
    }

    @Test func reportsMisuseOfAStubAtTheCallInTheScript() {
        let (registration, file) = evaluate("Page({});\nskip.i18n.plural(2, { other: Object.create(null) });\n")
        #expect(registration.issue?.message == "TypeError: No default value")
        #expect(location(registration.issue?.range, in: file)?.hasPrefix("2:") == true)
    }

    @Test func stopsAScriptThatNeverFinishes() {
        // Finishing at all is the check (tests assert no times; the limit is 1 s).
        let (registration, _) = evaluate("Page({ data: { a: 1 } });\nwhile (true) {}\n")
        #expect(registration.issue == ScriptIssue(kind: .timeout, message: "script did not finish loading within 1 s", range: nil))
        #expect(registration.pageCalls.count == 1)

        // The same evaluator (and JavaScriptCore group) keeps working.
        let (next, _) = evaluate("Page({ onTap() {} });")
        #expect(next.issue == nil)
        #expect(next.calls.first?.handlerNames == ["onTap"])
    }

    @Test func stopsAHangInAPromiseJob() {
        let evaluator = ScriptEvaluator(timeLimitSeconds: 0.25)
        let hanging = evaluator.evaluate(SourceFile(path: "a.js", text: "Promise.resolve().then(() => { while (true) {} });\nPage({});"))
        #expect(hanging.issue?.message == "script did not finish loading within 0.25 s")
        #expect(hanging.pageCalls.count == 1)
        let next = evaluator.evaluate(SourceFile(path: "b.js", text: "Page({ onTap() {} });"))
        #expect(next.issue == nil)
        #expect(next.pageCalls.count == 1)
    }

    @Test func runsNoHandlerTimerOrHostCallback() {
        let (registration, _) = evaluate(
            """
            skip.net.fetch('https://example.com').then(() => { throw new Error('callback ran'); });
            skip.nav.navigateTo({ url: 'pages/x/x' });
            miniapp.log('loaded');
            console.log('loaded');
            const title = skip.i18n.t('home.title') + skip.i18n.plural(2, { one: '# item', other: '# items' });
            const folder = skip.fs.root.getDirectoryHandle('cache', { create: true });
            folder.getFileHandle('a.txt').write('x');
            const timer = setTimeout(() => { throw new Error('timer ran'); }, 0);
            setInterval(() => { throw new Error('interval ran'); }, 1000);
            clearTimeout(timer);
            Page({
              data: { title, hasTimer: typeof timer === 'number' },
              onLoad() { while (true) {} },
              onTap() { throw new Error('handler ran'); },
            });
            """)
        #expect(registration.issue == nil)
        #expect(registration.timers.map(\.kind) == [.timeout, .interval])
        #expect(registration.calls.first?.data == .object([ScriptMember("title", .string), ScriptMember("hasTimer", .boolean)]))
    }

    @Test func exposesNoHostAccess() {
        let (registration, _) = evaluate(
            """
            const names = ['require', 'process', 'fetch', 'XMLHttpRequest', 'document', 'window', 'localStorage',
              'print', 'load', 'readFile', 'quit', 'importScripts', 'WebSocket', 'navigator', 'getApp', 'getCurrentPages', 'wx', 'global'];
            const present = {};
            for (const name of names) { if (typeof globalThis[name] !== 'undefined') present[name] = true; }
            Page({ data: present });
            """)
        #expect(registration.issue == nil)
        #expect(registration.calls.first?.data == .object([]))
    }

    @Test func runsAPageAfterAppScriptInOneContextAndKeepsOnlyThePagesRecords() {
        let app = SourceFile(
            path: "app.js",
            text: "var launched = 1;\nfunction fmt(n) { return 'n=' + n; }\nApp({ onLaunch() {} });\nthrow new Error('dropped');\n")
        let page = SourceFile(
            path: "pages/home/home.js", text: "Page({ data: { label: fmt(launched), rows: skip.db.query('select 1', []).length } });\n")
        let alone = evaluator.evaluate(page)
        #expect(alone.issue?.message == "ReferenceError: Can't find variable: fmt")
        let after = evaluator.evaluate(page, after: app)
        #expect(after.issue == nil)
        #expect(after.calls.map(\.function) == [.page])
        #expect(after.calls.first?.data == .object([ScriptMember("label", .string), ScriptMember("rows", .number)]))
    }

    @Test func keepsOneFileGlobalsOutOfTheNext() {
        _ = evaluate("var leaked = 1; Page = function () {};")
        let (registration, _) = evaluate("Page({ data: { leaked: typeof leaked } });")
        #expect(registration.calls.first?.data == .object([ScriptMember("leaked", .string)]))
    }

    @Test func survivesATenMegabyteOneLineScript() {
        let literal = "var s = '" + String(repeating: "a", count: 10_000_000) + "'; Page({ data: { size: s.length } });"
        let (registration, _) = evaluate(literal)
        #expect(registration.issue == nil)
        #expect(registration.pageCalls.count == 1)

    }

    @Test func locatesASyntaxErrorAtTheEndOfALongLine() {
        let statements = "Page({});" + String(repeating: "x=1;", count: 50_000) + "}"
        let (broken, file) = evaluate(statements)
        #expect(broken.issue?.message == "SyntaxError: Parser error")
        #expect(location(broken.issue?.range, in: file) == "1:200010")
    }

    @Test func evaluatesFromSeveralThreads() async {
        let shared = evaluator
        let results = await withTaskGroup(of: [String].self) { group in
            for index in 0..<8 {
                group.addTask {
                    let own = index.isMultiple(of: 2) ? shared : ScriptEvaluator()
                    let file = SourceFile(path: "p\(index).js", text: "Page({ onTap\(index)() {} });")
                    return own.evaluate(file).calls.flatMap(\.handlerNames)
                }
            }
            var all: [[String]] = []
            for await result in group { all.append(result) }
            return all
        }
        #expect(Set(results) == Set((0..<8).map { ["onTap\($0)"] }))
    }
}
