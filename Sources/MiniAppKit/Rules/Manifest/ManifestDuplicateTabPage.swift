/// Two tabs open the same page.
public struct ManifestDuplicateTabPage: Rule {
    public static let description = RuleDescription(
        id: "manifest-duplicate-tab-page", domain: .manifest, severity: .error,
        summary: "Two tabs name the same page.",
        rationale:
            "Each tab keeps its own navigation stack rooted at its page; two tabs on one page are a copy-paste slip, and `switchTab` to that page cannot tell which tab to open.",
        triggering: [
            .manifest(
                members: """
                    "pages": ["pages/index/index", "pages/me/me"],
                    "tab_bar": { "tabs": [
                      { "page": "pages/index/index", "text": "Home", "icon": "icons/app.svg" },
                      { "page": 1️⃣"pages/index/index", "text": "Home", "icon": "icons/app.svg" }
                    ] }
                    """, files: ["pages/me/me.html": "<body x-data=\"page\"></body>\n"],
                expected: [.at("1️⃣", "page 'pages/index/index' already has a tab")])
        ],
        nonTriggering: [
            .twoTabApp
        ])

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] {
        var firstTab: [String: JSONNode] = [:]
        var findings: [Finding] = []
        for (_, tab) in model.tabNodes {
            guard let node = tab["page"], let page = node.stringValue, let route = ManifestPaths.canonicalRoute(page) else { continue }
            if let first = firstTab[route] {
                findings.append(
                    Finding(
                        "page '\(page)' already has a tab", at: model.manifestSpan(node.range),
                        notes: [DiagnosticNote(message: "first tab for the page", span: model.manifestSpan(first.range))]))
            } else {
                firstTab[route] = node
            }
        }
        return findings
    }
}
