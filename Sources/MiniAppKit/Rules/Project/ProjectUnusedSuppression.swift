/// An inline suppression that silences nothing. Reported by the linter after every rule has
/// run, since only then is it known what a suppression silenced.
public struct ProjectUnusedSuppression: Rule {
    public static let description = RuleDescription(
        id: "project-unused-suppression", domain: .project, severity: .note,
        summary: "A 'mactl-disable-next-line' comment silences nothing, or names a rule that does not exist.",
        rationale: """
            `<!-- mactl-disable-next-line rule-id -->` in a template and \
            `// mactl-disable-next-line rule-id` in a script silence those rules on the next line. \
            Once the code changes, a suppression that silences nothing hides the next real problem \
            on that line; it is reported so it can be removed.
            """,
        appKinds: Set(AppKind.allCases),
        triggering: [
            .file(
                "pages/index/index.html",
                "<body x-data=\"page\">\n  1️⃣<!-- mactl-disable-next-line template-unknown-directive -->\n  <p x-text=\"store.title\"></p>\n</body>\n",
                expected: [.at("1️⃣", "this suppression silences nothing: line 3 has no 'template-unknown-directive' diagnostic")])
        ],
        nonTriggering: [
            .file(
                "pages/index/index.html",
                "<body x-data=\"page\">\n  <!-- mactl-disable-next-line template-unknown-directive -->\n  <p x-txt=\"store.title\"></p>\n</body>\n"
            )
        ])

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] { [] }
}
