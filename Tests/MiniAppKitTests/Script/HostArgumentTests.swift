import Foundation
import Testing

@testable import MiniAppKit

/// The readers behind the host-argument rules: JavaScript's number conversions (checked
/// against JavaScriptCore itself), values read from literals and top-level constants, and
/// fetch calls with their responses.
@Suite struct HostArgumentTests {
    // MARK: - Numbers, against JavaScriptCore

    /// What JavaScriptCore prints for each of `expressions`, evaluated one by one.
    func javaScriptCore(_ expressions: [String]) -> [String] {
        let sandbox = JavaScriptSandbox(timeLimitSeconds: 5)
        let script = expressions.map { "__record(String(\($0)));" }.joined(separator: "\n")
        let evaluation = sandbox.evaluate(
            script: Array(script.utf16), sourceURL: "numbers.js", prelude: "(function (record) { globalThis.__record = record; })",
            preludeURL: "mactl:test")
        return evaluation.records
    }

    /// Two doubles are the same JavaScript number (NaN included).
    func same(_ lhs: Double?, _ rhs: Double?) -> Bool {
        guard let lhs, let rhs else { return lhs == nil && rhs == nil }
        return lhs == rhs || (lhs.isNaN && rhs.isNaN)
    }

    @Test func stringToNumberMatchesJavaScriptCore() {
        let strings = [
            "3", " 3 ", "\\u00a03\\ufeff", "\\n4\\t", "", "   ", "3.5", ".5", "5.", "1e3", "1E-3", "+2", "-2", "1e", "e3", ".",
            "0x1F", "0X1f", "-0x10", "0b101", "0o17", "0x", "1_000", "Infinity", "+Infinity", "-Infinity", "infinity", "inf",
            "NaN", "abc", "3px", "1e400", "-1e400", "9223372036854775807", "12abc", "0.0000001", "00012", "1,5",
        ]
        let printed = javaScriptCore(strings.map { "Number('\($0)')" })
        #expect(printed.count == strings.count)
        for (string, output) in zip(strings, printed) {
            let decoded = string.replacingOccurrences(of: "\\u00a0", with: "\u{a0}").replacingOccurrences(of: "\\ufeff", with: "\u{feff}")
                .replacingOccurrences(of: "\\n", with: "\n").replacingOccurrences(of: "\\t", with: "\t")
            let mine = JavaScriptNumber.value(ofString: decoded)
            #expect(same(mine, Double(output)), "Number('\(string)'): JavaScriptCore \(output), mactl \(mine)")
        }
    }

    @Test func numericLiteralsMatchJavaScriptCore() {
        let literals = ["12", "1_000", "0x1F", "0b1010_1010", "0o17", "017", "019", "08", ".5", "5.", "1e3", "1.5e-3", "1e400", "0"]
        let printed = javaScriptCore(literals)
        #expect(printed.count == literals.count)
        for (literal, output) in zip(literals, printed) {
            let mine = JavaScriptNumber.value(ofLiteral: literal)
            #expect(same(mine, Double(output)), "\(literal): JavaScriptCore \(output), mactl \(String(describing: mine))")
        }
        #expect(JavaScriptNumber.value(ofLiteral: "10n") == nil)
    }

    @Test func swiftIntConversionTrapsOutsideItsRange() {
        #expect(JavaScriptNumber.intConversionTraps(.nan))
        #expect(JavaScriptNumber.intConversionTraps(.infinity))
        #expect(JavaScriptNumber.intConversionTraps(-.infinity))
        #expect(JavaScriptNumber.intConversionTraps(9_223_372_036_854_775_808.0))
        #expect(!JavaScriptNumber.intConversionTraps(9_223_372_036_854_774_784.0))
        #expect(!JavaScriptNumber.intConversionTraps(-9_223_372_036_854_775_808.0))
        #expect(JavaScriptNumber.intConversionTraps(-9_223_372_036_854_777_856.0))
        #expect(!JavaScriptNumber.intConversionTraps(-1.5))
        #expect(!JavaScriptNumber.intConversionTraps(0))
    }

