/// A project file has more than one name on disk (a hard link).
public struct ProjectHardLinkedFile: Rule {
    public static let description = RuleDescription(
        id: "project-hard-linked-file", domain: .project, severity: .warning,
        summary: "A project file is hard-linked: the same file has another name, maybe outside the project.",
        rationale: """
            A hard link is a second name for the same bytes. Unlike a symbolic link it cannot be \
            told apart from an ordinary file, so whatever changes the file under its other name, \
            anywhere on the volume, changes what ships. Copy the file into the project instead.
            """,
        appKinds: Set(AppKind.allCases),
        triggering: [], nonTriggering: [])

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] {
        model.project.loadIssues.compactMap { issue in
            guard case .hardLinked(let count) = issue.kind else { return nil }
            return Finding(
                "'\(issue.path)' has \(count) hard links; a change to any of its other names changes what ships", at: .file(issue.path))
        }
    }
}
