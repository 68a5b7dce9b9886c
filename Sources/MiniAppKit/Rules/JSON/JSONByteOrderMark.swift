/// A JSON file starts with a UTF-8 byte order mark.
public struct JSONByteOrderMark: Rule {
    public static let description = RuleDescription(
        id: "json-byte-order-mark", domain: .json, severity: .error,
        summary: "A JSON file starts with a UTF-8 byte order mark.",
        rationale: """
            RFC 8259 forbids a BOM in JSON text and `JSON.parse` fails on one; editors on Windows add it silently, so the file looks fine and does not load.
            """,
        triggering: [
            RuleExample(
                files: [
                    (
                        "manifest.json",
                        "1️⃣\u{FEFF}{\n  \"app_id\": \"org.example.demo\",\n  \"name\": \"Demo\",\n  \"icons\": [{ \"src\": \"icons/app.svg\" }],\n  \"version\": { \"code\": 1, \"name\": \"1.0.0\" },\n  \"platform_version\": { \"min_code\": 1 },\n  \"pages\": [\"pages/index/index\"]\n}\n"
                    )
                ], expected: [.at("1️⃣", "file starts with a UTF-8 byte order mark, which JSON parsers such as 'JSON.parse' reject")])
        ],
        nonTriggering: [
            // U+FEFF inside a string, written as an escape, is text and not a byte order mark.
            .manifest(members: #""short_name": "\uFEFFDemo""#)
        ])

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] {
        model.jsonIssueFindings { kind in
            if case .byteOrderMark = kind { return true }
            return false
        }
    }
}
