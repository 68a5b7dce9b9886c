/// `switchTab` names a page that has no tab.
public struct ScriptSwitchTabNonTab: Rule {
    public static let description = RuleDescription(
        id: "script-switch-tab-non-tab", domain: .script, severity: .error,
        summary: "'switchTab' names a page that is not one of the tab bar's pages.",
        rationale:
            "`switchTab` selects a tab; for a page without a tab the runtime has nothing to select and the call does nothing. Use `navigateTo` for other pages.",
        runtimeFacts: ["skip.switch-tab-exact", "skip.flat-api-removed"],
        triggering: [
            .file(
                "pages/index/index.js",
                "Page({\n  data: { title: 'Hello' },\n  onTap() {\n    skip.nav.switchTab({ url: 1️⃣'pages/index/index' });\n  },\n});\n",
                expected: [.at("1️⃣", "'switchTab' to 'pages/index/index', which has no tab; use 'navigateTo' for pages outside the tab bar")]
            ),
            .file(
                "pages/index/index.js",
                "Page({\n  data: { title: 'Hello' },\n  onTap() {\n    miniapp.switchTab({ url: 1️⃣'pages/index/index' });\n  },\n});\n",
                expected: [.at("1️⃣", "'switchTab' to 'pages/index/index', which has no tab; use 'navigateTo' for pages outside the tab bar")]
            ),
        ],
        nonTriggering: [
            // In an app whose 'pages/me/me' has a tab.
            RuleExample(
                files: [
                    (
                        "pages/index/index.js",
                        "Page({\n  data: { title: 'Hello' },\n  onTap() {\n    skip.nav.switchTab({ url: 'pages/me/me' });\n  },\n});\n"
                    )
                ],
                supportFiles: [
                    "manifest.json": IconExample.tabsManifest, "pages/me/me.html": "<body x-data=\"page\"></body>\n",
                    "icons/home.svg": MinimalApp.files["icons/app.svg"]!,
                ])
        ])

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] {
        let tabRoutes = Set(model.pages.filter(\.isTab).map(\.route))
        let pageRoutes = model.pageRoutes
        return NavigationTarget.all(in: model, apis: ["nav.switchTab"]).compactMap { target in
            // A page missing from the manifest is the unknown-page rule's.
            guard let route = target.route, pageRoutes.contains(route), !tabRoutes.contains(route) else { return nil }
            return Finding(
                "'switchTab' to '\(route)', which has no tab; use 'navigateTo' for pages outside the tab bar",
                at: target.script.span(target.range))
        }
    }
}
