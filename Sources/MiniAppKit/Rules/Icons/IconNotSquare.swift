/// A tab icon whose viewBox is not square.
public struct IconNotSquare: Rule {
    public static let description = RuleDescription(
        id: "icon-not-square", domain: .icon, severity: .error,
        summary: "A tab icon's viewBox is not square.",
        rationale:
            "Tab bars draw icons in a square slot; a wide or tall icon is shrunk to fit and looks smaller than the others, or is cropped.",
        triggering: [
            IconExample.tabIcon(
                "1️⃣<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 32 24\"><rect width=\"32\" height=\"24\" fill=\"currentColor\"/></svg>\n",
                expected: [.at("1️⃣", "tab icon 'icons/home.svg' is 32 × 24; tab bars draw icons in a square, so make its viewBox square")])
        ],
        nonTriggering: [
            IconExample.tabIcon(
                "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 32 32\"><rect y=\"4\" width=\"32\" height=\"24\" fill=\"currentColor\"/></svg>\n"
            )
        ])

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] {
        model.icons.compactMap { icon in
            guard icon.isTabIcon, let viewBox = icon.viewBox, viewBox.width != viewBox.height else { return nil }
            return Finding(
                "tab icon '\(icon.path)' is \(IconSizeMismatch.format(viewBox.width)) × \(IconSizeMismatch.format(viewBox.height)); tab bars draw icons in a square, so make its viewBox square",
                at: icon.rootSpan)
        }
    }
}
