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

    public func check(_ model: ProjectModel) -> [Finding] {
        let limit = model.configuration.budgets.packageBytes
        guard let size = model.packageSize, size > limit else { return [] }
        return [Finding("the package is \(ByteSize.format(size)), over the package budget of \(ByteSize.format(limit))", at: .file(ProjectModel.manifestPath))]
    }
}
