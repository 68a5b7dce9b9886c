/// `app.js` or `app.css` is missing from the project root.
public struct ProjectMissingRootFile: Rule {
    public static let description = RuleDescription(
        id: "project-missing-root-file", domain: .project, severity: .error,
        summary: "The project root has no 'app.js' or no 'app.css'.",
        rationale: """
            W3C MiniApp Packaging requires both at the root (`app.css` may be empty), and a runtime \
            fails to prepare the app when either is missing (processing algorithm step 3).
            """,
        triggering: [
            .removing(["app.css"], expected: [.file("app.css", "the project has no 'app.css' at its root; the runtime requires it, even empty")]),
            .removing(["app.js"], expected: [.file("app.js", "the project has no 'app.js' at its root; the runtime requires it")]),
        ],
        nonTriggering: [
            // Both are there: an empty 'app.css' and an 'app.js' that registers no hooks are enough.
            RuleExample(files: [("app.js", "App({});\n"), ("app.css", "")]),
        ])

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] {
        var findings: [Finding] = []
        for (path, requirement) in [("app.js", "the runtime requires it"), ("app.css", "the runtime requires it, even empty")]
        where !model.project.contains(path) && !model.project.loadIssues.contains(where: { $0.path == path }) {
            findings.append(Finding("the project has no '\(path)' at its root; \(requirement)", at: .file(path), notes: caseNotes(for: path, in: model)))
        }
        return findings
    }
}
