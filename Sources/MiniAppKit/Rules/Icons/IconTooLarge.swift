/// An icon file over the size budget.
public struct IconTooLarge: Rule {
    public static let description = RuleDescription(
        id: "icon-too-large", domain: .icon, severity: .warning,
        summary: "An icon file is over \(IconModel.sizeBudget / 1024) KB.",
        rationale:
            "A tab icon is a few hundred bytes of paths; a large one usually carries editor metadata or an embedded bitmap, and every byte counts against the package's size limit (2 MB on most platforms).",
        triggering: [],
        nonTriggering: [
            // An icon of exactly the budget; too long to show, so it only runs as a test.
            RuleExample(files: [], supportFiles: ["icons/app.svg": iconOfBudgetSize])
        ])

    /// The minimal app's icon padded with a comment to exactly `IconModel.sizeBudget` bytes.
    static let iconOfBudgetSize: String = {
        let head =
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 24 24\"><circle cx=\"12\" cy=\"12\" r=\"10\" fill=\"currentColor\"/><!-- "
        let tail = " --></svg>\n"
        return head + String(repeating: "x", count: IconModel.sizeBudget - head.utf8.count - tail.utf8.count) + tail
    }()

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] {
        model.icons.compactMap { icon in
            let size = icon.document.file.bytes.count
            guard size > IconModel.sizeBudget else { return nil }
            return Finding(
                "icon '\(icon.path)' is \(size) bytes, over the \(IconModel.sizeBudget / 1024) KB budget for an icon", at: .file(icon.path))
        }
    }
}
