/// A path in the manifest cannot name a file inside the package.
public struct ManifestInvalidPath: Rule {
    public static let description = RuleDescription(
        id: "manifest-invalid-path", domain: .manifest, severity: .error,
        summary: "A page, icon, widget or tab path is absolute, leaves the package ('..'), uses '\\\\' or is a URL.",
        rationale: """
            Manifest paths are relative to the package root. Runtimes ignore external URLs and paths \
            that do not name a resource in the package (W3C MiniApp Manifest, security), an absolute \
            or `..` path would read outside the package, and a backslash is a character of the name \
            on the phone, not a separator.
            """,
        triggering: [
            .manifest(
                members: """
                    "icons": [{ "src": 1️⃣"../shared/icon.svg" }, { "src": 2️⃣"/icons/app.svg" }]
                    """,
                expected: [
                    .at("1️⃣", "'icons[0].src' path '../shared/icon.svg' contains '..'; a path must stay inside the package"),
                    .at("2️⃣", "'icons[1].src' path '/icons/app.svg' is absolute; paths are relative to the package root"),
                ])
        ],
        nonTriggering: [
            .manifest(
                members: """
                    "icons": [{ "src": "./icons/app.svg" }, { "src": "icons/app..svg" }]
                    """, files: ["icons/app..svg": MinimalApp.files["icons/app.svg"]!])
        ])

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] {
        model.pathReferences.compactMap { reference in
            guard let problem = ManifestPaths.problem(with: reference.path) else { return nil }
            return Finding("'\(reference.memberPath)' path '\(reference.path)' \(problem)", at: model.manifestSpan(reference.node.range))
        }
    }
}
