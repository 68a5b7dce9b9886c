/// A JSON file contains a comment.
public struct JSONComment: Rule {
    public static let description = RuleDescription(
        id: "json-comment", domain: .json, severity: .error,
        summary: "A JSON file contains a comment.",
        rationale: """
            Comments are JSONC, not JSON: the runtimes' parsers reject a manifest or locale file that has one.
            """,
        triggering: [
            RuleExample(
                files: [
                    (
                        "manifest.json",
                        "{\n  1️⃣// the store id\n  \"app_id\": \"org.example.demo\",\n  \"name\": \"Demo\",\n  \"icons\": [{ \"src\": \"icons/app.svg\" }],\n  \"version\": { \"code\": 1, \"name\": \"1.0.0\" },\n  \"platform_version\": { \"min_code\": 1 },\n  \"pages\": [\"pages/index/index\"]\n}\n"
                    )
                ], expected: [.at("1️⃣", "comments are not allowed in JSON").fixIt("")])
        ],
        nonTriggering: [
            .manifest(members: #""description": "Docs at https://example.com/help // and /* more */""#)
        ])

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] {
        model.jsonIssueFindings { kind in
            if case .comment = kind { return true }
            return false
        }
    }
}
