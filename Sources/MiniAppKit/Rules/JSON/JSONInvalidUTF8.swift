/// A JSON file contains bytes that are not UTF-8.
public struct JSONInvalidUTF8: Rule {
    public static let description = RuleDescription(
        id: "json-invalid-utf8", domain: .json, severity: .error,
        summary: "A JSON file contains bytes that are not UTF-8.",
        rationale: """
            JSON text exchanged between systems must be UTF-8 (RFC 8259 §8.1); a Latin-1 or UTF-16 file shows mojibake or fails to parse on the phone. The first bad byte is reported with the number of bad bytes in the file.
            """,
        triggering: [],
        nonTriggering: [
            .manifest(members: #""name": "Café ☕ 咖啡""#)
        ])

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] {
        model.jsonIssueFindings { kind in
            if case .invalidUTF8 = kind { return true }
            return false
        }
    }
}
