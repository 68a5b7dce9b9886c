/// The YAML build report of `mactl pack`: what shipped and how, in a fixed key order, with
/// the stage timings in their own last section so everything above them is reproducible.
public struct BuildReport: Sendable {
    public var value: ReportValue

    init(
        input: PackInput, entries: [WrittenEntry], transforms: [String: String],
        packagePath: String, packageSize: Int, packageDigest: String, signature: ReportValue, tabIcons: ReportValue,
        screenshots: ReportValue? = nil, timings: [(String, Duration)]
    ) {
        var sections: [(String, ReportValue)] = [
            ("mactl", .string(MactlVersion.current)),
            ("app", Self.app(input.facts)),
            ("package", Self.package(entries: entries, path: packagePath, size: packageSize, digest: packageDigest)),
            ("files", .list(entries.map { Self.file($0, transform: transforms[$0.path]) })),
            (
                "left_out",
                .list(input.facts.bundle.leftOut.map { ReportValue.map([("path", .string($0.path)), ("reason", .string($0.reason))]) })
            ),
            ("lint", Self.lintSummary(input.diagnostics)),
            // What SkipMiniApp's iOS tab bar draws for each tab icon, beside the SVG.
            ("tab_icons", tabIcons),
            ("i18n", .list(input.localeCoverage.map(Self.coverage))),
            ("budgets", Self.budgets(input.configuration.budgets, packageSize: packageSize)),
            ("signature", signature),
            ("timings_ms", .map(timings.map { ($0.0, Self.milliseconds($0.1)) })),
        ]
        // Only with --screenshots, after the signature: the pictures of each page (PageShots).
        if let screenshots { sections.insert(("screenshots", screenshots), at: sections.count - 1) }
        value = .map(sections)
    }

    static func app(_ facts: PackFacts) -> ReportValue {
        .map([
            ("id", .string(facts.appID ?? "")),
            ("name", .string(facts.name ?? "")),
            ("version", .string(facts.versionName ?? "")),
            ("version_code", facts.versionCode.map { .integer($0) } ?? .null),
        ])
    }

    static func package(entries: [WrittenEntry], path: String, size: Int, digest: String) -> ReportValue {
        let uncompressed = entries.reduce(0) { $0 + $1.size }
        let stored = entries.reduce(0) { $0 + $1.compressedSize }
        let ratio = uncompressed == 0 ? 1 : Double(stored) / Double(uncompressed)
        return .map([
            ("file", .string(path)),
            ("size", .integer(size)),
            ("sha256", .string(digest)),
            ("files", .integer(entries.count)),
            ("uncompressed_size", .integer(uncompressed)),
            ("stored_size", .integer(stored)),
            ("compression_ratio", .number(ratio)),
        ])
    }

    static func file(_ entry: WrittenEntry, transform: String?) -> ReportValue {
        let method = entry.method == .deflate ? "deflate" : "store"
        let transformValue: ReportValue = transform.map { .string($0) } ?? .null
        return .map([
            ("path", .string(entry.path)),
            ("size", .integer(entry.size)),
            ("stored_size", .integer(entry.compressedSize)),
            ("method", .string(method)),
            ("transform", transformValue),
            ("sha256", .string(entry.sha256)),
        ])
    }

    static func lintSummary(_ diagnostics: [Diagnostic]) -> ReportValue {
        .map([
            ("errors", .integer(diagnostics.errorCount)),
            ("warnings", .integer(diagnostics.warningCount)),
            ("notes", .integer(diagnostics.noteCount)),
        ])
    }

    static func coverage(_ row: LocaleCoverage) -> ReportValue {
        .map([
            ("locale", .string(row.tag)),
            ("default", .bool(row.isDefault)),
            ("present", .integer(row.present)),
            ("missing", .integer(row.missing)),
            ("extra", .integer(row.extra)),
        ])
    }

    static func budgets(_ budgets: Budgets, packageSize: Int) -> ReportValue {
        let package: ReportValue = .map([
            ("limit", .integer(budgets.packageBytes)),
            ("size", .integer(packageSize)),
            ("within", .bool(packageSize <= budgets.packageBytes)),
        ])
        return .map([("package", package), ("image", .map([("limit", .integer(budgets.imageBytes))]))])
    }

    static func milliseconds(_ duration: Duration) -> ReportValue {
        let components = duration.components
        return .number(Double(components.seconds) * 1000 + Double(components.attoseconds) / 1e15)
    }
}
