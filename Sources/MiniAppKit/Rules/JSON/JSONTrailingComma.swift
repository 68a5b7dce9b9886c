/// A JSON array or object has a comma before its closing bracket.
public struct JSONTrailingComma: Rule {
    public static let description = RuleDescription(
        id: "json-trailing-comma", domain: .json, severity: .error,
        summary: "A JSON array or object has a comma before its closing bracket.",
        rationale: """
            JavaScript object literals allow a trailing comma, JSON does not: `JSON.parse` and `JSONSerialization` both reject the file.
            """,
        triggering: [
            RuleExample(
                files: [
                    (
                        "manifest.json",
                        "{\n  \"app_id\": \"org.example.demo\",\n  \"name\": \"Demo\",\n  \"icons\": [{ \"src\": \"icons/app.svg\" }],\n  \"version\": { \"code\": 1, \"name\": \"1.0.0\" },\n  \"platform_version\": { \"min_code\": 1 },\n  \"pages\": [\"pages/index/index\"1️⃣,]\n}\n"
                    )
                ], expected: [.at("1️⃣", "trailing comma; JSON does not allow a comma before a closing bracket").fixIt("")])
        ],
        nonTriggering: [
            .manifest(members: #""description": "Pages: [home, about,]""#)
        ])

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] {
        model.jsonIssueFindings { kind in
            if case .trailingComma = kind { return true }
            return false
        }
    }
}
