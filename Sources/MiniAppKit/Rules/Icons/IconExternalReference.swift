/// An icon that refers to a file or URL outside itself.
public struct IconExternalReference: Rule {
    public static let description = RuleDescription(
        id: "icon-external-reference", domain: .icon, severity: .error,
        summary: "An icon's 'href' or 'xlink:href' points outside the file (a URL or another file).",
        rationale:
            "Renderers load icons without a base URL, so a linked image or `<use>` of another file draws nothing, and a URL would make the icon fetch from the network. References inside the file (`#id`) and embedded `data:` images are fine.",
        triggering: [
            .file(
                "icons/app.svg",
                "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" viewBox=\"0 0 24 24\"><image 1️⃣xlink:href=\"https://example.com/a.png\" width=\"24\" height=\"24\"/></svg>\n",
                expected: [
                    .at(
                        "1️⃣",
                        "'xlink:href' points outside the icon ('https://example.com/a.png'); renderers load nothing from outside the file")
                ])
        ],
        nonTriggering: [
            .file(
                "icons/app.svg",
                "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 24 24\"><defs><circle id=\"c\" cx=\"12\" cy=\"12\" r=\"10\"/></defs><use href=\"#c\"/><image href=\"data:image/png;base64,iVBORw0KGgo=\" width=\"1\" height=\"1\"/></svg>\n"
            )
        ])

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] {
        model.icons.flatMap { icon in
            icon.document.elements.flatMap { element in
                element.attributes.compactMap { attribute -> Finding? in
                    guard attribute.name == "href" || attribute.name.hasSuffix(":href") else { return nil }
                    let value = attribute.value.trimmingWhitespace
                    if value.hasPrefix("#") || value.lowercased().hasPrefix("data:image/") || value.isEmpty { return nil }
                    return Finding(
                        "'\(attribute.name)' points outside the icon ('\(value)'); renderers load nothing from outside the file",
                        at: icon.span(attribute.range))
                }
            }
        }
    }
}
