/// A manifest member has the wrong JSON type.
public struct ManifestWrongType: Rule {
    public static let description = RuleDescription(
        id: "manifest-wrong-type", domain: .manifest, severity: .error,
        summary: "A manifest member has the wrong type (a string where an integer belongs, ...).",
        rationale: """
            W3C processing drops a member of the wrong type, so the author's value never \
            applies. `platform_version.min_code`, `target_code` and `widgets[].min_code` are \
            integers, although the W3C spec's example writes `"min_code": "2"`; an integer is \
            written without a fraction (`2`, not `2.0`), and `null` is not a value. Under the \
            `skip` runtime this rule steps aside for `manifest-not-decodable`, which reports what \
            SkipMiniApp's decoder refuses, with its consequence: the whole app fails to load.
            """,
        triggering: [
            RuleExample(
                files: [
                    (
                        "manifest.json",
                        MinimalApp.manifest(
                            with: """
                                "platform_version": { "min_code": 1️⃣"2" },
                                "pages": ["pages/index/index", 2️⃣3]
                                """)
                    )
                ],
                configuration: "runtime: w3c\n",
                expected: [
                    .at("1️⃣", "'platform_version.min_code' must be an integer, found string '2'")
                        .notes(["SkipMiniApp's manifest decoder rejects a string here, although the W3C spec's example writes one"]),
                    .at("2️⃣", "'pages[1]' must be a string, found number 3"),
                ])
        ],
        nonTriggering: [
            .manifest(
                members: """
                    "platform_version": { "min_code": 2 },
                    "version": { "code": 2, "name": "2" }
                    """),
            // Under `skip`, `manifest-not-decodable` reports it, saying what the device does.
            .manifest(
                members: """
                    "platform_version": { "min_code": "2" }
                    """),
        ])

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] {
        // SkipMiniApp's decoder takes other values than W3C processing (`2.0`, an optional
        // `null`) and fails the whole app: `manifest-not-decodable` reports for it.
        guard !model.runtime.has(.manifestDecodedStrictly), let walk = model.manifestWalk else { return [] }
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
