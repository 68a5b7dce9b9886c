/// A manifest integer that counts something is negative.
public struct ManifestNegativeNumber: Rule {
    public static let description = RuleDescription(
        id: "manifest-negative-number", domain: .manifest, severity: .error,
        summary: "A manifest integer that must be non-negative is negative.",
        rationale: """
            `version.code`, the `*_code` platform versions, `window.design_width` and \
            `window.on_reach_bottom_distance` are non-negative integers in the W3C manifest; a \
            negative value is ignored or replaced by a default, so the author's value never applies.
            """,
        triggering: [
            .manifest(
                members: """
                    "version": { "code": 1️⃣-1, "name": "1.0.0" }
                    """, expected: [.at("1️⃣", "'version.code' must be a non-negative integer, found -1")])
        ],
        nonTriggering: [
            .manifest(
                members: """
                    "version": { "code": 0, "name": "0.1.0" }
                    """)
        ])

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] {
        guard let walk = model.manifestWalk else { return [] }
        return walk.values.compactMap { visit in
            guard case .integer = visit.expected, visit.memberSchema.mustBeNonNegative,
                let value = visit.node.integerValue, value < 0
            else { return nil }
            return Finding("'\(visit.path)' must be a non-negative integer, found \(value)", at: model.manifestSpan(visit.node.range))
        }
    }
}
