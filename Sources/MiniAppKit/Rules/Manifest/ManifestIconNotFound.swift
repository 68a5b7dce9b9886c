/// An app icon's `src` names a file that is not in the project.
public struct ManifestIconNotFound: Rule {
    public static let description = RuleDescription(
        id: "manifest-icon-not-found", domain: .manifest, severity: .error,
        summary: "An 'icons[].src' file is not in the project.",
        rationale: """
            A W3C host shows the icon in its launcher and app list; a missing file is a blank or \
            generic icon there. SkipMiniApp decodes `icons` but never reads the file, so under the \
            `skip` runtime this is a warning: the app runs, but is not ready for other hosts. The \
            check is case-sensitive, as the package is.
            """,
        runtimeFacts: ["skip.icons-decoded-only"],
        triggering: [
            .manifest(
                members: """
                    "icons": [{ "src": 1️⃣"icons/App.svg" }]
                    """,
                expected: [.at("1️⃣", "icon 'icons/App.svg' is not in the project; did you mean 'icons/app.svg'?").fixIt("\"icons/app.svg\"")]
            )
        ],
        nonTriggering: [
            .manifest(
                members: """
                    "icons": [{ "src": "icons/App.svg" }]
                    """, files: ["icons/App.svg": MinimalApp.files["icons/app.svg"]!])
        ])

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] {
        (model.manifest?["icons"]?.elements ?? []).compactMap { icon in
            guard let node = icon["src"], let src = node.stringValue, let path = ManifestPaths.normalized(src),
                !model.project.contains(path)
            else { return nil }
            let span = model.manifestSpan(node.range)
            let advice = FilePathSuggestion.advice(for: src, path: path, at: span, in: model)
            return Finding(
                "icon '\(src)' is not in the project\(advice.clause)", at: span, notes: caseNotes(for: path, in: model),
                fixIt: advice.fixIt, defaultSeverity: model.runtime.readsIconsAndWidgets ? nil : .warning)
        }
    }
}
