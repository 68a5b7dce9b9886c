/// An icon mactl could not render.
public struct IconNotRendered: Rule {
    public static let description = RuleDescription(
        id: "icon-not-rendered", domain: .icon, severity: .warning,
        summary: "An otherwise valid icon was not rendered: librsvg refused it, or it is too big or has too much text to render safely.",
        rationale:
            "mactl checks what an icon looks like by rendering it, and bounds what it renders (\(Limits.iconRenderBytes / 1024) KB, \(Limits.iconRenderText) characters of text) because a renderer cannot be interrupted. An icon past those bounds is not a real tab icon, and one librsvg cannot draw will not draw on a phone either. Under SkipMiniApp, a tab icon past them is not read as its iOS tab bar reads it either, so its `icon-tab-*-on-ios` checks do not run.",
        triggering: [],
        nonTriggering: [
            .file(
                "icons/app.svg",
                "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 24 24\"><text x=\"2\" y=\"18\" font-size=\"16\" fill=\"currentColor\">Hi</text></svg>\n"
            )
        ])

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] {
        model.icons.compactMap { icon in
            guard let reason = icon.notRenderedBecause, reason != "it is not a valid SVG" else { return nil }
            // A tab icon too large to render is not read as the iOS tab bar reads it either.
            let unread =
                icon.isTabIcon && model.runtime.has(.tabIconsReadAsFilledPaths) && icon.onIOS == nil
                ? ", nor read as SkipMiniApp's iOS tab bar reads it" : ""
            return Finding("icon '\(icon.path)' was not rendered\(unread): \(reason)", at: icon.rootSpan)
        }
    }
}