    /// The fix-it of `script-i18n-date-string` formats where the string did not: a `Date` held
    /// in a global (as the runtime's `setObject(dateVal, forKeyedSubscript: "__tmpDate")` holds
    /// it) goes through `Intl.DateTimeFormat.format`, and a date alone keeps its day because
    /// `T00:00` makes it local midnight. Strings that name no real day get no fix-it.
    @Test func theDateFixItFormatsInJavaScriptCore() {
        let dates = ["2024-01-15", "2024-02-29", "2024-01-15T10:30", "2024-01-15T10:30:00.000+02:00", "2024-01-15T24:00"]
        let expressions = dates.compactMap { ScriptI18nDateString.dateExpression(for: $0, literal: "'\($0)'") }
        #expect(expressions.count == dates.count)
        let format = { (value: String) in
            "(function () { try { __tmpDate = \(value); return new Intl.DateTimeFormat('en-US', {}).format(__tmpDate); } catch (e) { return e.name; } })()"
        }
        let printed = javaScriptCore(expressions.map(format) + dates.map { format("'\($0)'") })
        #expect(Array(printed.prefix(2)) == ["1/15/2024", "2/29/2024"])
        #expect(!printed.prefix(dates.count).contains("RangeError"))
        #expect(Array(printed.suffix(dates.count)) == Array(repeating: "RangeError", count: dates.count))

        let invalid = ["2024-02-30", "2023-02-29", "2024-13-01", "2024-01-15T25:00", "2024-01-15T24:01", "15/01/2024", "2024-01"]
        #expect(invalid.compactMap { ScriptI18nDateString.dateExpression(for: $0, literal: "'\($0)'") } == [])
        let parsed = javaScriptCore(invalid.prefix(5).map { "isNaN(new Date('\($0)T00:00'.replace(/T(\\d\\d:\\d\\d)T00:00$/, 'T$1')))" })
        #expect(parsed == Array(repeating: "true", count: 5))
    }

    // MARK: - Written values

    func script(_ source: String) -> ScriptModel {
        let file = SourceFile(path: "pages/home/home.js", text: source)
        return ScriptModel(file: file, registration: ScriptEvaluator().evaluate(file), lexed: JavaScriptLexer.lex(file))
    }

    /// The value of the first argument of each host call in `source`.
    func firstArguments(_ source: String) -> [ResolvedValue] {
        let script = script(source)
        let values = WrittenValues(script: script)
        return script.facts.hostAPICalls.compactMap { $0.argument(0) }.map { values.value(at: $0.range) }
    }

    @Test func readsLiteralsAndTopLevelConstants() {
        let values = firstArguments(
            """
            const COUNT = 'many', LIMIT = -Infinity
            const OPTIONS = { delta: 'x' };
            const LATER = 1;
            let MUTABLE = 'a';
            const COMPUTED = 'a' + 'b';
            function f() {
              skip.log(COUNT);
              skip.log(LIMIT);
              skip.log(OPTIONS);
              skip.log(MUTABLE);
              skip.log(COMPUTED);
              skip.log(-'3');
              skip.log(void 0);
              skip.log([]);
              skip.log((NaN));
              skip.log(0x10);
              skip.log(`text`);
              skip.log(LATER);
            }
            """)
        #expect(values.count == 12)
        #expect(values[0].constant == "COUNT")
        #expect(values[0].shown == "'COUNT' ('many')")
        #expect(values[0].value.number?.isNaN == true)
        #expect(values[1].value.number == -.infinity)
        #expect(values[1].shown == "'LIMIT' (-Infinity)")
        if case .object(let literal) = values[2].value {
            #expect(literal.member(named: "delta") != nil)
        } else {
            Issue.record("OPTIONS is not read as an object")
        }
        #expect(values[3].value.number == nil)
        #expect(values[4].value.number == nil)
        #expect(values[5].value.number == -3)
        #expect(values[6].value.number?.isNaN == true)
        #expect(values[7].value.number == 0)
        #expect(values[7].value.isObject == true)
        #expect(values[8].value.number?.isNaN == true)
        #expect(values[9].value.number == 16)
        #expect(values[10].value.number?.isNaN == true && values[10].value.isObject == false)
        #expect(values[11].value.number == 1)
    }

    @Test func aConstantDeclaredAgainAnywhereIsNotResolved() {
        let values = firstArguments(
            """
            const COUNT = 'many';
            function f(COUNT) {
              skip.log(COUNT);
            }
            function g() {
              const NaN = 3;
              skip.log(NaN);
            }
            """)
        #expect(values.count == 2)
        #expect(values[0].constant == nil)
        #expect(values[0].value.number == nil)
        #expect(values[1].value.number == nil)
    }

    @Test func anInitializerThatGoesOnIsNotAConstantLiteral() {
        let values = firstArguments(
            """
            const A = 1
              + 2;
            const B = { a: 1 }.a;
            const C = 'x'
            const { D = 1, E } = globalThis;
            skip.log(A);
            skip.log(B);
            skip.log(C);
            skip.log(D);
            """)
        #expect(values.map(\.constant) == [nil, nil, "C", nil])
    }

    // MARK: - Fetch calls

    func fetchCalls(_ source: String) -> ([FetchCalls.Call], SourceFile) {
        let file = SourceFile(path: "pages/home/home.js", text: source)
        return (FetchCalls(tokens: JavaScriptLexer.lex(file).tokens).calls(namespaces: ["skip", "miniapp"]), file)
    }

