/// An icon's `sizes` is not in the `<link sizes>` syntax.
public struct ManifestInvalidIconSizes: Rule {
    public static let description = RuleDescription(
        id: "manifest-invalid-icon-sizes", domain: .manifest, severity: .error,
        summary: "An icon's 'sizes' is not 'any' or space-separated 'WIDTHxHEIGHT' values.",
        rationale: """
            `sizes` follows HTML's `<link sizes>` syntax: `any`, or sizes such as `48x48 96x96` with \
            positive integers and no leading zeros. Hosts pick the icon to show from it; an unparsable \
            value makes the icon unselectable. SkipMiniApp decodes `icons` but never reads them, so \
            under the `skip` runtime this is a warning: the app runs, but is not ready for other hosts.
            """,
        runtimeFacts: ["skip.icons-decoded-only"],
        triggering: [
            .manifest(
                members: """
                    "icons": [{ "src": "icons/app.svg", "sizes": 1️⃣"48*48" }]
                    """,
                expected: [.at("1️⃣", "icon sizes '48*48' are invalid; expected 'any' or sizes such as '48x48 96x96'").severity(.warning)])
        ],
        nonTriggering: [
            .manifest(
                members: """
                    "icons": [{ "src": "icons/app.svg", "sizes": "48x48 96X96" }]
                    """)
        ])

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] {
        guard let walk = model.manifestWalk else { return [] }
        return walk.wellTypedStrings.compactMap { value, node, _, schema in
            guard schema.format == .iconSizes, !Self.isValid(value) else { return nil }
            return Finding(
                "icon sizes '\(value)' are invalid; expected 'any' or sizes such as '48x48 96x96'",
                at: model.manifestSpan(node.range),
                // A runtime that never reads the icons (SkipMiniApp) runs the app all the same.
                defaultSeverity: model.runtime.readsIconsAndWidgets ? nil : .warning)
        }
    }

    static func isValid(_ sizes: String) -> Bool {
        let tokens = sizes.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\u{0C}" })
        guard !tokens.isEmpty else { return false }
        return tokens.allSatisfy { token in
            if token.lowercased() == "any" { return true }
            let parts = token.split(separator: "x", omittingEmptySubsequences: false).flatMap {
                $0.split(separator: "X", omittingEmptySubsequences: false)
            }
            return parts.count == 2
                && parts.allSatisfy { part in
                    guard let first = part.first, first != "0" else { return false }
                    return part.allSatisfy { $0.isASCII && $0.isNumber }
                }
        }
    }
}
