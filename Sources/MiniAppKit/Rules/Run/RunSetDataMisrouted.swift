/// A page's `setData` that the runtime sends to another page's view.
public struct RunSetDataMisrouted: RunRule {
    public static let description = RuleDescription(
        id: "run-setdata-misrouted", domain: .run, severity: .warning,
        summary: "A page's 'setData' reaches the view of the page opened last instead of its own.",
        rationale: """
            The runtime sends a `setData` to the views of the page whose script ran last, not to \
            the caller's: once a page has opened another, its own `setData` (a handler after \
            coming back, a timer, a fetch answering late) changes nothing on its screen, and the \
            other page's view shows its data instead if it is still alive. Only the launch page \
            still gets its updates, through a second channel. The smoke run opens the pages a \
            person would and reports each `setData` that lands elsewhere.
            """,
        runtimeFacts: ["skip.setdata-launch-page"],
        triggering: [
            RuleExample(
                files: [
                    (
                        "pages/list/list.js",
                        "Page({\n  data: { count: 0 },\n  onOpen() {\n    skip.nav.navigateTo({ url: 'pages/detail/detail' });\n  },\n  onAdd() {\n    this.1️⃣setData({ count: this.data.count + 1 });\n  },\n});\n"
                    ),
                    (
                        "pages/list/list.html",
                        "<body x-data=\"page\">\n  <button @click=\"onOpen()\">Open</button>\n  <button @click=\"onAdd()\">Add</button>\n  <p x-text=\"store.count\"></p>\n</body>\n"
                    ),
                ],
                supportFiles: [
                    "manifest.json": MinimalApp.manifest(
                        with: "\"pages\": [\"pages/index/index\", \"pages/list/list\", \"pages/detail/detail\"]"),
                    "pages/detail/detail.html": "<body x-data=\"page\"></body>\n",
                    "pages/detail/detail.js": "Page({ data: {} });\n",
                ],
                expected: [
                    .at(
                        "1️⃣",
                        "setData of pages/list/list does not reach its view: the runtime sends it to the view of pages/detail/detail, the page opened last, so pages/list/list keeps showing its old data"
                    ).notes(["the smoke run was firing @click of <button> at pages/list/list.html:3:3"])
                ])
        ],
        nonTriggering: [
            RuleExample(
                files: [
                    (
                        "pages/list/list.js",
                        "Page({\n  data: { count: 0 },\n  onAdd() {\n    this.setData({ count: this.data.count + 1 });\n  },\n});\n"
                    ),
                    (
                        "pages/list/list.html",
                        "<body x-data=\"page\">\n  <button @click=\"onAdd()\">Add</button>\n  <p x-text=\"store.count\"></p>\n</body>\n"
                    ),
                ],
                supportFiles: ["manifest.json": MinimalApp.manifest(with: "\"pages\": [\"pages/index/index\", \"pages/list/list\"]")])
        ])

    /// Static rules that report the same problem from the files alone: on a line one of them
    /// reports, the run's finding is left out.
    public static let sameProblemAs: Set<String> = []

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] { model.smokeFindings(.misrouted) }
}