    @Test func findsFetchCallsAndTheirResponsesHeaders() {
        let (calls, _) = fetchCalls(
            """
            async function load() {
              const res = await fetch(url, { headers: {} });
              log(res.headers, other.headers, res['headers']);
              const { headers, status } = await skip.net.fetch(url);
              log((await miniapp.net.fetch(url)).headers);
              fetch(url).then(r => r.headers);
              fetch(url).then(async ({ headers }) => headers);
              skip.net.fetch(url).then(function named(response) { return response?.headers; });
              this.fetch(url);
              api.net.fetch(url);
            }
            log(res.headers);
            """)
        #expect(calls.map(\.name) == ["fetch", "skip.net.fetch", "miniapp.net.fetch", "fetch", "fetch", "skip.net.fetch"])
        #expect(
            calls.map { $0.headerReads.map(\.text) } == [
                ["res.headers", "res['headers']"], ["headers"], ["(await fetch(…)).headers"], ["r.headers"], ["headers"],
                ["response?.headers"],
            ])
        #expect(calls[0].arguments.count == 2)
    }

    @Test func aFileWithItsOwnFetchHasNoGlobalFetchCalls() {
        let (calls, _) = fetchCalls("function fetch(u) { return u; }\nconst r = fetch('x');\nskip.net.fetch('y');\n")
        #expect(calls.map(\.name) == ["skip.net.fetch"])
        let (methods, _) = fetchCalls("const api = { fetch(url) { return url; } };\n")
        #expect(methods.isEmpty)
    }

    // MARK: - The rules on whole projects

    func findings(_ files: [String: String], rule: String) -> [DiagnosticSummary] {
        var contents = MinimalApp.files
        contents.merge(files) { $1 }
        return lint(contents).map(DiagnosticSummary.init).filter { $0.id == rule }
    }

    @Test func aScriptWithASyntaxErrorIsNotChecked() {
        let source =
            "Page({\n  onTap() {\n    skip.i18n.plural('many', { other: '# items' });\n    skip.nav.navigateBack({ delta: 'x' });\n  }\n"
        #expect(findings(["pages/index/index.js": source], rule: "script-plural-count-not-number").isEmpty)
        #expect(findings(["pages/index/index.js": source], rule: "script-navigate-back-delta").isEmpty)
    }

    @Test func pluralFormsOfUnknownValueAreNotJudged() {
        let source =
            "Page({\n  data: { title: 'Hello' },\n  onTap(forms) {\n    skip.i18n.plural('many', forms);\n    skip.i18n.plural('many');\n  },\n});\n"
        #expect(findings(["pages/index/index.js": source], rule: "script-plural-count-not-number").isEmpty)
    }

    @Test func redirectFromATabRootIsReportedWithTheTabAdvice() {
        let manifest = MinimalApp.manifest(
            with: """
                "pages": ["pages/index/index", "pages/me/me", "pages/detail/detail"],
                "tab_bar": { "tabs": [
                  { "page": "pages/index/index", "icon": "icons/app.svg" },
                  { "page": "pages/me/me", "icon": "icons/app.svg" }
                ] }
                """)
        let files = [
            "manifest.json": manifest,
            "pages/me/me.html": "<body x-data=\"page\"></body>\n",
            "pages/me/me.js": "Page({\n  onTap() {\n    skip.nav.redirectTo({ url: 'pages/index/index' });\n  },\n});\n",
            "pages/detail/detail.html": "<body x-data=\"page\"></body>\n",
            "pages/detail/detail.js": "Page({\n  onTap() {\n    skip.nav.redirectTo({ url: 'pages/index/index' });\n  },\n});\n",
        ]
        #expect(
            findings(files, rule: "script-redirect-from-root").map(\.description) == [
                "pages/me/me.js:3:5: 'skip.nav.redirectTo' from the tab page 'pages/me/me', the root of its tab's stack, does nothing on screen: the view replaces only a pushed page; open 'pages/index/index' with 'skip.nav.switchTab' [script-redirect-from-root]"
            ])
        // A navigation whose url is not written may push any page.
        var dynamic = files
        dynamic["pages/index/index.js"] =
            "Page({\n  data: { title: 'Hello' },\n  onOpen(url) {\n    skip.nav.navigateTo({ url });\n  },\n});\n"
        #expect(findings(dynamic, rule: "script-redirect-from-root").isEmpty)
        // One written as 'pages/' + name may push any page under pages/.
        dynamic["pages/index/index.js"] =
            "Page({\n  data: { title: 'Hello' },\n  onOpen(name) {\n    skip.nav.navigateTo({ url: 'pages/m' + name });\n  },\n});\n"
        #expect(findings(dynamic, rule: "script-redirect-from-root").isEmpty)
    }
}
