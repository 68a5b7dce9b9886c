/// `app.js` or `app.css` is missing from the project root.
public struct ProjectMissingRootFile: Rule {
    public static let description = RuleDescription(
        id: "project-missing-root-file", domain: .project, severity: .error,
        summary: "The project root has no 'app.js' or no 'app.css'.",
        rationale: """
            W3C MiniApp Packaging requires both at the root (`app.css` may be empty): a conforming \
            host fails to prepare the app when either is missing (processing algorithm step 3). \
            SkipMiniApp loads without them (it runs `app.js` only if there is one and never reads \
            `app.css`), so under the `skip` runtime this is a warning: the package is not portable.
            """,
        runtimeFacts: ["w3c.root-files", "skip.app-script-optional"],
        triggering: [
            RuleExample(
                files: [], removedFiles: ["app.css"], configuration: "runtime: w3c\n",
                expected: [
                    .file("app.css", "the project has no 'app.css' at its root; W3C MiniApp Packaging requires it, even empty")
                ]),
            .removing(
                ["app.js"],
                expected: [
                    .file(
                        "app.js",
                        "the project has no 'app.js' at its root; SkipMiniApp runs without it, but W3C MiniApp Packaging requires it")
                ]),
        ],
        nonTriggering: [
            // Both are there: an empty 'app.css' and an 'app.js' that registers no hooks are enough.
            RuleExample(files: [("app.js", "App({});\n"), ("app.css", "")])
        ])

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] {
        var findings: [Finding] = []
        // A project without a manifest is not a MiniApp yet: that one error says enough.
        guard model.project.contains(ProjectModel.manifestPath) else { return [] }
        let required = model.runtime.requiresRootScriptAndStyle
        for path in ["app.js", "app.css"]
        where !model.project.contains(path) && !model.project.loadIssues.contains(where: { $0.path == path }) {
            let requirement =
                required
                ? "W3C MiniApp Packaging requires it" + (path == "app.css" ? ", even empty" : "")
                : "\(model.runtime.title) runs without it, but W3C MiniApp Packaging requires it"
            findings.append(
                Finding(
                    "the project has no '\(path)' at its root; \(requirement)", at: .file(path), notes: caseNotes(for: path, in: model),
                    defaultSeverity: required ? nil : .warning))
        }
        return findings
    }
}
