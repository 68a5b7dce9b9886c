/// A call the runtime's Swift converts with a trapping conversion, with a value that traps.
public struct RunCrashOnIOS: RunRule {
    public static let description = RuleDescription(
        id: "run-crash-on-ios", domain: .run, severity: .error,
        summary: "A value reaches the runtime's Swift code in a form that crashes the host app on iOS.",
        rationale: """
            Some host calls convert a JavaScript value with Swift's `Int(…)`, which traps on NaN \
            and infinities (`i18n.plural`'s count, `navigateBack`'s delta, a timer id), and the \
            iOS bridge serialises an event's detail with `JSONSerialization`, which raises for a \
            number that is not finite. Either takes the whole host app down. The static rules \
            catch the literal cases; the smoke run catches the values the app computes.
            """,
        runtimeFacts: ["skip.plural-count-int", "skip.navigate-back-delta-int"],
        triggering: [
            RunExample.page(
                script:
                    "Page({\n  data: { title: 'Hello', level: 'top' },\n  onTap() {\n    skip.nav.1️⃣navigateBack({ delta: Number(this.data.level) });\n  },\n});\n",
                expected: [
                    .at("1️⃣", "navigateBack({delta: NaN}) crashes the app on iOS: the runtime converts delta with Int(...), which traps")
                        .notes(["the smoke run was firing @click of <button> at pages/index/index.html:8:3"])
                ])
        ],
        nonTriggering: [
            RunExample.page(
                script:
                    "Page({\n  data: { title: 'Hello', level: '2' },\n  onTap() {\n    skip.nav.navigateBack({ delta: Number(this.data.level) });\n  },\n});\n"
            )
        ])

    /// Static rules that report the same problem from the files alone: on a line one of them
    /// reports, the run's finding is left out.
    public static let sameProblemAs: Set<String> = [
        "script-navigate-back-delta", "script-plural-count-not-number", "template-event-detail-not-clonable",
    ]

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] { model.smokeFindings(.crash) }
}
