/// A tab's `icon` names a file that is not in the project.
public struct ManifestTabIconNotFound: Rule {
    public static let description = RuleDescription(
        id: "manifest-tab-icon-not-found", domain: .manifest, severity: .error,
        summary: "A tab's 'icon' file is not in the project.",
        rationale:
            "A missing tab icon falls back to a generic symbol (SkipMiniApp uses SF Symbols by position), so the tab bar looks unlike the design. The check is case-sensitive.",
        triggering: [
            .manifest(
                members: """
                    "pages": ["pages/index/index", "pages/me/me"],
                    "tab_bar": { "tabs": [
                      { "page": "pages/index/index", "text": "Home", "icon": "icons/app.svg" },
                      { "page": "pages/me/me", "text": "Me", "icon": 1️⃣"icons/me.svg" }
                    ] }
                    """, files: ["pages/me/me.html": "<body x-data=\"page\"></body>\n"],
                expected: [.at("1️⃣", "tab icon 'icons/me.svg' is not in the project")]),
            // A close spelling of a file in the same folder is suggested, with its fix-it.
            .manifest(
                members: """
                    "pages": ["pages/index/index", "pages/me/me"],
                    "tab_bar": { "tabs": [
                      { "page": "pages/index/index", "text": "Home", "icon": "icons/app.svg" },
                      { "page": "pages/me/me", "text": "Me", "icon": 1️⃣"icons/ap.svg" }
                    ] }
                    """, files: ["pages/me/me.html": "<body x-data=\"page\"></body>\n"],
                expected: [
                    .at("1️⃣", "tab icon 'icons/ap.svg' is not in the project; did you mean 'icons/app.svg'?").fixIt("\"icons/app.svg\"")
                ]),
        ],
        nonTriggering: [
            .manifest(
                members: """
                    "pages": ["pages/index/index", "pages/me/me"],
                    "tab_bar": { "tabs": [
                      { "page": "pages/index/index", "text": "Home", "icon": "icons/app.svg" },
                      { "page": "pages/me/me", "text": "Me", "icon": "./icons/me.svg" }
                    ] }
                    """, files: ["pages/me/me.html": "<body x-data=\"page\"></body>\n", "icons/me.svg": MinimalApp.files["icons/app.svg"]!])
        ])

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] {
        model.tabNodes.compactMap { _, tab in
            guard let node = tab["icon"], let icon = node.stringValue, let path = ManifestPaths.normalized(icon),
                !model.project.contains(path)
            else { return nil }
            let span = model.manifestSpan(node.range)
            let advice = FilePathSuggestion.advice(for: icon, path: path, at: span, in: model)
            return Finding(
                "tab icon '\(icon)' is not in the project\(advice.clause)", at: span, notes: caseNotes(for: path, in: model),
                fixIt: advice.fixIt)
        }
    }
}
