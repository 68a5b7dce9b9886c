/// A host call the runtime ignores, or reads otherwise than written, when the app runs.
public struct RunIgnoredCall: RunRule {
    public static let description = RuleDescription(
        id: "run-ignored-call", domain: .run, severity: .error,
        summary: "A host call made while the app runs is ignored by the runtime, or does something other than it says.",
        rationale: """
            The runtime's host functions check their arguments natively and drop what they do \
            not take, without a word: navigation wants an options object (`navigateTo('pages/a/a')` \
            does nothing, `navigateBack(2)` goes back one page), `redirectTo` and `reLaunch` pass \
            no query, a timer calls only a function and passes it no arguments, `fetch` sends a \
            body only when it is a string and refuses a relative URL, `i18n.t` substitutes only \
            from an object, `i18n.plural` wants its forms as an object with CLDR categories. \
            The smoke run reports each such call it makes, at its line; the same call written \
            with literals is often reported by a static rule already, which then wins. A call \
            ignored only in some states (a stack already 10 pages deep, `redirectTo` on the root \
            of a stack) is a warning.
            """,
        runtimeFacts: ["skip.host-api", "skip.navigation-url-is-path"],
        triggering: [
            RunExample.page(
                script:
                    "Page({\n  data: { title: 'Hello' },\n  onTap() {\n    const next = 'pages/' + 'index/index';\n    skip.nav.1️⃣navigateTo(next);\n  },\n});\n",
                expected: [
                    .at(
                        "1️⃣",
                        "skip.nav.navigateTo(\"pages/index/index\") is ignored: the runtime takes only an options object, {url: 'pages/…', query: '…'}"
                    ).notes(["the smoke run was firing @click of <button> at pages/index/index.html:8:3"])
                ])
        ],
        nonTriggering: [
            RunExample.page(
                script:
                    "Page({\n  data: { title: 'Hello' },\n  onTap() {\n    const next = 'pages/' + 'index/index';\n    skip.nav.navigateTo({ url: next, query: 'id=1' });\n  },\n});\n"
            )
        ])

    /// Static rules that report the same problem from the files alone: on a line one of them
    /// reports, the run's finding is left out.
    public static let sameProblemAs: Set<String> = [
        "script-navigate-to-tab", "script-navigation-options-not-object", "script-navigation-file-extension",
        "script-navigation-query-ignored", "script-navigation-leading-slash", "script-navigation-query-in-path",
        "script-navigation-query-not-string", "script-navigation-unknown-page", "script-switch-tab-non-tab", "script-redirect-from-root",
        "script-i18n-format-options", "script-i18n-date-string", "script-fetch-headers", "script-unknown-host-api",
        "i18n-missing-placeholder-argument",
    ]

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] { model.smokeFindings(.ignored) }
}
