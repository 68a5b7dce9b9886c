/// The packed archive is larger than the package budget.
public struct PackageOverBudget: Rule {
    public static let description = RuleDescription(
        id: "package-over-budget", domain: .package, severity: .warning,
        summary: "The packed '.ma' is larger than the package budget (2 MB unless '.mactl.yml' 'budgets: package:' says otherwise).",
        rationale: """
            WeChat and Quick App refuse or split packages over 2 MB ("main package source size \
            exceed max limit 2MB" is among their most reported errors). The size is the real \
            archive's, after compression. When the files could add up to more than the budget, \
            `lint` works out to the byte the size of the package `pack` would write (the same \
            safe transforms, the same deflate, unsigned), taking each file the last pack \
            compressed from the pack cache and deflating only the others; `pack` checks the \
            package it wrote, signature included, so its figure is lint's plus the signing \
            block. `pack --no-minify` packs the files as written, which lint does not assume. \
            The finding lists the files that take the most room in the package. Make the rule \
            an error in `.mactl.yml` to fail the build instead of warning.
            """,
        triggering: [], nonTriggering: [])

    public init() {}

    /// How many of the largest files a finding lists.
    static let largestFilesListed = 5

    /// Local header, central directory record and data descriptor of one entry, beside its
    /// name twice: more than mactl's writer ever spends on an entry.
    static let entryOverhead = 256

    /// At lint time: the size of the package `pack` would write (`PackageSizing`), worked out
    /// only when the files could add up to more than the budget (deflate never makes an entry
    /// larger, since the writer stores what does not shrink), so an app well within it costs
    /// nothing. The pack cache's entries, when the lint has them (`ProjectModel.packCache`),
    /// spare deflating the files the last pack deflated.
    public func check(_ model: ProjectModel) -> [Finding] {
        let limit = model.configuration.budgets.packageBytes
        let plan = model.bundle
        let bound = plan.shipped.reduce(22) { total, shipped in
            total + (model.project.file(shipped.path)?.bytes.count ?? 0) + Self.entryOverhead + 2 * shipped.path.utf8.count
        }
        guard bound > limit else { return [] }
        guard
            let measured = PackageSizing.measure(
                plan, of: PackInput(model: model), minify: true, cached: model.packCache?.entries ?? [:]),
            measured.size > limit
        else { return [] }
        return [
            Finding(
                "the package would be \(ByteSize.format(measured.size)) (as 'mactl pack' packs it, unsigned), over the package budget of \(ByteSize.format(limit)); the files taking the most room follow",
                at: .file(ProjectModel.manifestPath), notes: Self.largestFiles(measured.entries))
        ]
    }

    /// The budget finding for a built package, with the severity and per-path overrides the
    /// configuration gives this rule: a pure function of the size and the entries.
    public static func diagnostics(packageSize size: Int, entries: [WrittenEntry], configuration: Configuration) -> [Diagnostic] {
        let limit = configuration.budgets.packageBytes
        guard size > limit, let severity = configuration.severity(for: description) else { return [] }
        let diagnostic = Diagnostic(
            id: description.id, severity: severity,
            message:
                "the package is \(ByteSize.format(size)), over the package budget of \(ByteSize.format(limit)); the files taking the most room follow",
            span: .file(ProjectModel.manifestPath), notes: largestFiles(entries.map(EntrySize.init)))
        return Linter.applyOverrides(configuration.overrides, to: [diagnostic])
    }

    /// A note on each of the files that take the most room in the package, largest first
    /// (equal sizes by path): where to look first to get under the budget.
    static func largestFiles(_ entries: [EntrySize]) -> [DiagnosticNote] {
        let largest = entries.sorted { ($0.compressedSize, $1.path) > ($1.compressedSize, $0.path) }.prefix(largestFilesListed)
        return largest.map { entry in
            let size =
                entry.method == .store
                ? "\(ByteSize.format(entry.compressedSize)) in the package, stored uncompressed"
                : "\(ByteSize.format(entry.compressedSize)) in the package (\(ByteSize.format(entry.size)) before compression)"
            return DiagnosticNote(message: size, span: .file(entry.path))
        }
    }
}
