/// An icon that renders nothing.
public struct IconBlank: Rule {
    public static let description = RuleDescription(
        id: "icon-blank", domain: .icon, severity: .error,
        summary: "An icon renders no visible ink at tab-bar sizes.",
        rationale:
            "mactl renders every icon with librsvg at 24 and 48 pixels. An icon with no ink (an empty path, `fill=\"none\"` without a stroke, a drawing outside the viewBox) is an empty slot in the tab bar.",
        triggering: [
            .file(
                "icons/app.svg",
                "1️⃣<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 24 24\"><path d=\"M2 2h20v20H2z\" fill=\"none\"/></svg>\n",
                expected: [.at("1️⃣", "icon 'icons/app.svg' renders nothing at 24 and 48 pixels")])
        ],
        nonTriggering: [
            .file(
                "icons/app.svg",
                "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 24 24\"><path d=\"M2 2h20v20H2z\" fill=\"none\" stroke=\"currentColor\" stroke-width=\"2\"/></svg>\n"
            )
        ])

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] {
        model.icons.compactMap { icon in
            guard !icon.renderings.isEmpty, icon.renderings.values.allSatisfy({ $0.inkInside == 0 }) else { return nil }
            let sizes = IconModel.renderSizes.map(String.init).joined(separator: " and ")
            return Finding("icon '\(icon.path)' renders nothing at \(sizes) pixels", at: icon.rootSpan)
        }
    }
}
