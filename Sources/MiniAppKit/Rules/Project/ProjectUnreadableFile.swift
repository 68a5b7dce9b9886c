/// A file or folder in the project cannot be read.
public struct ProjectUnreadableFile: Rule {
    public static let description = RuleDescription(
        id: "project-unreadable-file", domain: .project, severity: .error,
        summary: "A file or folder in the project cannot be read.",
        rationale: "What mactl cannot read it cannot check or pack; the author has to fix the permissions or remove the file.",
        appKinds: Set(AppKind.allCases),
        triggering: [], nonTriggering: [])

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] {
        model.project.loadIssues.compactMap { issue in
            guard case .unreadable(let reason) = issue.kind else { return nil }
            return Finding("'\(issue.path)' cannot be read: \(reason)", at: .file(issue.path))
        }
    }
}
