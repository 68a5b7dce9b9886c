/// App code that does not finish: the app stops responding.
public struct RunTimeout: RunRule {
    public static let description = RuleDescription(
        id: "run-timeout", domain: .run, severity: .error,
        summary: "A lifecycle hook, handler or timer does not finish when the app is run.",
        rationale: """
            Every page script, hook and handler runs on the app's one JavaScript thread: one that \
            never returns (a loop whose condition never changes) freezes the whole app. The \
            smoke run gives each step \(Int(Limits.smokeStepSeconds)) seconds and stops at the first \
            that overruns.
            """,
        runtimeFacts: ["skip.one-script-context"],
        triggering: [
            RunExample.page(
                script:
                    "Page({\n  data: { title: 'Hello', items: [] },\n  1️⃣onTap() {\n    let i = 0;\n    while (i < this.data.items.length + 1) { }\n  },\n});\n",
                expected: [
                    .at("1️⃣", "onTap of pages/index/index did not finish within 2 s: on the phone the app stops responding").notes([
                        "the smoke run was firing @click of <button> at pages/index/index.html:8:3"
                    ])
                ])
        ],
        nonTriggering: [
            RunExample.page(
                script:
                    "Page({\n  data: { title: 'Hello', items: [] },\n  onTap() {\n    for (let i = 0; i < this.data.items.length + 1; i++) { }\n  },\n});\n"
            )
        ])

    /// Static rules that report the same problem from the files alone: on a line one of them
    /// reports, the run's finding is left out.
    public static let sameProblemAs: Set<String> = ["script-load-error"]

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] { model.smokeFindings(.timeout, everyVisit: .error) }
}
