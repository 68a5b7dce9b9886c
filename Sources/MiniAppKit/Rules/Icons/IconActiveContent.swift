/// An icon with scripts, event handler attributes or foreign HTML.
public struct IconActiveContent: Rule {
    public static let description = RuleDescription(
        id: "icon-active-content", domain: .icon, severity: .error,
        summary: "An icon has a '<script>', an 'on*' event attribute or a '<foreignObject>'.",
        rationale: """
            An icon is a picture. Scripts and event handlers in an SVG run wherever the SVG is \
            opened as a document, and `<foreignObject>` embeds HTML; hosts strip or refuse such \
            icons, and they are how SVG files carry attacks.
            """,
        triggering: [
            .file(
                "icons/app.svg",
                "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 24 24\" 1️⃣onload=\"alert(1)\"><circle cx=\"12\" cy=\"12\" r=\"10\"/>2️⃣<script>alert(2)</script></svg>\n",
                expected: [
                    .at("1️⃣", "'onload' runs script when the icon is opened; an icon must be a plain picture"),
                    .at("2️⃣", "'<script>' in an icon runs when the icon is opened; an icon must be a plain picture"),
                ])
        ],
        nonTriggering: [
            .file(
                "icons/app.svg",
                "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 24 24\"><style>circle { opacity: 0.9 }</style><circle cx=\"12\" cy=\"12\" r=\"10\" fill=\"currentColor\"/></svg>\n"
            )
        ])

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] {
        model.icons.flatMap { icon in
            icon.document.elements.flatMap { element -> [Finding] in
                var findings: [Finding] = []
                if element.name == "script" || element.name == "foreignObject" {
                    let what = element.name == "script" ? "runs when the icon is opened" : "embeds HTML in the icon"
                    findings.append(
                        Finding("'<\(element.name)>' in an icon \(what); an icon must be a plain picture", at: icon.span(element.range)))
                }
                for attribute in element.attributes where attribute.name.lowercased().hasPrefix("on") && attribute.name.count > 2 {
                    findings.append(
                        Finding(
                            "'\(attribute.name)' runs script when the icon is opened; an icon must be a plain picture",
                            at: icon.span(attribute.range)))
                }
                return findings
            }
        }
    }
}
