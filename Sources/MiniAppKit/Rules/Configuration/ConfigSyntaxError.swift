/// '.mactl.yml' is not valid YAML.
public struct ConfigSyntaxError: Rule {
    public static let description = RuleDescription(
        id: "config-syntax-error", domain: .config, severity: .error,
        summary: "'.mactl.yml' is not valid YAML.",
        rationale: """
            A configuration that does not parse configures nothing; the lint goes on with the defaults and reports where the file broke.
            """,
        triggering: [
            RuleExample(
                files: [], configuration: "rules:\n  manifest-unknown-member: [warning\n1️⃣",
                expected: [.at("1️⃣", "invalid YAML: did not find expected ',' or ']' while parsing a flow sequence")])
        ],
        nonTriggering: [RuleExample(files: [], configuration: "rules: { manifest-unknown-member: warning }\ninclude: [assets/*.txt]\n")])

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] { model.configurationFindings(.syntax) }
}
