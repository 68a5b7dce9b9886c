/// A manifest colour is not a CSS hex colour.
public struct ManifestInvalidColor: Rule {
    public static let description = RuleDescription(
        id: "manifest-invalid-color", domain: .manifest, severity: .error,
        summary: "A manifest colour is not a CSS hex colour such as '#ffffff'.",
        rationale: """
            `window.background_color` and `window.navigation_bar_background_color` are sRGB colours \
            that runtimes parse as hex (`#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`). A name such as \
            `red` or an `rgb()` value is ignored and the default colour shows instead.
            """,
        triggering: [
            .manifest(
                members: """
                    "window": { "background_color": 1️⃣"white", "navigation_bar_background_color": 2️⃣"#12345" }
                    """,
                expected: [
                    .at("1️⃣", "'window.background_color' must be a CSS hex colour such as '#ffffff', found 'white'"),
                    .at("2️⃣", "'window.navigation_bar_background_color' must be a CSS hex colour such as '#ffffff', found '#12345'"),
                ])
        ],
        nonTriggering: [
            .manifest(
                members: """
                    "window": { "background_color": "#FFF", "navigation_bar_background_color": "#1a2b3cff" }
                    """)
        ])

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] {
        guard let walk = model.manifestWalk else { return [] }
        return walk.wellTypedStrings.compactMap { value, node, path, schema in
            guard schema.format == .hexColor, !Self.isHexColor(value) else { return nil }
            return Finding("'\(path)' must be a CSS hex colour such as '#ffffff', found '\(value)'", at: model.manifestSpan(node.range))
        }
    }

    static func isHexColor(_ value: String) -> Bool {
        guard value.hasPrefix("#") else { return false }
        let digits = value.dropFirst()
        return [3, 4, 6, 8].contains(digits.count) && digits.allSatisfy(\.isHexDigit)
    }
}
