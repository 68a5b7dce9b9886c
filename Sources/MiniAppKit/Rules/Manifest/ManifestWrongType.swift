/// A manifest member has the wrong JSON type.
public struct ManifestWrongType: Rule {
    public static let description = RuleDescription(
        id: "manifest-wrong-type", domain: .manifest, severity: .error,
        summary: "A manifest member has the wrong type (a string where an integer belongs, ...).",
        rationale: """
            Runtimes decode the manifest into typed models: SkipMiniApp's decoder rejects the whole \
            manifest on a wrong type, and W3C processing drops the member. `platform_version.min_code`, \
            `target_code` and `widgets[].min_code` are integers, although the W3C spec's example \
            writes `"min_code": "2"`.
            """,
        triggering: [
            .manifest(members: """
                "platform_version": { "min_code": 1️⃣"2" },
                "pages": ["pages/index/index", 2️⃣3]
                """, expected: [
                    .at("1️⃣", "'platform_version.min_code' must be an integer, found string '2'"),
                    .at("2️⃣", "'pages[1]' must be a string, found number 3"),
                ]),
        ],
        nonTriggering: [
            .manifest(members: """
                "platform_version": { "min_code": 2 },
                "version": { "code": 2, "name": "2" }
                """),
        ])

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] {
        guard let walk = model.manifestWalk else { return [] }
        return walk.values.compactMap { visit in
            guard !visit.expected.accepts(visit.node) else { return nil }
            var notes: [DiagnosticNote] = []
            if case .integer = visit.expected, visit.node.stringValue != nil, let note = visit.memberSchema.integerNote {
                notes.append(DiagnosticNote(message: note))
            }
            return Finding(
                "'\(visit.path)' must be \(visit.expected.phrase), found \(visit.node.summary)",
                at: model.manifestSpan(visit.node.range), notes: notes)
        }
    }
}
