/// A JSON object has the same key twice.
public struct JSONDuplicateKey: Rule {
    public static let description = RuleDescription(
        id: "json-duplicate-key", domain: .json, severity: .error,
        summary: "A JSON object has the same key twice.",
        rationale: """
            JSON parsers keep only the last value of a repeated key and drop the earlier one without a word, so one of the two settings the author wrote is lost.
            """,
        triggering: [
            RuleExample(
                files: [
                    (
                        "manifest.json",
                        "{\n  \"app_id\": \"org.example.demo\",\n  \"name\": \"Demo\",\n  1️⃣\"name\": \"Demo 2\",\n  \"icons\": [{ \"src\": \"icons/app.svg\" }],\n  \"version\": { \"code\": 1, \"name\": \"1.0.0\" },\n  \"platform_version\": { \"min_code\": 1 },\n  \"pages\": [\"pages/index/index\"]\n}\n"
                    )
                ], expected: [.at("1️⃣", "duplicate key 'name'; the last value wins and the earlier one is lost")])
        ],
        nonTriggering: [
            .manifest(
                members: """
                    "i18n": { "fr": { "name": "Démo" }, "de": { "name": "Demo" } }
                    """)
        ])

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] {
        model.jsonIssueFindings { kind in
            if case .duplicateKey = kind { return true }
            return false
        }
    }
}
