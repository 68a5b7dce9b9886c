/// A JSON file is not valid JSON.
public struct JSONSyntaxError: Rule {
    public static let description = RuleDescription(
        id: "json-syntax-error", domain: .json, severity: .error,
        summary: "A JSON file is not valid JSON.",
        rationale: """
            Runtimes parse `manifest.json` and locale files with strict JSON parsers; a file that does not parse is a package that does not load, or a language that silently falls back. The parse stops at the first error, which is reported with its position.
            """,
        triggering: [
            .manifest(
                "{\n  \"app_id\": \"org.example.demo\",\n  \"name\": 1️⃣Demo\n}\n",
                expected: [.at("1️⃣", "unexpected character 'D'; expected a value")])
        ],
        nonTriggering: [
            .manifest(members: #""name": "The \"Demo\" app""#)
        ])

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] {
        model.jsonIssueFindings { kind in
            if case .syntax = kind { return true }
            return false
        }
    }
}
