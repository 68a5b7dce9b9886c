/// App code throws when the smoke run calls it as the runtime would.
public struct RunException: RunRule {
    public static let description = RuleDescription(
        id: "run-exception", domain: .run, severity: .warning,
        summary: "A lifecycle hook, handler, timer or promise callback throws when the app is run as the runtime runs it.",
        rationale: """
            `lint` runs the app in mactl's model of the runtime (the host `mactl test` uses): it \
            starts the app, opens every page as a person reaches it, runs its timers and fires \
            every binding its template renders, with the host as strict as the device's. An \
            exception there stops the rest of that code, and on the phone nothing says so: the \
            runtime drops every script error. Most are the host's shapes: a getter called as a \
            method (`skip.i18n.locale()`), a value called as a function (`handle.size()`), a \
            synchronous API used as a promise (`skip.fs.root.entries().then`), a browser global \
            the logic context does not have (`document`, `window`, `localStorage`), `this` in an \
            arrow-function handler. One that happens while a page opens happens on every visit \
            and is an error; one in a handler or a timer depends on what was tapped and is a \
            warning. The run cannot know a server's answers (no `fetch` settles) or what a \
            person types (fields get `"2"`); see docs/smoke-run.md.
            """,
        runtimeFacts: ["skip.script-errors-silent", "skip.host-api", "skip.globals"],
        triggering: [
            RunExample.page(
                script:
                    "Page({\n  data: { title: 'Hello' },\n  onTap() {\n    skip.fs.root.entries().1️⃣then((entries) => this.setData({ title: String(entries.length) }));\n  },\n});\n",
                expected: [
                    .at(
                        "1️⃣",
                        "onTap of pages/index/index threw TypeError: skip.fs.root.entries().then is not a function. (In 'skip.fs.root.entries().then((entries) => this.setData({ title: String(entries.length) }))', 'skip.fs.root.entries().then' is undefined): on the phone it stops there, without a message"
                    ).notes(["the smoke run was firing @click of <button> at pages/index/index.html:8:3"])
                ])
        ],
        nonTriggering: [
            // The file system is synchronous: its answers are values, not promises.
            RunExample.page(
                script:
                    "Page({\n  data: { title: 'Hello' },\n  onTap() {\n    const entries = skip.fs.root.entries();\n    this.setData({ title: String(entries.length) });\n  },\n});\n"
            )
        ])

    /// Static rules that report the same problem from the files alone: on a line one of them
    /// reports, the run's finding is left out.
    public static let sameProblemAs: Set<String> = [
        "script-browser-global", "script-other-platform-global", "script-unknown-host-api", "script-load-error", "script-global-on-revisit",
        "script-global-redeclared", "script-runtime-global-shadowed", "script-handler-name-reserved", "script-i18n-format-options",
        "script-i18n-date-string", "script-event-member-not-passed", "script-event-used-as-detail", "script-onload-options",
    ]

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] { model.smokeFindings(.exception, everyVisit: .error) }
}
