/// `manifest.json` is missing from the project root.
public struct ProjectMissingManifest: Rule {
    public static let description = RuleDescription(
        id: "project-missing-manifest", domain: .project, severity: .error,
        summary: "The project root has no 'manifest.json'.",
        rationale: """
            A runtime reads `manifest.json` at the package root before anything else; without it the \
            package fails to load (W3C MiniApp Packaging, processing algorithm step 2). Names are \
            case-sensitive: `Manifest.json` does not count.
            """,
        triggering: [
            .removing(["manifest.json"], expected: [.file("manifest.json", "the project has no 'manifest.json' at its root")]),
            // An empty folder: most likely the author meant to create the app here.
            .removing(
                MinimalApp.files.keys.sorted(),
                expected: [
                    .file("manifest.json", "the folder is empty, so there is no 'manifest.json'; 'mactl new .' creates a MiniApp here")
                ]),
        ],
        nonTriggering: [
            // A manifest that is there but empty is 'json-syntax-error', not a missing one.
            .manifest("")
        ])

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] {
        // A manifest that exists but could not be read is already reported by the project rules.
        guard model.manifestDocument == nil,
            !model.project.loadIssues.contains(where: { $0.path == ProjectModel.manifestPath })
        else { return [] }
        if model.project.paths.isEmpty, model.project.loadIssues.isEmpty {
            return [
                Finding(
                    "the folder is empty, so there is no 'manifest.json'; 'mactl new .' creates a MiniApp here",
                    at: .file(ProjectModel.manifestPath))
            ]
        }
        return [
            Finding(
                "the project has no 'manifest.json' at its root", at: .file(ProjectModel.manifestPath),
                notes: caseNotes(for: ProjectModel.manifestPath, in: model))
        ]
    }
}
