/// An icon without a usable viewBox.
public struct IconInvalidViewBox: Rule {
    public static let description = RuleDescription(
        id: "icon-invalid-viewbox", domain: .icon, severity: .error,
        summary: "An icon's '<svg>' has no 'viewBox', or one that is not four numbers with a positive width and height.",
        rationale:
            "Without a viewBox an icon cannot scale: the tab bar draws it at its intrinsic size, cropped or tiny, instead of fitting it to 24 points.",
        triggering: [
            .file(
                "icons/app.svg",
                "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=1️⃣\"0 0 24\"><circle cx=\"12\" cy=\"12\" r=\"10\"/></svg>\n",
                expected: [.at("1️⃣", "viewBox '0 0 24' must be four numbers 'min-x min-y width height' with a positive width and height")])
        ],
        nonTriggering: [
            .file(
                "icons/app.svg",
                "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0,0,24,24\"><circle cx=\"12\" cy=\"12\" r=\"10\"/></svg>\n")
        ])

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] {
        model.icons.compactMap { icon in
            guard icon.document.issue == nil, let root = icon.document.root, root.name == "svg", icon.viewBox == nil else { return nil }
            guard let attribute = root.attributes.first(where: { $0.name == "viewBox" }) else {
                return Finding(
                    "the icon has no viewBox, so it cannot scale to the tab bar; add viewBox=\"0 0 24 24\" (its drawing's size)",
                    at: icon.span(root.range))
            }
            let valueStart = attribute.range.upperBound + 1
            return Finding(
                "viewBox '\(attribute.value)' must be four numbers 'min-x min-y width height' with a positive width and height",
                at: icon.span(valueStart..<(valueStart + attribute.value.utf8.count + 2)))
        }
    }
}
