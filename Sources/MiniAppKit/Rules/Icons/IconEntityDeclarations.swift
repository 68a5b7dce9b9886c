/// An icon with a DOCTYPE that declares entities.
public struct IconEntityDeclarations: Rule {
    public static let description = RuleDescription(
        id: "icon-entity-declarations", domain: .icon, severity: .error,
        summary: "An icon has a DOCTYPE that declares entities.",
        rationale: """
            Entity declarations are how the billion-laughs attack (entities that expand to \
            gigabytes) and XXE (an entity that reads a file or a URL) get into a renderer. No \
            icon needs them. mactl never expands or loads them, and does not render such an icon.
            """,
        triggering: [
            .file(
                "icons/app.svg",
                "<?xml version=\"1.0\"?>\n1️⃣<!DOCTYPE svg [<!ENTITY a \"aaaa\"><!ENTITY b \"&a;&a;&a;&a;\">]>\n<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 24 24\"><text>&b;</text></svg>\n",
                expected: [.at("1️⃣", "the DOCTYPE declares entities, which no icon needs and which attacks on XML parsers use; remove it")])
        ],
        nonTriggering: [
            .file(
                "icons/app.svg",
                "<!DOCTYPE svg PUBLIC \"-//W3C//DTD SVG 1.1//EN\" \"http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd\">\n<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 24 24\" width=\"24\" height=\"24\"><circle cx=\"12\" cy=\"12\" r=\"10\" fill=\"currentColor\"/></svg>\n"
            )
        ])

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] {
        model.icons.compactMap { icon in
            guard case .entityDeclarations(let range) = icon.document.issue else { return nil }
            return Finding(
                "the DOCTYPE declares entities, which no icon needs and which attacks on XML parsers use; remove it", at: icon.span(range))
        }
    }
}
