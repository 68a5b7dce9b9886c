/// Two navigation calls in one piece of code: only the last is acted on.
public struct RunNavigationOverridden: RunRule {
    public static let description = RuleDescription(
        id: "run-navigation-overridden", domain: .run, severity: .error,
        summary: "A navigation call is replaced by a later one made before the code returns.",
        rationale: """
            The navigation module keeps one pending request, which the view acts on after the \
            handler returns: of several navigation calls in one handler or hook only the last \
            happens (`navigateBack()` then `navigateTo(…)` only opens the new page, on top of \
            the old one). Make one call, `redirectTo` to replace the page.
            """,
        runtimeFacts: ["skip.host-api"],
        triggering: [
            RunExample.page(
                script:
                    "Page({\n  data: { title: 'Hello' },\n  onTap() {\n    skip.nav.1️⃣navigateBack();\n    skip.nav.navigateTo({ url: 'pages/index/index' });\n  },\n});\n",
                expected: [
                    .at(
                        "1️⃣",
                        "skip.nav.navigateBack is replaced by the skip.nav.navigateTo call after it: the runtime keeps one navigation request, the last one made before the code returns"
                    ).notes(["the smoke run was firing @click of <button> at pages/index/index.html:8:3"])
                ])
        ],
        nonTriggering: [
            RunExample.page(
                script:
                    "Page({\n  data: { title: 'Hello' },\n  onTap() {\n    skip.nav.navigateTo({ url: 'pages/index/index' });\n  },\n});\n")
        ])

    /// Static rules that report the same problem from the files alone: on a line one of them
    /// reports, the run's finding is left out.
    public static let sameProblemAs: Set<String> = []

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] { model.smokeFindings(.overridden) }
}
