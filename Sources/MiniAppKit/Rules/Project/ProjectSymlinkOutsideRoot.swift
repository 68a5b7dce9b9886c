/// A symbolic link in the project points outside the project folder.
public struct ProjectSymlinkOutsideRoot: Rule {
    public static let description = RuleDescription(
        id: "project-symlink-outside-root", domain: .project, severity: .error,
        summary: "A symbolic link in the project points outside the project folder; it is not followed.",
        rationale: """
            A package holds files, not links, so such a file would be missing or different on the \
            phone. Following the link could also read files that were never meant to ship, so mactl \
            reports the link and never reads its target.
            """,
        appKinds: Set(AppKind.allCases),
        triggering: [], nonTriggering: [])

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] {
        model.project.loadIssues.compactMap { issue in
            guard case .symlinkOutsideRoot(let target) = issue.kind else { return nil }
            return Finding(
                "'\(issue.path)' is a symbolic link to '\(target)', outside the project; it is not followed", at: .file(issue.path))
        }
    }
}
