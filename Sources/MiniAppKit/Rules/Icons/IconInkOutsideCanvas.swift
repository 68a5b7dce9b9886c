/// Part of an icon is drawn outside its viewBox.
public struct IconInkOutsideCanvas: Rule {
    public static let description = RuleDescription(
        id: "icon-ink-outside-canvas", domain: .icon, severity: .warning,
        summary: "Part of an icon is drawn outside its viewBox, where a tab bar cuts it off.",
        rationale:
            "Hosts clip icons to their viewBox; a shape that pokes out is cut off on the phone although it shows whole in an editor that does not clip.",
        triggering: [
            .file(
                "icons/app.svg",
                "1️⃣<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 24 24\"><circle cx=\"20\" cy=\"12\" r=\"10\" fill=\"currentColor\"/></svg>\n",
                expected: [.at("1️⃣", "part of icon 'icons/app.svg' lies outside its viewBox and is cut off")])
        ],
        nonTriggering: [
            .file(
                "icons/app.svg",
                "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"-12 -12 24 24\"><circle r=\"12\" fill=\"currentColor\"/></svg>\n")
        ])

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] {
        model.icons.compactMap { icon in
            // At the larger size one stray anti-aliased pixel is not a drawing outside the canvas.
            guard let measurement = icon.renderings[IconModel.renderSizes.last!],
                measurement.inkOutside > max(2, measurement.inkInside / 100)
            else { return nil }
            return Finding("part of icon '\(icon.path)' lies outside its viewBox and is cut off", at: icon.rootSpan)
        }
    }
}
