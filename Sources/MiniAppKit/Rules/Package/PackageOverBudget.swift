/// The packed archive is larger than the package budget.
public struct PackageOverBudget: Rule {
    public static let description = RuleDescription(
        id: "package-over-budget", domain: .package, severity: .warning,
        summary: "The packed '.ma' is larger than the package budget (2 MB unless '.mactl.yml' 'budgets: package:' says otherwise); reported by 'mactl pack'.",
        rationale: """
            WeChat and Quick App refuse or split packages over 2 MB ("main package source size \
            exceed max limit 2MB" is among their most reported errors). The size is the real \
            archive's, after compression, so only `pack` knows it. Make the rule an error in \
            `.mactl.yml` to fail the build instead of warning.
            """,
        triggering: [], nonTriggering: [])

    public init() {}

    /// Nothing at lint time: the size exists only once `pack` has built the archive, which then
    /// calls `diagnostics(packageSize:configuration:)`.
    public func check(_ model: ProjectModel) -> [Finding] { [] }

    /// The budget finding for a built package, with the severity and per-path overrides the
    /// configuration gives this rule: a pure function of the size.
    public static func diagnostics(packageSize size: Int, configuration: Configuration) -> [Diagnostic] {
        let limit = configuration.budgets.packageBytes
        guard size > limit, let severity = configuration.severity(for: description) else { return [] }
        let diagnostic = Diagnostic(
            id: description.id, severity: severity,
            message: "the package is \(ByteSize.format(size)), over the package budget of \(ByteSize.format(limit))",
            span: .file(ProjectModel.manifestPath))
        return Linter.applyOverrides(configuration.overrides, to: [diagnostic])
    }
}
