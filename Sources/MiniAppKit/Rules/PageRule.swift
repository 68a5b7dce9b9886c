/// A rule that checks each page on its own: its findings on a page are a function of that
/// page alone (its template, its script as run, its entry in the manifest) and the runtime,
/// which is all `check(page:runtime:)` is given. That is what lets a lint after a change run
/// these rules only on the pages whose inputs changed, and take the others' findings from the
/// last lint (`PageFindingStore`).
public protocol PageRule: Rule {
    func check(page: PageModel, runtime: RuntimeProfile) -> [Finding]
}

extension PageRule {
    public static var asPageRule: (any PageRule.Type)? { Self.self }

    public func check(_ model: ProjectModel) -> [Finding] {
        model.pages.flatMap { check(page: $0, runtime: model.runtime) }
    }

    /// The rule's findings on one page, its time added to `timings` when given.
    static func check(page: PageModel, runtime: RuntimeProfile, timings: LintTimings?) -> [Finding] {
        guard let timings else { return Self().check(page: page, runtime: runtime) }
        return timings.rule(description.id) { Self().check(page: page, runtime: runtime) }
    }
}
