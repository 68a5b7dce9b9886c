/// `navigateTo` or `redirectTo` names a tab page.
public struct ScriptNavigateToTab: Rule {
    public static let description = RuleDescription(
        id: "script-navigate-to-tab", domain: .script, severity: .error,
        summary: "'navigateTo' or 'redirectTo' names a page that has a tab.",
        rationale: """
            A tab page is the root of its tab's stack: pushing it onto another stack shows it \
            without its tab selected, twice in memory, as WeChat-style hosts refuse to do. Use \
            `switchTab` to show a tab page.
            """,
        runtimeFacts: ["skip.flat-api-removed"],
        triggering: [
            RuleExample(
                files: [
                    ("pages/index/index.js", "Page({\n  data: { title: 'Hello' },\n  onTap() {\n    skip.nav.navigateTo({ url: 1️⃣'pages/me/me' });\n  },\n});\n"),
                ],
                supportFiles: ["manifest.json": IconExample.tabsManifest, "pages/me/me.html": "<body x-data=\"page\"></body>\n", "icons/home.svg": MinimalApp.files["icons/app.svg"]!],
                expected: [.at("1️⃣", "'navigateTo' to the tab page 'pages/me/me'; use 'switchTab' to show a tab")]),
            RuleExample(
                files: [
                    ("pages/index/index.js", "Page({\n  data: { title: 'Hello' },\n  onTap() {\n    skip.redirectTo({ url: 1️⃣'pages/me/me' });\n  },\n});\n"),
                ],
                supportFiles: ["manifest.json": IconExample.tabsManifest, "pages/me/me.html": "<body x-data=\"page\"></body>\n", "icons/home.svg": MinimalApp.files["icons/app.svg"]!],
                expected: [.at("1️⃣", "'redirectTo' to the tab page 'pages/me/me'; use 'switchTab' to show a tab")]),
        ],
        nonTriggering: [
            // In the same two-tab app, 'switchTab' to the tab page, and 'navigateTo' a page without a tab.
            RuleExample(
                files: [
                    ("pages/index/index.js", "Page({\n  data: { title: 'Hello' },\n  onTap() {\n    skip.nav.switchTab({ url: 'pages/me/me' });\n    skip.nav.navigateTo({ url: 'pages/detail/detail' });\n  },\n});\n"),
                ],
                supportFiles: [
                    "manifest.json": IconExample.tabsManifest.replacingOccurrences(of: "\"pages/me/me\"]", with: "\"pages/me/me\", \"pages/detail/detail\"]"),
                    "pages/me/me.html": "<body x-data=\"page\"></body>\n", "pages/detail/detail.html": "<body x-data=\"page\"></body>\n",
                    "icons/home.svg": MinimalApp.files["icons/app.svg"]!,
                ]),
        ])

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] {
        let tabRoutes = Set(model.pages.filter(\.isTab).map(\.route))
        return NavigationTarget.all(in: model, apis: ["nav.navigateTo", "nav.redirectTo"]).compactMap { target in
            guard let route = target.route, tabRoutes.contains(route) else { return nil }
            return Finding("'\(target.shortName)' to the tab page '\(route)'; use 'switchTab' to show a tab", at: target.script.span(target.range))
        }
    }
}
