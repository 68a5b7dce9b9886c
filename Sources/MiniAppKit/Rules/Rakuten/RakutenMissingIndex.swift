/// The web bundle has no `index.html` at its root.
public struct RakutenMissingIndex: Rule {
    public static let description = RuleDescription(
        id: "rakuten-missing-index", domain: .rakuten, severity: .error,
        summary: "The bundle has no 'index.html' at its root: the host refuses to open it.",
        rationale: """
            The SDK unzips a version into its folder and then looks for `index.html` there; \
            without it the download fails with `noRoot` and the app never opens. The host \
            loads `mscheme.<app id>://miniapp/index.html`, so the page must be at the root, \
            not in `public/` or `dist/`.
            """,
        runtimeFacts: ["rakuten.index-root"],
        triggering: [
            .rakuten(
                [("public/index.html", "<!DOCTYPE html>\n<html><body></body></html>\n")], removing: ["index.html"],
                expected: [
                    .file(
                        "index.html",
                        "the bundle has no 'index.html' at its root, so the host refuses to open it; the one in 'public/index.html' must be at the root"
                    )
                ])
        ],
        nonTriggering: [.rakuten([])])

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] {
        guard !model.project.contains(RakutenBundle.indexPath) else { return [] }
        let elsewhere = model.project.paths.filter { $0.lowercased().hasSuffix("/index.html") || $0.lowercased() == "index.html" }
            .sorted { ($0.split(separator: "/").count, $0) < ($1.split(separator: "/").count, $1) }.first
        let hint = elsewhere.map { "; the one in '\($0)' must be at the root" } ?? ""
        return [
            Finding("the bundle has no 'index.html' at its root, so the host refuses to open it\(hint)", at: .file(RakutenBundle.indexPath))
        ]
    }
}
