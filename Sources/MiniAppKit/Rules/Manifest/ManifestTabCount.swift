/// `tab_bar.tabs` has fewer than 2 or more than 5 tabs.
public struct ManifestTabCount: Rule {
    public static let description = RuleDescription(
        id: "manifest-tab-count", domain: .manifest, severity: .error,
        summary: "'tab_bar.tabs' does not have 2 to 5 tabs.",
        rationale: """
            A tab bar holds 2 to 5 tabs (WeChat's `tabBar`, SkipMiniApp's README). With fewer than \
            2, hosts show no tab bar at all; more than 5 do not fit and hosts refuse or truncate \
            them. Under the `skip` runtime, 0 and 1 tabs are `manifest-tab-bar-not-shown`'s, \
            which says what SkipMiniApp does with each (a blank app; a screen the navigation \
            disagrees with); this rule then reports only more than 5.
            """,
        triggering: [
            RuleExample(
                files: [
                    (
                        "manifest.json",
                        MinimalApp.manifest(
                            with: """
                                "tab_bar": { "tabs": 1️⃣[{ "page": "pages/index/index", "text": "Home", "icon": "icons/app.svg" }] }
                                """)
                    )
                ],
                configuration: "runtime: w3c\n",
                expected: [.at("1️⃣", "'tab_bar.tabs' has 1 tab; a tab bar needs 2 to 5, and with fewer than 2 none is shown")]),
            .manifest(
                members: """
                    "pages": ["pages/index/index", "pages/b/b", "pages/c/c", "pages/d/d", "pages/e/e", "pages/f/f"],
                    "tab_bar": { "tabs": 1️⃣[
                      { "page": "pages/index/index", "text": "A" }, { "page": "pages/b/b", "text": "B" },
                      { "page": "pages/c/c", "text": "C" }, { "page": "pages/d/d", "text": "D" },
                      { "page": "pages/e/e", "text": "E" }, { "page": "pages/f/f", "text": "F" }
                    ] }
                    """,
                files: [
                    "pages/b/b.html": "<body x-data=\"page\"></body>\n", "pages/c/c.html": "<body x-data=\"page\"></body>\n",
                    "pages/d/d.html": "<body x-data=\"page\"></body>\n", "pages/e/e.html": "<body x-data=\"page\"></body>\n",
                    "pages/f/f.html": "<body x-data=\"page\"></body>\n",
                ], expected: [.at("1️⃣", "'tab_bar.tabs' has 6 tabs; a tab bar needs 2 to 5, and more do not fit on a phone's tab bar")]),
        ],
        nonTriggering: [
            .twoTabApp,
            // Under `skip`, one tab is `manifest-tab-bar-not-shown`'s.
            .manifest(
                members: """
                    "tab_bar": { "tabs": [{ "page": "pages/index/index", "text": "Home" }] }
                    """),
        ])

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] {
        guard let tabs = model.manifest?["tab_bar"]?["tabs"], let elements = tabs.elements else { return [] }
        let count = elements.count
        let consequence: String
        switch count {
        case 2...5: return []
        case 0, 1:
            // SkipMiniApp's consequences differ by count: `manifest-tab-bar-not-shown` says them.
            if model.runtime.has(.tabBarNeedsTwoTabs) { return [] }
            consequence = "with fewer than 2 none is shown"
        default: consequence = "more do not fit on a phone's tab bar"
        }
        return [
            Finding(
                "'tab_bar.tabs' has \(count) \(count == 1 ? "tab" : "tabs"); a tab bar needs 2 to 5, and \(consequence)",
                at: model.manifestSpan(tabs.range))
        ]
    }
}
