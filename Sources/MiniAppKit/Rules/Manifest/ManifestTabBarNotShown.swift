/// `tab_bar.tabs` has fewer than two tabs, so SkipMiniApp shows no tab bar: with none the
/// app is blank, with one the page shown and the navigation disagree.
public struct ManifestTabBarNotShown: Rule {
    public static let description = RuleDescription(
        id: "manifest-tab-bar-not-shown", domain: .manifest, severity: .error,
        summary: "'tab_bar.tabs' has fewer than two tabs: SkipMiniApp shows no tab bar, and with none renders nothing.",
        rationale: """
            SkipMiniApp builds a tab bar only from two tabs up. With `"tabs": []` its navigation \
            module makes no navigation stack and the view has nothing to draw: the app opens \
            blank, with no message (an error). With one tab there is no tab bar either: the \
            view shows `pages[0]` alone, while the navigation module roots its stack at the \
            tab's page (a warning). When that page is not `pages[0]`, the two disagree: \
            `switchTab` to the tab's page does nothing, `reLaunch` to it shows `pages[0]`, and \
            `setNavigationBarTitle` on the first screen titles the tab's page instead, so the \
            screen keeps an empty title. List two tabs or more, or remove `tab_bar`.

            Under the `skip` runtime `manifest-tab-count` leaves 0 and 1 tabs to this rule and \
            keeps reporting more than 5.
            """,
        runtimeFacts: ["skip.tab-bar-two-tabs"],
        triggering: [
            .manifest(
                members: """
                    "tab_bar": { "tabs": 1️⃣[] }
                    """,
                expected: [
                    .at(
                        "1️⃣",
                        "'tab_bar.tabs' is empty: SkipMiniApp renders nothing and the app opens blank; list 2 to 5 tabs, or remove 'tab_bar'"
                    )
                ]),
            .manifest(
                members: """
                    "tab_bar": { "tabs": 1️⃣[{ "page": "pages/index/index", "text": "Home" }] }
                    """,
                expected: [
                    .at(
                        "1️⃣",
                        "'tab_bar.tabs' has 1 tab: SkipMiniApp shows no tab bar, only 'pages/index/index'; add a second tab, or remove 'tab_bar'"
                    )
                    .severity(.warning)
                ]),
            .manifest(
                members: """
                    "pages": ["pages/index/index", "pages/me/me"],
                    "tab_bar": { "tabs": 1️⃣[{ "page": "pages/me/me", "text": "Me" }] }
                    """, files: ["pages/me/me.html": "<body x-data=\"page\"></body>\n"],
                expected: [
                    .at(
                        "1️⃣",
                        "'tab_bar.tabs' has 1 tab: SkipMiniApp shows no tab bar and opens 'pages/index/index' (pages[0]) while navigation is rooted at the tab's page 'pages/me/me': switchTab to 'pages/me/me' does nothing and reLaunch to it shows 'pages/index/index', and setNavigationBarTitle on the first screen titles 'pages/me/me' instead; add a second tab, or remove 'tab_bar'"
                    )
                    .severity(.warning)
                ]),
        ],
        nonTriggering: [
            // Two tabs: the tab bar is shown.
            .manifest(
                members: """
                    "pages": ["pages/index/index", "pages/me/me"],
                    "tab_bar": { "tabs": [
                      { "page": "pages/index/index", "text": "Home" },
                      { "page": "pages/me/me", "text": "Me" }
                    ] }
                    """, files: ["pages/me/me.html": "<body x-data=\"page\"></body>\n"]),
            // An absent tab bar, or a `null` one (the decoder reads it as absent): one stack on `pages[0]`.
            .manifest(
                members: """
                    "tab_bar": null
                    """),
            // A W3C host is `manifest-tab-count`'s.
            RuleExample(
                files: [("manifest.json", MinimalApp.manifest(with: #""tab_bar": { "tabs": [] }"#))],
                configuration: "runtime: w3c\n"),
        ])

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] {
        guard model.runtime.has(.tabBarNeedsTwoTabs), let tabs = model.manifest?["tab_bar"]?["tabs"],
            let elements = tabs.elements, elements.count < 2
        else { return [] }
        let span = model.manifestSpan(tabs.range)
        guard let tab = elements.first else {
            return [
                Finding(
                    "'tab_bar.tabs' is empty: SkipMiniApp renders nothing and the app opens blank; list 2 to 5 tabs, or remove 'tab_bar'",
                    at: span)
            ]
        }
        let remedy = "add a second tab, or remove 'tab_bar'"
        let first = model.manifest?["pages"]?.elements?.first?.stringValue
        let tabPage = tab["page"]?.stringValue
        // The view opens `pages[0]`; the navigation module roots its stack at the tab's page.
        // The same file written two ways (`./pages/x/x`) is the same screen.
        guard let first, let tabPage, let firstRoute = ManifestPaths.canonicalRoute(first),
            let tabRoute = ManifestPaths.canonicalRoute(tabPage), firstRoute != tabRoute
        else {
            let shown = first.map { ", only '\($0)'" } ?? ""
            return [
                Finding("'tab_bar.tabs' has 1 tab: SkipMiniApp shows no tab bar\(shown); \(remedy)", at: span, defaultSeverity: .warning)
            ]
        }
        return [
            Finding(
                "'tab_bar.tabs' has 1 tab: SkipMiniApp shows no tab bar and opens '\(first)' (pages[0]) while navigation is rooted at the tab's page '\(tabPage)': switchTab to '\(tabPage)' does nothing and reLaunch to it shows '\(first)', and setNavigationBarTitle on the first screen titles '\(tabPage)' instead; \(remedy)",
                at: span, defaultSeverity: .warning)
        ]
    }
}
