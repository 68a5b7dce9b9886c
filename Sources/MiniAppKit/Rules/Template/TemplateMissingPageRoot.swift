/// The page has no `x-data="page"` root, or its outermost `x-data` is something else.
public struct TemplateMissingPageRoot: PageRule {
    public static let description = RuleDescription(
        id: "template-missing-page-root", domain: .template, severity: .error,
        summary: "A page template has no element with 'x-data=\"page\"' around its directives.",
        rationale: """
            The runtime registers the page's component as `Alpine.data('page')`; only inside \
            `x-data="page"` (usually on `<body>`) do `store`, the handlers and `$t` exist. A page \
            without it renders its static HTML and nothing binds; an outermost `x-data` with another \
            value is a component the bridge knows nothing about. A static page needs no root: \
            the rule reports a missing root only when the page means to bind, that is when its \
            template uses an Alpine directive (`x-*`, `@…`, `:…`, which is where `store.` and \
            `$t` go), or its script registers handlers or calls `setData`. A script with only \
            lifecycle hooks and a `data` no template reads is still a static page.
            """,
        runtimeFacts: ["skip.page-root"],
        triggering: [
            .file(
                "pages/index/index.html", "1️⃣<!DOCTYPE html>\n<html>\n<body>\n  <p x-text=\"store.title\"></p>\n</body>\n</html>\n",
                expected: [.at("1️⃣", "the page has no 'x-data=\"page\"' root; nothing in it binds to the page's data or handlers")]),
            // A static template whose script has a handler the page cannot reach.
            RuleExample(
                files: [
                    ("pages/index/index.html", "1️⃣<!DOCTYPE html>\n<html>\n<body>\n  <h1>Settings</h1>\n</body>\n</html>\n"),
                    ("pages/index/index.js", "Page({\n  onTapSave() {}\n});\n"),
                ],
                expected: [.at("1️⃣", "the page has no 'x-data=\"page\"' root; nothing in it binds to the page's data or handlers")]),
            RuleExample(
                files: [
                    ("pages/index/index.html", "1️⃣<!DOCTYPE html>\n<html>\n<body>\n  <h1>Clock</h1>\n</body>\n</html>\n"),
                    ("pages/index/index.js", "Page({\n  onLoad() {\n    this.setData({ now: Date.now() });\n  },\n});\n"),
                ],
                expected: [.at("1️⃣", "the page has no 'x-data=\"page\"' root; nothing in it binds to the page's data or handlers")]),
            .file(
                "pages/index/index.html", "<body x-data=\"1️⃣{ title: 'x' }\">\n  <p x-text=\"title\"></p>\n</body>\n",
                expected: [.at("1️⃣", "the outermost 'x-data' must be 'page', the component the runtime registers; found '{ title: 'x' }'")]),
        ],
        nonTriggering: [
            .file(
                "pages/index/index.html",
                "<body x-data=\"page\">\n  <div x-data=\"{ open: false }\"><p x-show=\"open\"></p></div>\n</body>\n"),
            // Alpine's data providers make `page()` the same component as `page`.
            .file("pages/index/index.html", "<body x-data=\"page()\">\n  <p x-text=\"store.title\"></p>\n</body>\n"),
            // A static page: plain HTML, and a script with lifecycle hooks and a `data` nothing reads.
            RuleExample(files: [
                (
                    "pages/index/index.html",
                    "<!DOCTYPE html>\n<html>\n<body>\n  <h1>About</h1>\n  <p class=\"note\">Version 1.0</p>\n</body>\n</html>\n"
                ),
                ("pages/index/index.js", "Page({\n  data: { items: [] },\n  onLoad() { console.log('about'); },\n  onShow() {},\n});\n"),
            ]),
            // A zero-byte template, which SkipMiniApp skips: `project-empty-file` reports it.
            RuleExample(files: [("pages/index/index.html", ""), ("pages/index/index.js", "Page({\n  onTapSave() {}\n});\n")]),
            // A static page with no script at all.
            RuleExample(
                files: [("pages/index/index.html", "<!DOCTYPE html>\n<html>\n<body><h1>Minimal</h1></body>\n</html>\n")],
                removedFiles: ["pages/index/index.js"]),
        ])

    public init() {}

    public func check(page: PageModel, runtime: RuntimeProfile) -> [Finding] {
        // A zero-byte template the runtime skips is `project-empty-file`'s.
        guard let template = page.template, !runtime.skipsAsEmpty(page.template?.file) else { return [] }
        let dataUses = page.uses(.data)
        // The outermost x-data: one with no x-data around it.
        let dataElements = Set(dataUses.map(\.element))
        let outermost = dataUses.filter { use in !template.ancestors(of: use.element).contains(where: dataElements.contains) }
        if outermost.isEmpty {
            guard Self.meansToBind(page) else { return [] }
            return [
                Finding(
                    "the page has no 'x-data=\"page\"' root; nothing in it binds to the page's data or handlers", at: template.span(0..<0))
            ]
        }
        for use in outermost where use.expression?.namesPageComponent != true {
            let value = use.attribute.value ?? ""
            return [
                Finding(
                    "the outermost 'x-data' must be 'page', the component the runtime registers; found '\(value)'",
                    at: page.span(use.valueOrNameRange))
            ]
        }
        return []
    }

    /// Whether the page means to bind to its data or handlers: its template uses a directive
    /// (`store.` and `$t` appear only in directives), or its script registers a handler or
    /// calls `setData`. A page with none of these is static and renders without a root.
    static func meansToBind(_ page: PageModel) -> Bool {
        if !page.directives.isEmpty { return true }
        guard let script = page.script else { return false }
        return !script.handlerNames.isEmpty || !script.facts.setDataCalls.isEmpty
    }
}

extension String {
    var trimmingWhitespace: String {
        String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}
