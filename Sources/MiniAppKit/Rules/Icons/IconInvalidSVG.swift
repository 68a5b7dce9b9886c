/// An icon that is not a well-formed SVG document.
public struct IconInvalidSVG: Rule {
    public static let description = RuleDescription(
        id: "icon-invalid-svg", domain: .icon, severity: .error,
        summary: "An icon is not well-formed XML, or its root is not '<svg>' in the SVG namespace.",
        rationale: """
            Hosts draw icons with an SVG renderer that needs well-formed XML and an `<svg>` root \
            in `http://www.w3.org/2000/svg`; without the namespace most renderers draw nothing. \
            mactl parses icons with libxml2 with the network, DTD loading and entity substitution off.
            """,
        triggering: [
            .file(
                "icons/app.svg", "<svg viewBox=\"0 0 24 24\"><circle r=\"4\"/>\n1️⃣</g></svg>\n",
                expected: [.at("1️⃣", "opening and ending tag mismatch: svg line 1 and g")]),
            .file(
                "icons/app.svg", "1️⃣<svg viewBox=\"0 0 24 24\"><circle cx=\"12\" cy=\"12\" r=\"4\"/></svg>\n",
                expected: [.at("1️⃣", "the root '<svg>' is not in the SVG namespace; add xmlns=\"http://www.w3.org/2000/svg\"")]),
        ],
        nonTriggering: [
            .file(
                "icons/app.svg",
                "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!-- exported from an editor -->\n<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 24 24\"><g><circle cx=\"12\" cy=\"12\" r=\"4\"/></g></svg>\n"
            )
        ])

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] {
        model.icons.compactMap { icon in
            if case .syntax(let message, let range) = icon.document.issue { return Finding(message, at: icon.span(range)) }
            guard icon.document.issue == nil, let root = icon.document.root else { return nil }
            if root.name != "svg" { return Finding("the root element is '<\(root.name)>', not '<svg>'", at: icon.span(root.range)) }
            if root.namespace != SVGDocument.namespace {
                return Finding(
                    "the root '<svg>' is not in the SVG namespace; add xmlns=\"\(SVGDocument.namespace)\"", at: icon.span(root.range))
            }
            return nil
        }
    }
}
