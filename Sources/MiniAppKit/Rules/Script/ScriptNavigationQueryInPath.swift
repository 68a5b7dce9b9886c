/// A navigation url carries a `?query` the runtime takes as part of the file path.
public struct ScriptNavigationQueryInPath: Rule {
    public static let description = RuleDescription(
        id: "script-navigation-query-in-path", domain: .script, severity: .error,
        summary:
            "A 'navigateTo', 'redirectTo', 'reLaunch' or 'switchTab' url has a '?query', which the runtime reads as part of the file path.",
        rationale: """
            SkipMiniApp uses the url verbatim as a file path: it loads `url + ".html"` and \
            `url + ".js"`, so `pages/d/d?id=1` names no file and the page loads blank, without \
            its script. `navigateTo` takes the query apart, in `query:` (the page's `onLoad` gets \
            it as `options.query`); `redirectTo` and `reLaunch` pass none; `switchTab` switches \
            only when the url is a tab's page exactly. Urls built at run time are checked on \
            their written start (`'pages/d/d?id=' + id`, `` `pages/d/d?id=${id}` ``). The \
            fix-it moves the query of a `navigateTo` into `query:`. Runtimes that resolve urls \
            themselves (`w3c`) are not checked.
            """,
        runtimeFacts: ["skip.navigation-url-is-path", "skip.switch-tab-exact", "skip.onload-query"],
        triggering: [
            .file(
                "pages/index/index.js",
                "Page({\n  data: { title: 'Hello' },\n  onTap({ detail: id }) {\n    skip.nav.navigateTo({ url: 1️⃣'pages/index/index?id=1' });\n    skip.nav.navigateTo({ url: 2️⃣'pages/index/index?id=' + id });\n    skip.redirectTo({ url: 3️⃣`pages/index/index?id=${id}` });\n  },\n});\n",
                expected: [
                    .at(
                        "1️⃣",
                        "'navigateTo' url 'pages/index/index?id=1' is used verbatim as a file path, so the page loads blank; pass the query in 'query:'"
                    ).fixIt("'pages/index/index', query: 'id=1'"),
                    .at(
                        "2️⃣",
                        "'navigateTo' url 'pages/index/index?id=…' is used verbatim as a file path, so the page loads blank; pass the query in 'query:'"
                    ).fixIt("'pages/index/index', query: 'id=' + id"),
                    .at(
                        "3️⃣",
                        "'redirectTo' url 'pages/index/index?id=…' is used verbatim as a file path, so the page loads blank; 'redirectTo' passes no query: open 'pages/index/index' and keep the values elsewhere"
                    ),
                ])
        ],
        nonTriggering: [
            .file(
                "pages/index/index.js",
                "Page({\n  data: { title: 'Hello' },\n  onTap({ detail: id }) {\n    skip.nav.navigateTo({ url: 'pages/index/index', query: 'id=' + id });\n    skip.nav.navigateTo({ url: 'pages/index/' + 'index', query: `id=${id}` });\n    skip.log('pages/index/index?id=1');\n  },\n});\n"
            ),
            RuleExample(
                files: [
                    (
                        "pages/index/index.js",
                        "Page({\n  data: { title: 'Hello' },\n  onTap() {\n    skip.nav.navigateTo({ url: 'pages/index/index?id=1' });\n  },\n});\n"
                    )
                ],
                configuration: "runtime: w3c\n"),
        ])

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] {
        guard model.runtime.navigationURLIsFilePath else { return [] }
        return NavigationTarget.all(in: model, apis: NavigationTarget.urlAPIs).compactMap { target in
            guard let question = target.url.firstIndex(of: "?") else { return nil }
            let source = NavigationURLSource(target: target)
            let path = String(target.url[..<question])
            let span = target.script.span(target.range)
            let start = "'\(target.shortName)' url \(source.shown) is used verbatim as a file path"
            switch target.shortName {
            case "navigateTo":
                var fixIt: FixIt?
                // `'p?q'`, `'p?q' + x`, `` `p?q${x}` ``: the path stays, the rest becomes `query:`.
                if target.options.member(named: "query") == nil, !target.options.hasSpread, source.isWrittenPlain(path + "?"),
                    let pathLiteral = source.literal(path), let quote = source.quote
                {
                    let query = String(UnicodeScalar(quote)) + source.rest(afterTextBytes: path.utf8.count + 1)
                    fixIt = FixIt(message: "move the query to 'query:'", span: span, replacement: "\(pathLiteral), query: \(query)")
                }
                return Finding("\(start), so the page loads blank; pass the query in 'query:'", at: span, fixIt: fixIt)
            case "switchTab":
                var fixIt: FixIt?
                if target.isWhole, source.isWrittenPlain(path + "?"), let pathLiteral = source.literal(path) {
                    fixIt = FixIt(message: "remove the query", span: span, replacement: pathLiteral)
                }
                return Finding(
                    "\(start) and 'switchTab' switches only to a tab's page exactly, so nothing happens; open '\(path)' without the query",
                    at: span, fixIt: fixIt)
            default:
                return Finding(
                    "\(start), so the page loads blank; '\(target.shortName)' passes no query: open '\(path)' and keep the values elsewhere",
                    at: span)
            }
        }
    }
}
