import Testing

@testable import MiniAppKit

/// What the `x-model` and data-routing rules build on: the page's data as the runtime copies
/// it, what `onLoad` may change before the first render, the evaluation of conditions over it,
/// and which rule reports each mistake (once).
@Suite struct ModelWiringTests {
    let evaluator = ScriptEvaluator()

    func initialData(_ source: String) -> JSONNode? {
        evaluator.evaluate(SourceFile(path: "pages/home/home.js", text: source)).pageCalls.last?.initialData
    }

    /// Compact JSON of a node, keys in order.
    func text(_ node: JSONNode?) -> String? {
        guard let node else { return nil }
        switch node.value {
        case .object(let members): return "{" + members.map { "\($0.key):" + (text($0.value) ?? "") }.joined(separator: ",") + "}"
        case .array(let elements): return "[" + elements.map { text($0) ?? "" }.joined(separator: ",") + "]"
        case .string(let string): return "'\(string)'"
        case .number(let number): return number
        case .bool(let bool): return "\(bool)"
        case .null: return "null"
        }
    }

    @Test func recordsTheDataAsTheRuntimeCopiesItThroughJSON() {
        #expect(
            text(initialData("Page({ data: { a: 1, d: new Date(0), f() {}, u: undefined, items: [], n: null } });"))
                == "{a:1,d:'1970-01-01T00:00:00.000Z',items:[],n:null}")
        // Changes made before `Page()` are in the copy.
        #expect(text(initialData("const data = { a: 1 };\ndata.a = 2;\nPage({ data });")) == "{a:2}")
        // No data, or data that is not an object: the runtime starts from `{}`.
        #expect(text(initialData("Page({ onTap() {} });")) == "{}")
        #expect(text(initialData("Page({ data: 5 });")) == "{}")
    }

    @Test func leavesTheDataUnknownWhenTheCopyWouldNotBeFaithful() {
        #expect(initialData("const data = { a: 1 };\ndata.self = data;\nPage({ data });") == nil)
        #expect(initialData("Page({ data: { big: 10n } });") == nil)
        #expect(initialData("Page({ get data() { return { a: 1 }; } });") == nil)
        #expect(initialData("Page({ data: [1, 2] });") == nil)
    }

    func writes(_ source: String, hasOnLoad: Bool = true) -> [String]? {
        let tokens = JavaScriptLexer.lex(SourceFile(path: "p.js", text: source)).tokens
        return PageOptionsLiteral(tokens: tokens)?.onLoadDataWrites(hasOnLoad: hasOnLoad).map { $0.sorted() }
    }

    @Test func readsTheKeysOnLoadMaySet() {
        #expect(writes("Page({ data: { a: 1 } });", hasOnLoad: false) == [])
        #expect(writes("Page({ onLoad() { this.setData({ a: 1, 'b.c': 2, 'd[0]': 3 }); } });") == ["a", "b", "d"])
        #expect(
            writes(
                "Page({ onLoad: function (o) { const that = this; that.setData({ a: 1 }); this.data.b.push(1); this.data['c'] = 2; } });")
                == ["a", "b", "c"])
        #expect(writes("Page({ async onLoad() { const r = await skip.net.fetch('x'); this.setData({ items: r }); } });") == ["items"])
        #expect(writes("Page({ onLoad: () => { this.timer = 1; } });") == [])
    }

    @Test func givesUpOnWhatTheTokensDoNotTell() {
        #expect(writes("Page({ onLoad() { this.load(); }, load() {} });") == nil)
        #expect(writes("Page({ onLoad() { this.setData(patch); } });") == nil)
        #expect(writes("Page({ onLoad() { this.setData({ ...patch }); } });") == nil)
        #expect(writes("Page({ onLoad() { this.setData({ [key]: 1 }); } });") == nil)
        #expect(writes("Page({ onLoad() { init(this); } });") == nil)
        #expect(writes("Page({ onLoad() { page = this; load(); } });") == nil)
        #expect(writes("Page({ onLoad() { Object.assign(this.data, x); } });") == nil)
        #expect(writes("Page({ onLoad: shared });") == nil)
        // onLoad not written in the literal although the page has one.
        #expect(writes("Page({ ...common });") == nil)
        // Two `Page({` calls: which one counts is the engine's business.
        #expect(writes("Page({ data: {} });\nPage({ data: {} });", hasOnLoad: false) == nil)
    }

    func truthiness(
        _ condition: String, data: String = #"{"a": 1, "s": "x", "list": [], "items": [1, 2], "off": false, "n": null}"#,
        unknown: Set<String> = []
    ) -> Bool? {
        guard case .success(let expression) = AlpineExpressionParser.parse(condition) else { return nil }
        let root = RegistrationCall.parseData(data)
        return FirstRenderEvaluator(data: FirstRenderData(root: root, unknownKeys: unknown), storeIsPage: true).truthiness(expression)
    }

    @Test func evaluatesConditionsOverTheFirstData() {
        #expect(truthiness("store.a") == true)
        #expect(truthiness("store.off") == false)
        #expect(truthiness("!store.off") == true)
        #expect(truthiness("store.missing") == false)
        #expect(truthiness("store.list.length > 0") == false)
        #expect(truthiness("store.items.length === 2") == true)
        #expect(truthiness("store.s === 'x' && store.a >= 1") == true)
        #expect(truthiness("store.n == undefined") == true)
        #expect(truthiness("store.n === undefined") == false)
        #expect(truthiness("store.a == '1'") == true)
        #expect(truthiness("store.a != 1 || store['s'] !== 'y'") == true)
        #expect(truthiness("store.items[1] < 3") == true)
    }

    @Test func leavesUnknownWhatItCannotEvaluate() {
        #expect(truthiness("item.done") == nil)
        #expect(truthiness("store.a", unknown: ["a"]) == nil)
        #expect(truthiness("store.s.toUpperCase() === 'X'") == nil)
        #expect(truthiness("store.n.x") == nil)
        #expect(truthiness("store.a ? 1 : 0") == nil)
        #expect(truthiness("store.items == store.items") == nil)
        // Three-valued: an unknown side decides nothing unless the other side does.
        #expect(truthiness("item.done && store.off") == false)
        #expect(truthiness("item.done || store.a") == true)
        #expect(truthiness("item.done || store.off") == nil)
    }

    func diagnostics(_ files: [String: String], runtime: String? = nil) -> [(id: String, severity: Severity, line: Int)] {
        var contents = MinimalApp.files
        contents.merge(files) { $1 }
        var configuration = Configuration.default
        if let runtime {
            configuration = ConfigurationParser.parse(
                SourceFile(path: ".mactl.yml", text: "runtime: \(runtime)\n"), knownRuleIDs: RuleRegistry.allIDs)
        }
        return Linter.lint(Project(contents: contents), configuration: configuration).diagnostics
            .filter { $0.id.hasPrefix("template-model") || $0.id == "template-unknown-modifier" }
            .map { ($0.id, $0.severity, $0.span?.start.line ?? 0) }
    }

    @Test func anXModelInsideATemplateIsAnErrorOnlyWhenItIsNotRenderedAtStart() {
        let html = "<body x-data=\"page\">\n<template x-if=\"store.open\"><input x-model=\"store.title\"></template>\n</body>\n"
        let closed = diagnostics(["pages/index/index.html": html, "pages/index/index.js": "Page({ data: { title: '', open: false } });\n"])
        #expect(closed.map(\.id) == ["template-model-in-template"])
        #expect(closed.map(\.severity) == [.error])
        let open = diagnostics(["pages/index/index.html": html, "pages/index/index.js": "Page({ data: { title: '', open: true } });\n"])
        #expect(open.map(\.severity) == [.warning])
        // onLoad calls another method: what it sets is unknown, so never the error.
        let loaded = diagnostics([
            "pages/index/index.html": html,
            "pages/index/index.js": "Page({ data: { title: '', open: false }, onLoad() { this.load(); }, load() {} });\n",
        ])
        #expect(loaded.map(\.severity) == [.warning])
        // A script that does not parse: unknown too (its syntax error is reported elsewhere).
        let broken = diagnostics(["pages/index/index.html": html, "pages/index/index.js": "Page({ data: { open: false } );\n"])
        #expect(broken.map(\.severity) == [.warning])
    }

    @Test func eachModelMistakeHasOneDiagnostic() {
        let html = """
            <body x-data="page">
            <input type="checkbox" x-model.lazzy="store.agreed">
            <input x-model.lazzy="store.title">
            <input x-model.lazy="title">
            <div x-data="{ draft: '' }"><input x-model.lazzy="draft"></div>
            <template><input x-model="title"></template>
            </body>

            """
        let skip = diagnostics(["pages/index/index.html": html])
        #expect(
            skip.map { "\($0.line) \($0.id)" } == [
                "2 template-model-on-checkbox", "3 template-model-modifier", "4 template-model-modifier", "5 template-unknown-modifier",
            ])
        let w3c = diagnostics(["pages/index/index.html": html], runtime: "w3c")
        #expect(
            w3c.map { "\($0.line) \($0.id)" } == [
                "2 template-unknown-modifier", "3 template-unknown-modifier", "4 template-model-target", "5 template-unknown-modifier",
                "6 template-model-target",
            ])
    }

    @Test func everyModelOfAnotherPageIsTheOffLaunchPageRules() {
        let manifest = MinimalApp.manifest(with: #""pages": ["pages/index/index", "pages/form/form"]"#)
        let form = "<body x-data=\"page\">\n<template x-if=\"store.open\"><input x-model=\"store.user.name\"></template>\n</body>\n"
        let found = diagnostics([
            "manifest.json": manifest, "pages/form/form.html": form, "pages/form/form.js": "Page({ data: { open: false } });\n",
        ])
        #expect(found.map { "\($0.line) \($0.id) \($0.severity)" } == ["2 template-model-off-launch-page error"])
    }

    func routing(_ files: [String: String], runtime: String? = nil) -> [String] {
        var contents = MinimalApp.files
        contents["manifest.json"] = MinimalApp.manifest(with: #""pages": ["pages/index/index", "pages/detail/detail"]"#)
        contents["pages/detail/detail.html"] = "<body x-data=\"page\"><p x-text=\"store.title\" @click=\"onTap()\"></p></body>\n"
        contents.merge(files) { $1 }
        return Linter.lint(Project(contents: contents)).diagnostics.filter { $0.id == "script-setdata-shared-key" }
            .map { "\($0.span?.path ?? ""):\($0.span?.start.line ?? 0):\($0.span?.start.column ?? 0) \($0.message)" }
    }

    @Test func sharedKeysAreNamedInTheOrderThePageWritesThem() {
        let found = routing([
            "pages/index/index.html":
                "<body x-data=\"page\"><p x-text=\"store.title\"></p><p x-text=\"store['count']\"></p><p x-text=\"store.other\"></p></body>\n",
            "pages/index/index.js": "Page({ data: { title: 'Hello', other: 1 }, onLoad() { this.setData({ count: 1 }); } });\n",
            "pages/detail/detail.js": "Page({\n  data: { title: 'Detail' },\n  onTap() { this.setData({ 'count.total': 2 }); },\n});\n",
        ])
        #expect(
            found == [
                "pages/detail/detail.js:2:11 'pages/detail/detail' shares the keys 'title' and 'count' with the launch page 'pages/index/index' and calls 'setData', which sends this page's whole data to the launch page's view too: the launch page then shows this page's 'title' and 'count' instead of its own; rename the keys on one of the pages"
            ])
    }

    @Test func routingStaysQuietWhereNothingReachesTheLaunchPagesView() {
        let detail = "Page({ data: { title: 'Detail' }, onTap() { this.setData({ title: 'x' }); } });\n"
        // The launch page shows no 'title'; or it has no script (no data of its own).
        #expect(routing(["pages/index/index.html": "<body x-data=\"page\"></body>\n", "pages/detail/detail.js": detail]) == [])
        #expect(routing(["pages/index/index.js": "", "pages/detail/detail.js": detail]).count == 0)
        // The other page's script does not load: script-load-error's.
        #expect(routing(["pages/detail/detail.js": "Page({ data: { title: 'x' }, onTap() { this.setData({ title: 'x' }); } );\n"]) == [])
        #expect(routing(["pages/detail/detail.js": detail]).count == 1)
    }
}
