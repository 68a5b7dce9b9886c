/// `tab_bar.tabs` has fewer than 2 or more than 5 tabs.
public struct ManifestTabCount: Rule {
    public static let description = RuleDescription(
        id: "manifest-tab-count", domain: .manifest, severity: .error,
        summary: "'tab_bar.tabs' does not have 2 to 5 tabs.",
        rationale: """
            A tab bar holds 2 to 5 tabs (WeChat's `tabBar`, SkipMiniApp's README). With fewer than \
            2, SkipMiniApp shows no tab bar at all and opens the first page alone; more than 5 do \
            not fit and hosts refuse or truncate them.
            """,
        triggering: [
            .manifest(members: """
                "tab_bar": { "tabs": 1️⃣[{ "page": "pages/index/index", "icon": "icons/app.svg" }] }
                """, expected: [.at("1️⃣", "'tab_bar.tabs' has 1 tab; a tab bar needs 2 to 5, and with fewer than 2 none is shown")]),
        ],
        nonTriggering: [
            .twoTabApp,
        ])

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] {
        guard let tabs = model.manifest?["tab_bar"]?["tabs"], let elements = tabs.elements else { return [] }
        let count = elements.count
        let consequence: String
        switch count {
        case 2...5: return []
        case 0, 1: consequence = "with fewer than 2 none is shown"
        default: consequence = "more do not fit on a phone's tab bar"
        }
        return [Finding(
            "'tab_bar.tabs' has \(count) \(count == 1 ? "tab" : "tabs"); a tab bar needs 2 to 5, and \(consequence)",
            at: model.manifestSpan(tabs.range))]
    }
}
