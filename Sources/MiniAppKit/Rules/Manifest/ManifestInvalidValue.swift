/// A manifest member that takes one of a few keywords has another value.
public struct ManifestInvalidValue: Rule {
    public static let description = RuleDescription(
        id: "manifest-invalid-value", domain: .manifest, severity: .error,
        summary: "A keyword member ('dir', 'color_scheme', 'window.orientation', ...) has a value it does not allow.",
        rationale: """
            Runtimes ignore an invalid keyword and keep the default without a word, so the author's \
            intent is lost: `"navigation_bar_text_style": "grey"` is white text. Allowed values: `dir` \
            ltr/rtl/auto, `color_scheme` auto/light/dark, `window.background_text_style` dark/light, \
            `window.navigation_bar_text_style` white/black, `window.navigation_style` default/custom, \
            `window.orientation` portrait/landscape.
            """,
        triggering: [
            .manifest(
                members: """
                    "window": { "navigation_bar_text_style": 1️⃣"grey", "orientation": 2️⃣"Landscape" }
                    """,
                expected: [
                    .at("1️⃣", "'window.navigation_bar_text_style' must be 'white' or 'black', found 'grey'"),
                    .at("2️⃣", "'window.orientation' must be 'portrait' or 'landscape', found 'Landscape'; did you mean 'landscape'?").fixIt(
                        "\"landscape\""),
                ])
        ],
        nonTriggering: [
            .manifest(
                members: """
                    "dir": "rtl",
                    "window": { "navigation_bar_text_style": "black", "orientation": "landscape" }
                    """)
        ])

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] {
        guard let walk = model.manifestWalk else { return [] }
        return walk.wellTypedStrings.compactMap { value, node, path, schema in
            guard case .oneOf(let allowed, let defaultValue) = schema.format, !allowed.contains(value) else { return nil }
            var message = "'\(path)' must be \(Self.alternatives(allowed)), found '\(value)'"
            var fixIt: FixIt?
            if let suggestion = NameSuggester.closest(to: value, in: allowed), let span = model.manifestSpan(node.range) {
                message += "; did you mean '\(suggestion)'?"
                fixIt = FixIt(message: "replace with '\(suggestion)'", span: span, replacement: "\"\(suggestion)\"")
            }
            let notes = defaultValue.map { [DiagnosticNote(message: "runtimes ignore an invalid value and use the default '\($0)'")] } ?? []
            return Finding(message, at: model.manifestSpan(node.range), notes: notes, fixIt: fixIt)
        }
    }

    static func alternatives(_ values: [String]) -> String {
        let quoted = values.map { "'\($0)'" }
        guard quoted.count > 1 else { return quoted.first ?? "" }
        return quoted.dropLast().joined(separator: ", ") + " or " + quoted.last!
    }
}
