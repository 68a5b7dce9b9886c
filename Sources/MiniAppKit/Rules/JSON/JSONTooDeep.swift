/// A JSON file nests arrays or objects more than \(Limits.jsonNesting) levels deep.
public struct JSONTooDeep: Rule {
    public static let description = RuleDescription(
        id: "json-too-deep", domain: .json, severity: .error,
        summary: "A JSON file nests arrays or objects more than \(Limits.jsonNesting) levels deep.",
        rationale: """
            No manifest or locale file needs more than a few levels; deeper nesting is either a mistake or an attack on the parser, and mactl stops there rather than recursing without bound.
            """,
        triggering: [],
        nonTriggering: [
            // Nesting at the limit (the manifest's object and 127 arrays inside it). Too long to
            // show, so it only runs as a test: the docs skip an example with no shown files.
            RuleExample(
                files: [],
                supportFiles: [
                    "manifest.json": MinimalApp.manifest(
                        with: "\"device_type\": "
                            + String(repeating: "[", count: Limits.jsonNesting - 1) + String(repeating: "]", count: Limits.jsonNesting - 1))
                ])
        ])

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] {
        model.jsonIssueFindings { kind in
            if case .tooDeep = kind { return true }
            return false
        }
    }
}
