/// A tab icon with fixed colours that vanish on a light or a dark tab bar.
public struct IconInvisibleOnTabBar: Rule {
    public static let description = RuleDescription(
        id: "icon-invisible-on-tab-bar", domain: .icon, severity: .warning,
        summary: "A tab icon drawn in fixed colours is nearly invisible on a light or on a dark tab bar.",
        rationale: """
            A tab bar is light or dark with the system's appearance. An icon in `currentColor` \
            takes the bar's tint and always shows; one in fixed colours keeps them, and black on a \
            dark bar (or white on a light one) disappears. mactl renders the icon and measures the \
            contrast of its ink against #f9f9f9 and #1c1c1e. SkipMiniApp's iOS tab bar draws \
            tab icons as template images, tinted whatever their colours, so the check is off \
            under that runtime.
            """,
        runtimeFacts: ["skip.tab-icon-fill"],
        triggering: [
            IconExample.tabIcon(
                "1️⃣<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 24 24\"><circle cx=\"12\" cy=\"12\" r=\"10\" fill=\"#000000\"/></svg>\n",
                expected: [
                    .at(
                        "1️⃣",
                        "tab icon 'icons/home.svg' is drawn in fixed colours that barely show on a dark tab bar; use fill=\"currentColor\" to take the tab bar's colour"
                    )
                ],
                configuration: IconExample.w3c)
        ],
        nonTriggering: [
            IconExample.tabIcon(
                "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 24 24\"><circle cx=\"12\" cy=\"12\" r=\"10\" fill=\"#8e8e93\"/></svg>\n"
            ),
            IconExample.tabIcon(
                "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 24 24\"><path d=\"M2 2h20v20H2z\" fill=\"#000000\"/></svg>\n",
                configuration: "runtime: skip\n"),
        ])

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] {
        // A template image takes the tab bar's tint: its own colours never show.
        guard !model.runtime.has(.tabIconsReadAsFilledPaths) else { return [] }
        return model.icons.compactMap { icon in
            guard icon.isTabIcon, icon.usesCurrentColor == false, let measurement = icon.renderings[24], measurement.inkInside > 0 else {
                return nil
            }
            let needed = max(1, measurement.inkInside / 10)
            var bars: [String] = []
            if measurement.visibleOnLight < needed { bars.append("light") }
            if measurement.visibleOnDark < needed { bars.append("dark") }
            guard !bars.isEmpty else { return nil }
            return Finding(
                "tab icon '\(icon.path)' is drawn in fixed colours that barely show on a \(bars.joined(separator: " or a ")) tab bar; use fill=\"currentColor\" to take the tab bar's colour",
                at: icon.rootSpan)
        }
    }
}
