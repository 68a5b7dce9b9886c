/// `redirectTo`, `reLaunch` or `switchTab` given a `query`, which only `navigateTo` passes on.
public struct ScriptNavigationQueryIgnored: Rule {
    public static let description = RuleDescription(
        id: "script-navigation-query-ignored", domain: .script, severity: .error,
        summary: "'redirectTo', 'reLaunch' or 'switchTab' is given a 'query', which the runtime ignores.",
        rationale: """
            Of SkipMiniApp's navigation calls only `navigateTo` hands its `query` to the page it \
            opens: `redirectTo` and `reLaunch` take the url only, and the page's `onLoad` gets \
            an empty query; a tab page's `onLoad` ran when the tab was first shown. What the \
            query carried never arrives. Keep the value where the page can read it (a top-level \
            `var` of `app.js`, `skip.fs`), or open the page with `navigateTo`.
            """,
        runtimeFacts: ["skip.navigation-query-navigate-to-only"],
        triggering: [
            .file(
                "pages/index/index.js",
                "Page({\n  data: { title: 'Hello' },\n  onSave() {\n    skip.nav.redirectTo({ url: 'pages/index/index', 1️⃣query: 'saved=1' });\n  },\n});\n",
                expected: [
                    .at(
                        "1️⃣",
                        "'redirectTo' ignores 'query': only 'navigateTo' passes one, so the page it opens gets an empty query in 'onLoad'")
                ])
        ],
        nonTriggering: [
            .file(
                "pages/index/index.js",
                "Page({\n  data: { title: 'Hello' },\n  onOpen() {\n    skip.nav.navigateTo({ url: 'pages/index/index', query: 'id=1' });\n    skip.nav.reLaunch({ url: 'pages/index/index' });\n  },\n});\n"
            )
        ])

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] {
        guard model.runtime.has(.nativeHostArguments) else { return [] }
        return NavigationTarget.all(in: model, apis: ["nav.redirectTo", "nav.reLaunch", "nav.switchTab"]).compactMap { target in
            guard let query = target.options.member(named: "query") else { return nil }
            return Finding(
                "'\(target.shortName)' ignores 'query': only 'navigateTo' passes one, so the page it opens gets an empty query in 'onLoad'",
                at: target.script.span(query.keyRange))
        }
    }
}
