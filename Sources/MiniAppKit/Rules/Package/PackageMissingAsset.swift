/// A page or stylesheet loads a local file that is not in the project.
public struct PackageMissingAsset: Rule {
    public static let description = RuleDescription(
        id: "package-missing-asset", domain: .package, severity: .error,
        summary: "A page or stylesheet loads a local file ('<img src>', 'url(...)') that is not in the project.",
        rationale: """
            The package holds only what the project has; a misspelt or case-mismatched path is a \
            broken image or a missing font on the phone. References resolve relative to the file \
            that makes them, as in a browser.
            """,
        triggering: [
            .file(
                "pages/index/index.html", "<body x-data=\"page\">\n  <img src=\"1️⃣../../assets/logo.svg\">\n</body>\n",
                expected: [.at("1️⃣", "'../../assets/logo.svg' resolves to 'assets/logo.svg', which is not in the project")])
        ],
        nonTriggering: [
            .file(
                "pages/index/index.html",
                "<body x-data=\"page\">\n  <img src=\"../../icons/app.svg\" srcset=\"https://cdn.example.com/a.png 2x\">\n</body>\n")
        ])

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] {
        var seen: Set<String> = []
        return model.assetReferences.compactMap { reference in
            guard !model.project.contains(reference.path),
                seen.insert("\(reference.source):\(reference.range.lowerBound):\(reference.path)").inserted,
                let file = model.project.file(reference.source)
            else { return nil }
            return Finding(
                "'\(reference.written)' resolves to '\(reference.path)', which is not in the project", at: file.span(reference.range),
                notes: caseNotes(for: reference.path, in: model))
        }
    }
}
