/// A project file is larger than mactl reads.
public struct ProjectFileTooLarge: Rule {
    public static let description = RuleDescription(
        id: "project-file-too-large", domain: .project, severity: .error,
        summary: "A project file is larger than the \(Limits.fileSize / 1024 / 1024) MiB mactl reads.",
        rationale: """
            No MiniApp source comes near this size (platforms cap whole packages at a few MB), and \
            reading such a file could exhaust memory. The file is reported and not read.
            """,
        appKinds: Set(AppKind.allCases),
        triggering: [], nonTriggering: [])

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] {
        model.project.loadIssues.compactMap { issue in
            guard case .tooLarge(let size) = issue.kind else { return nil }
            return Finding(
                "'\(issue.path)' is \(size) bytes, over the limit of \(Limits.fileSize) bytes; it was not read",
                at: .file(issue.path))
        }
    }
}
