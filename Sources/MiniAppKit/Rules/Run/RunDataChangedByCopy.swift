/// Page data or a `setData` patch that the runtime's JSON copy changes.
public struct RunDataChangedByCopy: RunRule {
    public static let description = RuleDescription(
        id: "run-data-changed-by-copy", domain: .run, severity: .warning,
        summary: "Page data or a 'setData' patch holds a value the runtime's JSON copy changes.",
        rationale: """
            The runtime copies a page's `data` and every `setData` patch with \
            `JSON.parse(JSON.stringify(…))` before it keeps or shows them: a `Date` becomes a \
            string, a `Map`, `Set` or `RegExp` becomes `{}`, a function is dropped, NaN and \
            Infinity become `null`, an instance of a class loses its methods, and a cycle or a \
            BigInt makes the copy throw, which leaves the page with no data at all. \
            `this.data.when.getTime()` then throws. Keep data plain: numbers, strings, booleans, \
            arrays and plain objects (a date as its timestamp). A changed value fails only where \
            the code relies on what was lost, so it is a warning; data the copy cannot make at \
            all leaves the page without data on every visit, an error.
            """,
        runtimeFacts: ["skip.one-script-context"],
        triggering: [
            RunExample.page(
                script:
                    "Page({\n  data: { title: 'Hello' },\n  onTap() {\n    this.setData({\n      title: 'Saved',\n      1️⃣savedAt: new Date(),\n    });\n  },\n});\n",
                expected: [
                    .at("1️⃣", "setData copies its patch with JSON: the patch.savedAt is a Date, which the copy turns into a string").notes([
                        "the smoke run was firing @click of <button> at pages/index/index.html:8:3"
                    ])
                ]),
            .file(
                "pages/index/index.js",
                "const root = { name: 'root' };\nroot.parent = root;\n1️⃣Page({\n  data: { title: 'Hello', root },\n});\n",
                expected: [
                    .at(
                        "1️⃣",
                        "the runtime cannot copy the data of pages/index/index with JSON (TypeError: JSON.stringify cannot serialize cyclic structures.): the page has no data, so this.data and the view's store are undefined"
                    ).severity(.error)
                ]),
        ],
        nonTriggering: [
            RunExample.page(
                script:
                    "Page({\n  data: { title: 'Hello' },\n  onTap() {\n    this.setData({ title: 'Saved', savedAt: Date.now() });\n  },\n});\n"
            )
        ])

    /// Static rules that report the same problem from the files alone: on a line one of them
    /// reports, the run's finding is left out.
    public static let sameProblemAs: Set<String> = []

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] { model.smokeFindings(.dataCopy) }
}
