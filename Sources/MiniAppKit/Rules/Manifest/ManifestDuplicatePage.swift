/// The same page is listed twice in `pages`.
public struct ManifestDuplicatePage: Rule {
    public static let description = RuleDescription(
        id: "manifest-duplicate-page", domain: .manifest, severity: .error,
        summary: "A page is listed more than once in 'pages'.",
        rationale: """
            Each route must be listed once; a repeat is usually a copy-paste slip that hides a page \
            the author meant to add. `pages/a` and `pages/a.html` are the same page.
            """,
        triggering: [
            .manifest(
                members: """
                    "pages": ["pages/index/index", 1️⃣"pages/index/index"]
                    """, expected: [.at("1️⃣", "page 'pages/index/index' is listed twice")])
        ],
        nonTriggering: [
            .manifest(
                members: """
                    "pages": ["pages/index/index", "pages/list/index"]
                    """, files: ["pages/list/index.html": "<body x-data=\"page\"></body>\n"])
        ])

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] {
        var firstSeen: [String: JSONNode] = [:]
        var findings: [Finding] = []
        for reference in model.pageReferences {
            guard let route = ManifestPaths.canonicalRoute(reference.path) else { continue }
            if let first = firstSeen[route] {
                findings.append(
                    Finding(
                        "page '\(reference.path)' is listed twice", at: model.manifestSpan(reference.node.range),
                        notes: [DiagnosticNote(message: "first listed here", span: model.manifestSpan(first.range))]))
            } else {
                firstSeen[route] = reference.node
            }
        }
        return findings
    }
}
