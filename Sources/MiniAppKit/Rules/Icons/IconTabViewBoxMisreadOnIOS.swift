/// A tab icon whose box SkipMiniApp's iOS reader reads differently from the SVG's.
public struct IconTabViewBoxMisreadOnIOS: Rule {
    public static let description = RuleDescription(
        id: "icon-tab-viewbox-misread-on-ios", domain: .icon, severity: .warning,
        summary:
            "SkipMiniApp's iOS tab bar fits a tab icon into a different box than its SVG's viewBox, so it is drawn too large, too small or off-centre.",
        rationale: """
            SkipMiniApp's iOS reader takes the first `viewBox="…"` in the file (in double \
            quotes) and splits it on single spaces: with commas, tabs or line breaks it finds \
            fewer than four numbers and uses 0 0 24 24. Without a viewBox it takes the first \
            `width="…"` and `height="…"` anywhere in the file, so a `stroke-width="2"` before \
            the size makes the box 2 wide, and `48px` is not a number to it (24 is used). The \
            icon is scaled into the wrong box: cropped, tiny or off-centre. The fix-it writes \
            the viewBox with single spaces, or adds one. An error when \
            \(NumberText.percent(IOSTabIcon.unrecognizableDifference)) or more of the ink \
            differs (the tab shows something else), a warning below that.
            """,
        runtimeFacts: ["skip.tab-icon-box"],
        triggering: [
            IconExample.tabIcon(
                "<svg xmlns=\"http://www.w3.org/2000/svg\" 1️⃣viewBox=\"0,0,48,48\"><path d=\"M4 4h40v40H4z\"/></svg>\n",
                expected: [
                    .at(
                        "1️⃣",
                        "iOS fits tab icon 'icons/home.svg' into the box 0 0 24 24 instead of 0 0 48 48: its reader splits the viewBox on single spaces only, and this one has commas; write viewBox=\"0 0 48 48\"; on the phone 32% of the icon's ink differs (19% of the SVG's is missing, 19% of the phone's is extra)"
                    ).fixIt("0 0 48 48")
                ]),
            IconExample.tabIcon(
                "<svg xmlns=\"http://www.w3.org/2000/svg\" stroke=\"#000\" stroke-width=\"1️⃣2\" width=\"48\" height=\"48\"><path d=\"M4 4h40v40H4z\"/></svg>\n",
                expected: [
                    .at(
                        "1️⃣",
                        "iOS fits tab icon 'icons/home.svg' into the box 0 0 2 48 instead of 0 0 48 48: without a viewBox its reader takes the first width=\"…\" in the file, which is not the <svg>'s; write viewBox=\"0 0 48 48\"; on the phone 62% of the icon's ink differs (59% of the SVG's is missing, 14% of the phone's is extra)"
                    ).fixIt(" viewBox=\"0 0 48 48\"")
                ]),
        ],
        nonTriggering: [
            IconExample.tabIcon(
                "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0  0 48 48\" stroke-width=\"2\"><path d=\"M4 4h40v40H4z\"/></svg>\n"),
            IconExample.tabIcon("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"24\" height=\"24\"><path d=\"M4 4h16v16H4z\"/></svg>\n"),
            IconExample.tabIcon(
                "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0,0,48,48\"><path d=\"M4 4h40v40H4z\"/></svg>\n",
                configuration: IconExample.w3c),
        ])

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] {
        model.icons.compactMap { icon in
            guard let onIOS = icon.onIOS, onIOS.causesKnown, onIOS.blank == nil, let misread = onIOS.boxMisread else { return nil }
            let actual = IOSTabIcon.describe(misread.actual)
            let message =
                "iOS fits tab icon '\(icon.path)' into the box \(IOSTabIcon.describe(misread.read)) instead of \(actual): \(misread.reason); write viewBox=\"\(actual)\"\(onIOS.inkClause)"
            return Finding(
                message, at: icon.span(misread.range),
                fixIt: misread.fix.map(icon.fixIt), defaultSeverity: onIOS.severity)
        }
    }
}
