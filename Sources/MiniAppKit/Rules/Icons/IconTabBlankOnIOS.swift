/// A tab icon SkipMiniApp's iOS tab bar draws as nothing, though the SVG draws something.
public struct IconTabBlankOnIOS: Rule {
    public static let description = RuleDescription(
        id: "icon-tab-blank-on-ios", domain: .icon, severity: .error,
        summary: "A tab icon that draws in a browser is blank in SkipMiniApp's iOS tab bar.",
        rationale: """
            SkipMiniApp's iOS tab bar does not render SVG: it searches the file's text for path \
            data written as ` d="…"` (after a space, a tab or a quote), reads a box from the \
            first `viewBox="…"`, and fills what it finds. An icon drawn with `<circle>`, `<rect>` \
            or `<polygon>`, one whose `d=` starts a line, is in single quotes or has spaces \
            around `=`, and a file that is not UTF-8 give it nothing to fill: the tab shows an \
            empty slot above its title, with no message. So do paths it reads outside the box \
            it reads, and paths made only of arcs, which it skips. `pack` rewrites attributes \
            as ` d="…"`, so a packaged icon may draw where the folder's does not; the message \
            is about the file as it is.
            """,
        runtimeFacts: ["skip.tab-icon-paths", "skip.tab-icon-box", "skip.tab-icon-commands"],
        triggering: [
            IconExample.tabIcon(
                "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 24 24\">1️⃣<circle cx=\"12\" cy=\"12\" r=\"10\"/><rect x=\"4\" y=\"4\" width=\"4\" height=\"4\"/></svg>\n",
                expected: [
                    .at(
                        "1️⃣",
                        "tab icon 'icons/home.svg' is blank on iOS: its reader draws only path data (d=\"…\"), and this icon draws with <circle>, <rect>"
                    )
                    .fixIt(
                        "<path d=\"M22 12 C22 17.523 17.523 22 12 22 C6.477 22 2 17.523 2 12 C2 6.477 6.477 2 12 2 C17.523 2 22 6.477 22 12 Z\"/><path d=\"M4 4 L8 4 L8 8 L4 8 Z\"/>"
                    )
                ]),
            IconExample.tabIcon(
                "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 24 24\"><path fill=\"currentColor\"\n1️⃣d=\"M2 2h20v20H2z\"/></svg>\n",
                expected: [
                    .at(
                        "1️⃣",
                        "tab icon 'icons/home.svg' is blank on iOS: its reader finds path data only after a space, a tab or a quote, and here a d=\"…\" at the start of a line is not found"
                    ).fixIt(" d=\"M2 2h20v20H2z\"")
                ]),
            IconExample.tabIcon(
                "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 24 24\"><path 1️⃣d='M2 2h20v20H2z'/></svg>\n",
                expected: [
                    .at(
                        "1️⃣",
                        "tab icon 'icons/home.svg' is blank on iOS: its reader finds path data only after a space, a tab or a quote, and here a d='…' in single quotes is not found"
                    ).fixIt(" d=\"M2 2h20v20H2z\"")
                ]),
            IconExample.tabIcon(
                "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 24 24\"><path 1️⃣d = \"M2 2h20v20H2z\"/></svg>\n",
                expected: [
                    .at(
                        "1️⃣",
                        "tab icon 'icons/home.svg' is blank on iOS: its reader finds path data only after a space, a tab or a quote, and here a d = \"…\" with spaces around '=' is not found"
                    ).fixIt(" d=\"M2 2h20v20H2z\"")
                ]),
            IconExample.tabIcon(
                "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 24 24\"><path d=\"M2 12 1️⃣A10 10 0 0 1 22 12A10 10 0 0 1 2 12z\"/></svg>\n",
                expected: [
                    .at("1️⃣", "tab icon 'icons/home.svg' is blank on iOS: its paths are made of arcs, which its reader skips")
                        .fixIt("M2 12 C2 6.477 6.477 2 12 2 C17.523 2 22 6.477 22 12 C22 17.523 17.523 22 12 22 C6.477 22 2 17.523 2 12 Z")
                ]),
        ],
        nonTriggering: [
            // Indented attributes on one line, a space-separated viewBox, a circle as cubic curves.
            IconExample.tabIcon(
                """
                <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">
                  <path fill="currentColor"  d="M12 2C17.5 2 22 6.5 22 12S17.5 22 12 22 2 17.5 2 12 6.5 2 12 2z"/>
                </svg>

                """),
            IconExample.tabIcon(
                "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 24 24\">\n\t<path\td=\"M2 2h20v20H2z\"/>\n</svg>\n"),
            IconExample.tabIcon(
                "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 24 24\"><circle cx=\"12\" cy=\"12\" r=\"10\"/></svg>\n",
                configuration: IconExample.w3c),
        ])

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] {
        model.icons.compactMap { icon in
            guard let onIOS = icon.onIOS, let blank = onIOS.blank else { return nil }
            return Finding(
                "tab icon '\(icon.path)' is blank on iOS: \(blank.phrase)", at: icon.span(blank.range),
                fixIt: blank.fix.map(icon.fixIt))
        }
    }
}
