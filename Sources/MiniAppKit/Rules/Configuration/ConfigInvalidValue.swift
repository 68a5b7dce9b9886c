/// A '.mactl.yml' setting has a value it does not accept.
public struct ConfigInvalidValue: Rule {
    public static let description = RuleDescription(
        id: "config-invalid-value", domain: .config, severity: .error,
        summary: "A '.mactl.yml' setting has a value it does not accept.",
        rationale: """
            A rule's severity is 'error', 'warning', 'note' or 'off' (YAML 1.1 reads a bare 'off' as false, which is accepted too); any other value is refused and the rule keeps its default.
            """,
        triggering: [
            RuleExample(
                files: [], configuration: "rules:\n  manifest-unknown-member: 1️⃣fatal\n",
                expected: [
                    .at("1️⃣", "invalid severity 'fatal' for rule 'manifest-unknown-member'; expected 'error', 'warning', 'note' or 'off'")
                ])
        ],
        nonTriggering: [RuleExample(files: [], configuration: "rules:\n  manifest-unknown-member: note\n  manifest-app-id-format: off\n")])

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] { model.configurationFindings(.invalidValue) }
}
