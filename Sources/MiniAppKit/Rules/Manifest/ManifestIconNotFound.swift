/// An app icon's `src` names a file that is not in the project.
public struct ManifestIconNotFound: Rule {
    public static let description = RuleDescription(
        id: "manifest-icon-not-found", domain: .manifest, severity: .error,
        summary: "An 'icons[].src' file is not in the project.",
        rationale: "The launcher and the host's app list show the icon; a missing file is a blank or generic icon on the phone. The check is case-sensitive, as the package is.",
        triggering: [
            .manifest(members: """
                "icons": [{ "src": 1️⃣"icons/App.svg" }]
                """, expected: [.at("1️⃣", "icon 'icons/App.svg' is not in the project")]),
        ],
        nonTriggering: [
            .manifest(members: """
                "icons": [{ "src": "icons/App.svg" }]
                """, files: ["icons/App.svg": MinimalApp.files["icons/app.svg"]!]),
        ])

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] {
        (model.manifest?["icons"]?.elements ?? []).compactMap { icon in
            guard let node = icon["src"], let src = node.stringValue, let path = ManifestPaths.normalized(src),
                  !model.project.contains(path) else { return nil }
            return Finding("icon '\(src)' is not in the project", at: model.manifestSpan(node.range), notes: caseNotes(for: path, in: model))
        }
    }
}
