/// A number in a tab icon's path data that SkipMiniApp's iOS reader never gets past.
public struct IconTabHangsOnIOS: Rule {
    public static let description = RuleDescription(
        id: "icon-tab-hangs-on-ios", domain: .icon, severity: .error,
        summary: "A tab icon's path data has a number SkipMiniApp's iOS reader cannot read, and the app hangs drawing the tab bar.",
        rationale: """
            SkipMiniApp draws a tab icon on iOS with its own small path reader, not an SVG \
            renderer. It cuts numbers at letters, commas, whitespace and `-` but not at a second \
            `.`, so the compact `.5.5` that SVGO and icon exporters write (two numbers to every \
            browser) is one token to it. Reading it fails, the reader returns 0 without moving \
            on, and its loop runs forever: the app freezes when the tab bar is drawn, with no \
            message. A number after `Z`, and a line break written as CRLF between two numbers, \
            stop it the same way. The fix-it writes the numbers out, which every renderer reads \
            the same way.
            """,
        runtimeFacts: ["skip.tab-icon-numbers"],
        triggering: [
            IconExample.tabIcon(
                "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 24 24\"><path d=\"M2 2L22 2 22 22 1️⃣.5.5z\"/></svg>\n",
                expected: [
                    .at(
                        "1️⃣",
                        "the iOS app hangs drawing tab icon 'icons/home.svg': its reader cannot read '.5.5' as a number and never moves past it; write the numbers out: '.5 .5'"
                    ).fixIt(".5 .5")
                ]),
            IconExample.tabIcon(
                "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 24 24\"><path d=\"M4 4L20 4 1️⃣12.5.20z\"/></svg>\n",
                expected: [
                    .at(
                        "1️⃣",
                        "the iOS app hangs drawing tab icon 'icons/home.svg': its reader cannot read '12.5.20' as a number and never moves past it; write the numbers out: '12.5 .20'"
                    ).fixIt("12.5 .20")
                ]),
            IconExample.tabIcon(
                "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 24 24\"><path d=\"M4 4H20V20z 1️⃣4 4\"/></svg>\n",
                expected: [
                    .at(
                        "1️⃣",
                        "the iOS app hangs drawing tab icon 'icons/home.svg': its reader never moves past the number '4' after a close-path command (Z); remove the numbers after Z"
                    )
                ]),
        ],
        nonTriggering: [
            IconExample.tabIcon(
                "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 24 24\"><path d=\"M2 2h20v20H2z\"/><path d=\"M.5 .5l1.5e-3-.5 5.-5z\"/></svg>\n"
            ),
            IconExample.tabIcon(
                "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 24 24\"><path d=\"M2 2h20v20H2z\"/><path d=\"M2 2A.5.5 0 0 1 4 4\"/></svg>\n"
            ),
            IconExample.tabIcon(
                "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 24 24\"><path d=\"M2 2h20v20H2z.5.5\"/></svg>\n",
                configuration: IconExample.w3c),
        ])

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] {
        model.icons.flatMap { icon -> [Finding] in
            guard let onIOS = icon.onIOS else { return [] }
            return onIOS.hangs.map { hang in
                let token = hang.token.replacingOccurrences(of: "\r\n", with: "\\r\\n")
                switch hang.cause {
                case .numberAfterClose:
                    return Finding(
                        "the iOS app hangs drawing tab icon '\(icon.path)': its reader never moves past the number '\(token)' after a close-path command (Z); remove the numbers after Z",
                        at: icon.span(hang.range))
                case .unparseableNumber, .exponentWithoutDigits:
                    let why =
                        hang.token.contains("\r\n")
                        ? "a line break written as CRLF makes '\(token)' one number to its reader, which it cannot read and never moves past"
                        : "its reader cannot read '\(token)' as a number and never moves past it"
                    guard let writtenOut = hang.writtenOut else {
                        return Finding(
                            "the iOS app hangs drawing tab icon '\(icon.path)': \(why); write it as plain numbers",
                            at: icon.span(hang.range))
                    }
                    return Finding(
                        "the iOS app hangs drawing tab icon '\(icon.path)': \(why); write the numbers out: '\(writtenOut)'",
                        at: icon.span(hang.range),
                        fixIt: icon.fixIt(IOSTabIcon.Fix(message: "write the numbers out", range: hang.range, replacement: writtenOut)))
                }
            }
        }
    }
}
