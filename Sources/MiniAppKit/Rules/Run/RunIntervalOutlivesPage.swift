/// An interval a page starts and never clears, running after the page is closed.
public struct RunIntervalOutlivesPage: RunRule {
    public static let description = RuleDescription(
        id: "run-interval-outlives-page", domain: .run, severity: .warning,
        summary: "An interval started by a page keeps running after the page is closed.",
        rationale: """
            The runtime never calls `onUnload`, so an interval a page clears there (or nowhere) \
            keeps running once the page is gone, for as long as the app lives: each tick costs \
            battery, and its `setData` lands on whichever page was opened last. Clear it in \
            `onHide` and start it again in `onShow`. The smoke run closes each page it opened and \
            runs the clock on.
            """,
        runtimeFacts: ["skip.page-script-per-visit"],
        triggering: [
            RuleExample(
                files: [
                    (
                        "pages/clock/clock.js",
                        "Page({\n  data: { now: 0 },\n  onShow() {\n    this.timer = 1️⃣setInterval(() => this.setData({ now: Date.now() }), 1000);\n  },\n  onUnload() {\n    clearInterval(this.timer);\n  },\n});\n"
                    )
                ],
                supportFiles: [
                    "manifest.json": MinimalApp.manifest(with: "\"pages\": [\"pages/index/index\", \"pages/clock/clock\"]"),
                    "pages/clock/clock.html": "<body x-data=\"page\"><p x-text=\"store.now\"></p></body>\n",
                ],
                expected: [
                    .at(
                        "1️⃣",
                        "this interval keeps running after pages/clock/clock is closed: the runtime never calls onUnload, so clear it in onHide (and start it in onShow)"
                    )
                ])
        ],
        nonTriggering: [
            RuleExample(
                files: [
                    (
                        "pages/clock/clock.js",
                        "Page({\n  data: { now: 0 },\n  onShow() {\n    this.timer = setInterval(() => this.setData({ now: Date.now() }), 1000);\n  },\n  onHide() {\n    clearInterval(this.timer);\n  },\n});\n"
                    )
                ],
                supportFiles: [
                    "manifest.json": MinimalApp.manifest(with: "\"pages\": [\"pages/index/index\", \"pages/clock/clock\"]"),
                    "pages/clock/clock.html": "<body x-data=\"page\"><p x-text=\"store.now\"></p></body>\n",
                ])
        ])

    /// Static rules that report the same problem from the files alone: on a line one of them
    /// reports, the run's finding is left out.
    public static let sameProblemAs: Set<String> = []

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] { model.smokeFindings(.interval) }
}
