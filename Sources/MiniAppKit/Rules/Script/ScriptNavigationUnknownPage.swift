/// A navigation call names a page that is not in the manifest.
public struct ScriptNavigationUnknownPage: Rule {
    public static let description = RuleDescription(
        id: "script-navigation-unknown-page", domain: .script, severity: .error,
        summary: "'navigateTo', 'redirectTo', 'reLaunch' or 'switchTab' names a page that is not in the manifest's 'pages'.",
        rationale: """
            The runtime opens only pages listed in the manifest; a url to any other page does \
            nothing when tapped. Every spelling is checked, the moved flat ones (`skip.navigateTo`) \
            included. A literal url is checked, and so is the written start of a url built at run \
            time when it holds the whole path (`'pages/d/d?id=' + id`, `` `pages/d/d?id=${id}` ``); \
            `'pages/' + name` is not guessed at. The page is read without its query and leading \
            `/`: whether the runtime takes those is `script-navigation-query-in-path`'s and \
            `script-navigation-leading-slash`'s.
            """,
        runtimeFacts: ["skip.flat-api-removed"],
        triggering: [
            .file(
                "pages/index/index.js",
                "Page({\n  data: { title: 'Hello' },\n  onTap() {\n    skip.nav.navigateTo({ url: 1️⃣'pages/detail/detail?id=1' });\n  },\n});\n",
                expected: [.at("1️⃣", "'navigateTo' opens 'pages/detail/detail', which is not a page in the manifest")]),
            .file(
                "pages/index/index.js",
                "Page({\n  data: { title: 'Hello' },\n  onTap({ detail: id }) {\n    skip.navigateTo({ url: 1️⃣'pages/nope/nope' });\n    skip.nav.navigateTo({ url: 2️⃣`pages/detal/detail?id=${id}` });\n  },\n});\n",
                expected: [
                    .at("1️⃣", "'navigateTo' opens 'pages/nope/nope', which is not a page in the manifest"),
                    .at("2️⃣", "'navigateTo' opens 'pages/detal/detail', which is not a page in the manifest"),
                ]),
            // A close spelling of a listed page, and a page named by its folder, get it with a fix-it.
            RuleExample(
                files: [
                    (
                        "pages/index/index.js",
                        "Page({\n  data: { title: 'Hello' },\n  onTap() {\n    skip.nav.navigateTo({ url: 1️⃣'pages/detial/detail', query: 'id=1' });\n    skip.nav.navigateTo({ url: 2️⃣'detail' });\n  },\n});\n"
                    )
                ],
                supportFiles: [
                    "manifest.json": MinimalApp.manifest(with: #""pages": ["pages/index/index", "pages/detail/detail"]"#),
                    "pages/detail/detail.html": "<body x-data=\"page\"></body>\n",
                ],
                expected: [
                    .at(
                        "1️⃣",
                        "'navigateTo' opens 'pages/detial/detail', which is not a page in the manifest; did you mean 'pages/detail/detail'?"
                    ).fixIt("pages/detail/detail"),
                    .at("2️⃣", "'navigateTo' opens 'detail', which is not a page in the manifest; did you mean 'pages/detail/detail'?").fixIt(
                        "pages/detail/detail"),
                ]),
            // The url names the files; the manifest lists them in another letter case.
            RuleExample(
                files: [
                    (
                        "pages/index/index.js",
                        "Page({\n  data: { title: 'Hello' },\n  onTap() {\n    skip.nav.navigateTo({ url: 1️⃣'pages/detail/detail' });\n  },\n});\n"
                    )
                ],
                supportFiles: [
                    "manifest.json": MinimalApp.manifest(with: #""pages": ["pages/index/index", "pages/Detail/detail"]"#),
                    "pages/detail/detail.html": "<body x-data=\"page\"></body>\n",
                ],
                expected: [
                    .at(
                        "1️⃣",
                        "'navigateTo' opens 'pages/detail/detail', which is not a page in the manifest; its template exists, but the manifest lists it as 'pages/Detail/detail', whose letter case differs: correct the manifest's 'pages'"
                    )
                ]),
        ],
        nonTriggering: [
            .file(
                "pages/index/index.js",
                "Page({\n  data: { title: 'Hello' },\n  onTap({ detail: name }) {\n    skip.nav.navigateTo({ url: 'pages/index/index', query: 'from=tap' });\n    skip.nav.navigateTo({ url: 'pages/' + name + '/' + name });\n  },\n});\n"
            )
        ])

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] {
        let routes = model.pageRoutes
        let targets = NavigationTarget.all(in: model, apis: NavigationTarget.urlAPIs)
        return targets.compactMap { target in
            guard let route = target.route, !routes.contains(route) else { return nil }
            let suggestion = PageRouteSuggestion.suggestion(for: route, in: model)
            let message = "'\(target.shortName)' opens '\(route)', which is not a page in the manifest" + (suggestion?.clause ?? "")
            return Finding(
                message, at: target.script.span(target.range),
                fixIt: suggestion?.page.flatMap { PageRouteSuggestion.fixIt(writing: $0, for: target) })
        }
    }
}
