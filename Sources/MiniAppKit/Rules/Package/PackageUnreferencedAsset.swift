/// A file under `assets/` that nothing references, so it does not ship.
public struct PackageUnreferencedAsset: Rule {
    public static let description = RuleDescription(
        id: "package-unreferenced-asset", domain: .package, severity: .warning,
        summary: "A file under 'assets/' is referenced by no page, stylesheet or manifest entry, so 'pack' leaves it out.",
        rationale: """
            `pack` ships only what the app loads. An asset nothing names is either dead weight in \
            the project or loaded in a way mactl cannot see (built in a script); list it in \
            `.mactl.yml` `include:` to ship it anyway.
            """,
        prerequisites: [.manifest],
        triggering: [
            RuleExample(
                files: [("assets/old-logo.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 1 1\"/>\n")],
                expected: [
                    .file(
                        "assets/old-logo.svg",
                        "'assets/old-logo.svg' is not referenced anywhere, so it is not packed; reference it or list it under 'include:' in '.mactl.yml'"
                    )
                ])
        ],
        nonTriggering: [
            RuleExample(files: [("assets/data.txt", "x\n")], configuration: "include:\n  - assets/*.txt\n")
        ])

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] {
        model.bundle.leftOut.filter { $0.path.hasPrefix("assets/") }.map { file in
            Finding(
                "'\(file.path)' is not referenced anywhere, so it is not packed; reference it or list it under 'include:' in '.mactl.yml'",
                at: .file(file.path))
        }
    }
}
