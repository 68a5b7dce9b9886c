/// A navigation call names a page that is not in the manifest.
public struct ScriptNavigationUnknownPage: Rule {
    public static let description = RuleDescription(
        id: "script-navigation-unknown-page", domain: .script, severity: .error,
        summary: "'navigateTo', 'redirectTo', 'reLaunch' or 'switchTab' names a page that is not in the manifest's 'pages'.",
        rationale: """
            The runtime opens only pages listed in the manifest; a url to any other page does \
            nothing when tapped. Only literal urls are checked: a url built at run time is not \
            guessed at. A query (`?id=1`) and a leading `/` are allowed.
            """,
        triggering: [
            .file("pages/index/index.js", "Page({\n  data: { title: 'Hello' },\n  onTap() {\n    skip.nav.navigateTo({ url: 1️⃣'pages/detail/detail?id=1' });\n  },\n});\n",
                  expected: [.at("1️⃣", "'navigateTo' opens 'pages/detail/detail', which is not a page in the manifest")]),
        ],
        nonTriggering: [
            .file("pages/index/index.js", "Page({\n  data: { title: 'Hello' },\n  onTap(id) {\n    skip.nav.reLaunch({ url: '/pages/index/index?from=tap' });\n    skip.nav.navigateTo({ url: 'pages/item/item?id=' + id });\n  },\n});\n"),
        ])

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] {
        let routes = model.pageRoutes
        let targets = NavigationTarget.all(in: model, apis: ["nav.navigateTo", "nav.redirectTo", "nav.reLaunch", "nav.switchTab"])
        return targets.compactMap { target in
            guard !routes.contains(target.route) else { return nil }
            var message = "'\(target.shortName)' opens '\(target.route)', which is not a page in the manifest"
            if let suggestion = NameSuggester.closest(to: target.route, in: routes.sorted()) { message += "; did you mean '\(suggestion)'?" }
            return Finding(message, at: target.script.span(target.range))
        }
    }
}
