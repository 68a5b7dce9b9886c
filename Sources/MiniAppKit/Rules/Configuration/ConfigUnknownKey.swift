/// '.mactl.yml' has a setting mactl does not know.
public struct ConfigUnknownKey: Rule {
    public static let description = RuleDescription(
        id: "config-unknown-key", domain: .config, severity: .warning,
        summary: "'.mactl.yml' has a setting mactl does not know.",
        rationale: """
            A misspelt setting is a setting that silently does nothing; it is reported with the closest known name.
            """,
        triggering: [
            RuleExample(
                files: [], configuration: "1️⃣rulez:\n  manifest-unknown-member: error\n",
                expected: [.at("1️⃣", "unknown setting 'rulez'; did you mean 'rules'?").fixIt("rules")])
        ],
        nonTriggering: [
            RuleExample(files: [], configuration: "rules:\n  manifest-unknown-member: error\nbudgets:\n  package: 2MB\n  image: 200KB\n")
        ])

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] { model.configurationFindings(.unknownKey) }
}
