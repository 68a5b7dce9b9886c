/// A manifest string that must say something is empty.
public struct ManifestEmptyString: Rule {
    public static let description = RuleDescription(
        id: "manifest-empty-string", domain: .manifest, severity: .error,
        summary: "A manifest string that must not be empty is empty ('app_id', 'name', a page, an icon 'src', ...).",
        rationale: """
            An empty `name` is a blank title on the home screen, an empty page route or icon `src` \
            names no file, and an empty permission `name` or `reason` is skipped by W3C processing. \
            The runtime accepts the empty string and the mistake shows only on a phone.
            """,
        triggering: [
            .manifest(
                members: """
                    "name": 1️⃣""
                    """, expected: [.at("1️⃣", "'name' must not be empty")])
        ],
        nonTriggering: [
            .manifest(
                members: """
                    "short_name": ""
                    """)
        ])

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] {
        guard let walk = model.manifestWalk else { return [] }
        var findings: [Finding] = []
        for visit in walk.values {
            guard case .string = visit.expected, visit.memberSchema.mustBeNonEmpty,
                let string = visit.node.stringValue, string.allSatisfy(\.isWhitespace)
            else { continue }
            findings.append(Finding("'\(visit.path)' must not be empty", at: model.manifestSpan(visit.node.range)))
        }
        return findings
    }
}
