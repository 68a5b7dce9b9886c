/// `pages` is an empty list.
public struct ManifestNoPages: Rule {
    public static let description = RuleDescription(
        id: "manifest-no-pages", domain: .manifest, severity: .error,
        summary: "'pages' is empty.",
        rationale: "The first entry of `pages` is the entry page; with none, the runtime has nothing to show and the app opens blank.",
        triggering: [
            .manifest(
                members: """
                    "pages": 1️⃣[]
                    """, expected: [.at("1️⃣", "'pages' is empty; the first page is the app's entry page")])
        ],
        nonTriggering: [
            .manifest(
                members: """
                    "pages": ["pages/index/index"],
                    "widgets": []
                    """)
        ])

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] {
        guard let pages = model.manifest?["pages"], let elements = pages.elements, elements.isEmpty else { return [] }
        return [Finding("'pages' is empty; the first page is the app's entry page", at: model.manifestSpan(pages.range))]
    }
}
