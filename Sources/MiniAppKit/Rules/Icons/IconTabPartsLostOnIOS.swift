/// Parts of a tab icon that SkipMiniApp's iOS tab bar does not draw.
public struct IconTabPartsLostOnIOS: Rule {
    public static let description = RuleDescription(
        id: "icon-tab-parts-lost-on-ios", domain: .icon, severity: .warning,
        summary: "Part of a tab icon is not drawn in SkipMiniApp's iOS tab bar: shapes, transforms, arcs or path data its reader skips.",
        rationale: """
            SkipMiniApp's iOS tab bar draws a tab icon with its own reader of path data, not an \
            SVG renderer. It draws only `d="…"` found after a space, a tab or a quote; it drops \
            `<circle>`, `<rect>`, `<ellipse>`, `<line>`, `<polyline>`, `<polygon>`, `<use>`, \
            `<text>` and `<image>`; it ignores `transform`, so a moved or scaled path draws where \
            its numbers put it; and it skips arcs (`A a`) and smooth quadratic curves (`T t`), \
            so the next segment starts from where the arc began. The tab shows a partial \
            picture. mactl renders what the reader reads beside the SVG and, above \
            \(NumberText.percent(IOSTabIcon.visibleDifference)) of differing ink, says how much \
            differs; `pack --report` keeps both images. Drawing every part as path data with \
            `M L H V C S Q Z` (what icon editors call "outline stroke" and "flatten") fixes it. \
            The fix-it draws a filled shape as a `<path>`, and a stroke-only shape as a `<path>` \
            filling its stroke's outline, when `icon-tab-outline-filled-on-ios` would outline it. \
            An error when \(NumberText.percent(IOSTabIcon.unrecognizableDifference)) or more of \
            the ink differs (the tab shows something else), a warning below that.
            """,
        runtimeFacts: ["skip.tab-icon-paths", "skip.tab-icon-commands"],
        triggering: [
            IconExample.tabIcon(
                "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 24 24\"><path d=\"M2 2h20v8H2z\"/>1️⃣<circle cx=\"12\" cy=\"17\" r=\"5\"/></svg>\n",
                expected: [
                    .at(
                        "1️⃣",
                        "tab icon 'icons/home.svg' loses part of its drawing on iOS: <circle> is not drawn; on the phone 33% of the icon's ink differs (33% of the SVG's is missing, 0% of the phone's is extra)"
                    )
                    .fixIt(
                        "<path d=\"M17 17 C17 19.761 14.761 22 12 22 C9.239 22 7 19.761 7 17 C7 14.239 9.239 12 12 12 C14.761 12 17 14.239 17 17 Z\"/>"
                    )
                ]),
            IconExample.tabIcon(
                "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 24 24\"><g 1️⃣transform=\"translate(0 12)\"><path d=\"M2 0h20v8H2z\"/></g></svg>\n",
                expected: [
                    .at(
                        "1️⃣",
                        "tab icon 'icons/home.svg' loses part of its drawing on iOS: transform=\"translate(0 12)\" is ignored, so the path draws unmoved; on the phone 100% of the icon's ink differs (100% of the SVG's is missing, 100% of the phone's is extra)"
                    )
                ]),
            IconExample.tabIcon(
                "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 24 24\"><path d=\"M2 2h20v10H2z M4 16h16 1️⃣a2 2 0 0 1 0 4H4 2️⃣a2 2 0 0 1 0-4z\"/></svg>\n",
                expected: [
                    .at(
                        "1️⃣",
                        "tab icon 'icons/home.svg' loses part of its drawing on iOS: an arc (a) draws nothing (2 places); on the phone 28% of the icon's ink differs (28% of the SVG's is missing, 0% of the phone's is extra)"
                    )
                    .notes(["an arc (a) draws nothing"])
                    .fixIt(
                        "M2 2 L22 2 L22 12 L2 12 Z M4 16 L20 16 C21.105 16 22 16.895 22 18 C22 19.105 21.105 20 20 20 L4 20 C2.895 20 2 19.105 2 18 C2 16.895 2.895 16 4 16 Z"
                    )
                ]),
        ],
        nonTriggering: [
            // Every part is path data the reader draws; the frame rect paints nothing.
            IconExample.tabIcon(
                """
                <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">
                  <rect width="24" height="24" fill="none"/>
                  <path d="M2 2h20v8H2z M12 12C14.8 12 17 14.2 17 17S14.8 22 12 22 7 19.8 7 17 9.2 12 12 12z"/>
                  <circle cx="12" cy="12" r="3" fill="none"/>
                  <g transform="translate(0)"><path d="M2 20h2v2H2z"/></g>
                </svg>

                """),
            IconExample.tabIcon(
                "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 24 24\"><path d=\"M2 2h20v8H2z\"/><circle cx=\"12\" cy=\"17\" r=\"5\"/></svg>\n",
                configuration: IconExample.w3c),
        ])

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] {
        model.icons.flatMap { icon -> [Finding] in
            guard let onIOS = icon.onIOS, onIOS.causesKnown, onIOS.blank == nil else { return [] }
            if !onIOS.lostParts.isEmpty {
                // One finding per place with its own fix (a path's arcs, a shape); the figure,
                // which is the whole icon's, once.
                return IOSTabIcon.bySite(onIOS.lostParts).enumerated().map { index, causes in
                    IOSTabIcon.finding(
                        "tab icon '\(icon.path)' loses part of its drawing on iOS: \(IOSTabIcon.summary(of: causes))\(index == 0 ? onIOS.inkClause : "")",
                        causes: causes, in: icon)
                }
            }
            // A difference no rule names a cause for (a style sheet, a clip path, a mask, a
            // nested <svg>) is still what the phone shows.
            guard onIOS.filledParts.isEmpty, onIOS.boxMisread == nil, onIOS.hangs.isEmpty, !onIOS.inkClause.isEmpty, let ink = onIOS.ink
            else { return [] }
            return [
                Finding(
                    "tab icon '\(icon.path)' looks different on iOS: \(IOSTabIcon.inkFigures(ink)), for a reason mactl does not name (a style sheet, a clip path or a mask); compare the images 'pack --report' writes",
                    at: icon.rootSpan, defaultSeverity: onIOS.severity)
            ]
        }
    }
}
