/// Paths SkipMiniApp's iOS tab bar fills though the SVG does not fill them.
public struct IconTabOutlineFilledOnIOS: Rule {
    public static let description = RuleDescription(
        id: "icon-tab-outline-filled-on-ios", domain: .icon, severity: .warning,
        summary: "A tab icon's outline, invisible path or hidden path is filled solid in SkipMiniApp's iOS tab bar.",
        rationale: """
            SkipMiniApp's iOS tab bar fills every path its reader finds, merged into one with \
            the nonzero rule, and ignores `fill`, `stroke`, `fill-rule` and anything that hides \
            a path. An outline icon (`fill="none"` with a stroke, as Feather and Lucide draw) \
            becomes solid blobs, an open line vanishes, the transparent frame path of Material \
            icons (`<path d="M0 0h24v24H0z" fill="none"/>`) becomes a solid square that covers \
            the whole icon, paths inside `<defs>`, `<clipPath>` or `<mask>` and a `d="…"` in a \
            comment are drawn, and `fill-rule="evenodd"` holes are filled. Convert strokes to \
            filled outlines ("outline stroke"), delete invisible paths, and draw holes with the \
            inner path running the other way. The fix-it outlines a stroke-only path written as \
            an empty element (`<path … />`): it becomes a `<path>` that fills the stroke's \
            outline (segments, joins and caps, in `M L C Z` only) with the stroke's colour and \
            `stroke="none"`. It is offered only when the stroke is a plain colour of full \
            opacity, in user units, without dashes, markers, transforms, `vector-effect` or a \
            style sheet, the icon has a viewBox, and the outline checks out: librsvg draws the \
            fixed icon as the original, and the phone's reader draws the outline as librsvg draws \
            the stroke (at most 3% of the ink differs at 48 px). An error when half or more of \
            the icon's ink differs on the phone (the tab shows something else), a warning below \
            that.
            """,
        runtimeFacts: ["skip.tab-icon-fill", "skip.tab-icon-paths"],
        triggering: [
            IconExample.tabIcon(
                "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 24 24\" fill=\"none\" stroke=\"currentColor\" stroke-width=\"2\"><path 1️⃣d=\"M4 4h16v16H4z\"/></svg>\n",
                expected: [
                    .at(
                        "1️⃣",
                        "tab icon 'icons/home.svg' is filled where its SVG is not on iOS, whose reader fills every path: a stroke-only path (fill=\"none\") is filled as a solid shape; on the phone 81% of the icon's ink differs (53% of the SVG's is missing, 77% of the phone's is extra)"
                            + Self.filledVariants
                    ).severity(.error)
                        .fixIt(
                            "<path d=\"M4 3 L20 3 L20 5 L4 5 Z M21 4 L21 20 L19 20 L19 4 Z M20 21 L4 21 L4 19 L20 19 Z M3 20 L3 4 L5 4 L5 20 Z "
                                + "M4 4 L3 4 L3 3 L4 3 Z M20 4 L20 3 L21 3 L21 4 Z M20 20 L21 20 L21 21 L20 21 Z M4 20 L4 21 L3 21 L3 20 Z\" fill=\"currentColor\" stroke=\"none\"/>"
                        )
                ]),
            IconExample.tabIcon(
                "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 24 24\"><path 1️⃣d=\"M0 0h24v24H0z\" fill=\"none\"/><path d=\"M12 3l9 18H3z\"/></svg>\n",
                expected: [
                    .at(
                        "1️⃣",
                        "tab icon 'icons/home.svg' is filled where its SVG is not on iOS, whose reader fills every path: an invisible path (fill=\"none\", no stroke) is filled as a solid shape; on the phone 72% of the icon's ink differs (0% of the SVG's is missing, 72% of the phone's is extra)"
                    ).severity(.error).fixIt("")
                ]),
            IconExample.tabIcon(
                "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 24 24\"><defs><clipPath id=\"c\"><path 1️⃣d=\"M0 0h12v24H0z\"/></clipPath></defs><path d=\"M2 2h20v20H2z\" clip-path=\"url(#c)\"/></svg>\n",
                expected: [
                    .at(
                        "1️⃣",
                        "tab icon 'icons/home.svg' is filled where its SVG is not on iOS, whose reader fills every path: a path inside <clipPath> is drawn; on the phone 59% of the icon's ink differs (0% of the SVG's is missing, 59% of the phone's is extra)"
                    ).severity(.error)
                ]),
            IconExample.tabIcon(
                "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 24 24\"><path 1️⃣fill-rule=\"evenodd\" d=\"M2 2h20v20H2z M8 8h8v8H8z\"/></svg>\n",
                expected: [
                    .at(
                        "1️⃣",
                        "tab icon 'icons/home.svg' is filled where its SVG is not on iOS, whose reader fills every path: fill-rule=\"evenodd\" is ignored, so its holes are filled; on the phone 16% of the icon's ink differs (0% of the SVG's is missing, 16% of the phone's is extra)"
                    )
                ]),
        ],
        nonTriggering: [
            // A filled outline, and a hole drawn with the inner path running the other way.
            IconExample.tabIcon(
                "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 24 24\"><path fill-rule=\"evenodd\" d=\"M2 2h20v20H2z M8 8v8h8V8z\"/></svg>\n"
            ),
            IconExample.tabIcon(
                "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 24 24\" fill=\"none\"><path fill=\"currentColor\" d=\"M3 3h18v18H3z M5 5v14h14V5z\"/></svg>\n"
            ),
            IconExample.tabIcon(
                "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 24 24\" fill=\"none\" stroke=\"currentColor\" stroke-width=\"2\"><path d=\"M4 4h16v16H4z\"/></svg>\n",
                configuration: IconExample.w3c),
        ])

    public init() {}

    /// Where an outline icon's filled twin is, in the sets authors take outline icons from.
    static let filledVariants =
        "; take the icon from a filled set (Tabler's filled icons, Heroicons' solid, Material Symbols' Filled, "
        + "Phosphor's Fill weight, Ionicons' filled) or outline its strokes in a vector editor (Feather and Lucide have no filled set)"

    public func check(_ model: ProjectModel) -> [Finding] {
        model.icons.compactMap { icon in
            guard let onIOS = icon.onIOS, onIOS.causesKnown, onIOS.blank == nil, !onIOS.filledParts.isEmpty else { return nil }
            let stroked = onIOS.filledParts.contains { $0.phrase.hasPrefix("a stroke-only path") }
            return IOSTabIcon.finding(
                "tab icon '\(icon.path)' is filled where its SVG is not on iOS, whose reader fills every path: \(IOSTabIcon.summary(of: onIOS.filledParts))\(onIOS.inkClause)"
                    + (stroked ? Self.filledVariants : ""),
                causes: onIOS.filledParts, in: icon)
        }
    }
}
