/// A file that would ship has a path that `verify` refuses as a package entry name.
public struct PackageUnsafeEntryName: Rule {
    public static let description = RuleDescription(
        id: "package-unsafe-entry-name", domain: .package, severity: .error,
        summary:
            "A file that ships has a path no package may hold: two paths that differ only in letter case or Unicode normalization, a file named like another path's folder, control characters, or backslashes.",
        rationale: """
            The runtime finds package entries with Swift's `==`, which takes canonically equivalent \
            names as equal, and macOS and Windows volumes fold letter case: two such files become \
            one on a phone or a developer's disk, and which one wins depends on the reader; and \
            `App.js` beside `app.js/x.js` is a file and a folder of one name there. \
            `mactl verify` refuses such a package and `mactl pack` will not write one; this rule \
            says so at lint time, with both paths.
            """,
        triggering: [
            RuleExample(
                files: [("assets/Logo.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 1 1\"/>\n")],
                supportFiles: ["assets/logo.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 1 1\"/>\n"],
                configuration: "include:\n  - assets/*.svg\n",
                expected: [
                    .file(
                        "assets/logo.svg",
                        "'assets/logo.svg' and 'assets/Logo.svg' are the same package entry on a phone (letter case or Unicode normalization); rename one"
                    )
                ])
        ],
        nonTriggering: [
            RuleExample(
                files: [("assets/logo-dark.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 1 1\"/>\n")],
                supportFiles: ["assets/logo.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 1 1\"/>\n"],
                configuration: "include:\n  - assets/*.svg\n")
        ])

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] {
        var findings: [Finding] = []
        var names = PackageNameSet()
        // Byte order, as the packer writes them: the first of two colliding paths is kept.
        for path in model.bundle.shipped.map(\.path).sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
            if let problem = PackageEntryName.problem(rawName: Array(path.utf8), flags: PackageEntryName.utf8Flag) {
                findings.append(Finding("'\(path)' cannot be a package entry: it \(problem)", at: .file(path)))
                continue
            }
            switch names.insert(path) {
            case nil, .duplicate:
                continue
            case .sameFile(let earlier):
                findings.append(
                    Finding(
                        "'\(path)' and '\(earlier)' are the same package entry on a phone (letter case or Unicode normalization); rename one",
                        at: .file(path)))
            case .fileAndFolder(let file, let folder):
                findings.append(
                    Finding("'\(file)' is a file and '\(folder)' makes it a folder in the package; rename one", at: .file(path)))
            }
        }
        return findings
    }
}
