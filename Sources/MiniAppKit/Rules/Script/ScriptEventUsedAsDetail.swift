/// A handler uses its event as if it were the value the template passed (`onOpen(id)` then
/// `'id=' + id`).
public struct ScriptEventUsedAsDetail: PageRule {
    public static let description = RuleDescription(
        id: "script-event-used-as-detail", domain: .script, severity: .error,
        summary:
            "A handler the template calls with a value uses its parameter as that value, but the parameter is the event '{ type, detail }'.",
        rationale: """
            SkipMiniApp calls a handler with one argument, `{ type: 'tap', detail }`, whatever \
            the template writes: `@click="onOpen(item.id)"` arrives as `{ type: 'tap', detail: \
            3 }`, not as `3`. A handler written the way other frameworks call it, `onOpen(id) { \
            navigateTo({ url, query: 'id=' + id }) }`, then joins `[object Object]` into the \
            query, compares an object with a number (never equal), or looks up `list[id]` \
            (undefined): on the device the tap seems to do nothing or opens the wrong thing, \
            with no error. Read the value as `id.detail`. Only handlers the template calls with \
            an argument are checked, and only uses that make sense for a string or a number \
            alone (`+`, comparisons, `[id]`, `${id}`, `Number(id)`, `String(id)`, a value in a \
            `setData({ … })` patch); a parameter \
            that is passed on, reassigned or shadowed is left alone. Runtimes that pass other \
            arguments (`w3c`) are not checked.
            """,
        runtimeFacts: ["skip.event-type-detail"],
        triggering: [
            RuleExample(
                files: [
                    (
                        "pages/index/index.js",
                        "Page({\n  data: { items: [{ id: 1, name: 'A' }], picked: 0 },\n  onOpen(id) {\n    skip.nav.navigateTo({ url: 'pages/index/index', query: 'id=' + 1️⃣id });\n  },\n  onRemove(id) {\n    this.setData({ items: this.data.items.filter((item) => item.id !== 2️⃣id) });\n  },\n  onPick(id) {\n    this.setData({ picked: 3️⃣id });\n  },\n});\n"
                    ),
                    (
                        "pages/index/index.html",
                        "<body x-data=\"page\">\n  <template x-for=\"item in store.items\" :key=\"item.id\">\n    <p @click=\"onOpen(item.id)\" @dblclick=\"handler('onRemove', item.id)\" @mouseover=\"onPick(item.id)\" x-text=\"item.name\"></p>\n  </template>\n</body>\n"
                    ),
                ],
                expected: [
                    .at(
                        "1️⃣",
                        "'id' is the event '{ type, detail }', not the value the template passes ('item.id'): joined into a string, it reads '[object Object]'; read 'id.detail'"
                    ).fixIt("id.detail"),
                    .at(
                        "2️⃣",
                        "'id' is the event '{ type, detail }', not the value the template passes ('item.id'): compared, it never equals that value; read 'id.detail'"
                    ).fixIt("id.detail"),
                    .at(
                        "3️⃣",
                        "'id' is the event '{ type, detail }', not the value the template passes ('item.id'): stored with 'setData', the page's data holds the event object; read 'id.detail'"
                    ).fixIt("id.detail"),
                ])
        ],
        nonTriggering: [
            // Reads the detail; passes the event on; 'onLog' gets no argument from the template.
            RuleExample(
                files: [
                    (
                        "pages/index/index.js",
                        "function log(e) { skip.log(e.detail); }\nPage({\n  data: { items: [{ id: 1, name: 'A' }] },\n  onOpen(e) {\n    skip.nav.navigateTo({ url: 'pages/index/index', query: 'id=' + e.detail });\n  },\n  onPick(e) {\n    log(e);\n    if (e == null) return;\n  },\n  onLog(e) {\n    skip.log('tap ' + e);\n  },\n});\n"
                    ),
                    (
                        "pages/index/index.html",
                        "<body x-data=\"page\">\n  <template x-for=\"item in store.items\" :key=\"item.id\">\n    <p @click=\"onOpen(item.id)\" @dblclick=\"onPick(item.id)\" @mouseover=\"onLog()\" x-text=\"item.name\"></p>\n  </template>\n</body>\n"
                    ),
                ]),
            RuleExample(
                files: [
                    (
                        "pages/index/index.js",
                        "Page({\n  data: { items: [{ id: 1, name: 'A' }] },\n  onOpen(id) {\n    skip.log('id=' + id);\n  },\n});\n"
                    ),
                    ("pages/index/index.html", "<body x-data=\"page\">\n  <p @click=\"onOpen(1)\">open</p>\n</body>\n"),
                ],
                configuration: "runtime: w3c\n"),
        ])

    public init() {}

    /// What the use makes of an object, by `PageParameterReader.ValueUse.use`.
    static func consequence(of use: String) -> String {
        switch use {
        case "compared": "compared, it never equals that value"
        case "used as a key": "used as a key, it looks up '[object Object]'"
        case "stored with 'setData'": "stored with 'setData', the page's data holds the event object"
        case "converted with 'Number'", "converted with 'parseInt'", "converted with 'parseFloat'": "\(use), it is NaN"
        default: "\(use), it reads '[object Object]'"
        }
    }

    public func check(page: PageModel, runtime: RuntimeProfile) -> [Finding] {
        guard runtime.has(.eventCarriesOnlyTypeAndDetail) else { return [] }
        guard let template = page.template, let script = page.script, script.loaded else { return [] }
        let passed = Self.valuesPassed(in: page, script: script, template: template)
        let handlers = Set(script.handlerNames.filter { passed[$0] != nil })
        guard !handlers.isEmpty else { return [] }
        return PageParameterReader(tokens: script.tokens).valueUses(ofMethods: handlers).map { use in
            Finding(
                "'\(use.parameter)' is the event '{ type, detail }', not the value the template passes (\(Self.quoted(passed[use.method] ?? ""))): \(Self.consequence(of: use.use)); read '\(use.parameter).detail'",
                at: script.span(use.range),
                fixIt: FixIt(message: "read the detail", span: script.span(use.range), replacement: "\(use.parameter).detail"))
        }
    }

    /// The handlers the template calls with a value, and the first value's text:
    /// `onOpen(item.id)` and `handler('onOpen', item.id)`.
    static func valuesPassed(in page: PageModel, script: ScriptModel, template: PageTemplate) -> [String: String] {
        let handlers = Set(script.handlerNames)
        let bridgeHelper = !handlers.contains("handler")
        var passed: [String: String] = [:]
        for use in page.uses(.on) {
            guard let expression = use.expression,
                let call = HandlerCall(
                    expression, handlers: handlers, bridgeHelper: bridgeHelper, scope: page.scope(ofElement: use.element)),
                let handler = call.handler, passed[handler] == nil
            else { continue }
            passed[handler] = Self.text(of: call.detail, in: use, template: template)
        }
        return passed
    }

    /// The value as written, in quotes unless it is a string literal already.
    static func quoted(_ text: String) -> String {
        text.hasPrefix("'") || text.hasPrefix("\"") ? text : "'\(text)'"
    }

    /// The expression as written in the template.
    private static func text(of expression: AlpineExpression, in use: DirectiveUse, template: PageTemplate) -> String {
        let range = use.fileRange(expression.range)
        guard range.upperBound <= template.file.bytes.count else { return "…" }
        return String(decoding: template.file.bytes[range], as: UTF8.self)
    }
}
