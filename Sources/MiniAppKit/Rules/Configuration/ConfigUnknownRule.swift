/// '.mactl.yml' sets the severity of a rule that does not exist.
public struct ConfigUnknownRule: Rule {
    public static let description = RuleDescription(
        id: "config-unknown-rule", domain: .config, severity: .warning,
        summary: "'.mactl.yml' sets the severity of a rule that does not exist.",
        rationale: """
            A misspelt rule id leaves the rule at its default severity, which is not what the author asked for; it is reported with the closest rule id.
            """,
        triggering: [
            RuleExample(
                files: [], configuration: "rules:\n  1️⃣manifest-unknown-membr: off\n",
                expected: [
                    .at("1️⃣", "unknown rule 'manifest-unknown-membr'; did you mean 'manifest-unknown-member'?").fixIt(
                        "manifest-unknown-member")
                ])
        ],
        nonTriggering: [RuleExample(files: [], configuration: "rules:\n  manifest-unknown-member: off\n")])

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] { model.configurationFindings(.unknownRule) }
}
