import Foundation

/// What the page rules (`PageRule`) found on each page, kept between lints in the lint cache
/// beside the script runs, so a lint after a change runs those rules only on the pages whose
/// inputs changed and takes the other pages' findings from the last lint.
///
/// A page rule sees one page and the runtime, so its findings are a function of what makes
/// the page: the page's template and script (path and bytes), `app.js` (run before the page's
/// script on a runtime with one shared context), the manifest (the page's entry, and whether
/// it is a tab), the runtime, and the mactl build. A page's key names all of these. Findings
/// are kept before the configuration gives them their severity, so a changed severity needs
/// no new run; a rule the last lint did not run (it was off) is run on every page. A page whose
/// script was stopped by the time limit, or failed in the sandbox, is not kept: that outcome
/// depends on the machine's load, not on the files, so its page is checked again each time.
public final class PageFindingStore: @unchecked Sendable {
    // @unchecked: `used`, `usedRules` and `checked` are only touched while `lock` is held.

    /// A page's findings, by rule id.
    public typealias PageFindings = [String: [Finding]]

    /// What a lint keeps for the next: the page rules it ran, and by page key the findings of
    /// those that found something (a page with none is kept with none, so that it is known).
    public struct Kept: Codable, Sendable, Equatable {
        public var rules: [String]
        public var pages: [String: PageFindings]

        public init(rules: [String] = [], pages: [String: PageFindings] = [:]) {
            self.rules = rules
            self.pages = pages
        }
    }

    private let tool: String
    private let lock = NSLock()
    private let kept: [String: PageFindings]
    private let keptRules: Set<String>
    private var used: [String: PageFindings] = [:]
    private var usedRules: [String] = []
    private var checked: Set<String> = []

    /// `kept`: what an earlier lint of the project kept.
    public init(tool: String, kept: Kept = Kept()) {
        self.tool = tool
        self.kept = kept.pages
        self.keptRules = Set(kept.rules)
    }

    /// What this lint made or took, for the next lint (pages since changed or removed are
    /// dropped, so the cache does not grow with every edit).
    public var usedFindings: Kept {
        lock.lock()
        defer { lock.unlock() }
        return Kept(rules: usedRules, pages: used.mapValues { $0.filter { !$0.value.isEmpty } })
    }

    /// The routes of the pages this lint ran a page rule on; on the others, every finding
    /// was taken from the last lint.
    public var checkedRoutes: Set<String> {
        lock.lock()
        defer { lock.unlock() }
        return checked
    }

    func key(for page: PageModel, in model: ProjectModel) -> String {
        let project = model.project
        return ContentKey.of([
            tool, model.runtime.id, page.route, page.isTab ? "tab" : "page",
            page.templatePath, project.file(page.templatePath)?.sha256 ?? "-",
            page.scriptPath, project.file(page.scriptPath)?.sha256 ?? "-",
            project.file("app.js")?.sha256 ?? "-", model.manifestFile?.sha256 ?? "-",
        ])
    }

    /// The findings of `rules` on `page`: each rule's kept findings under `key`, else a run.
    /// Every page of one lint is given the same rules.
    func findings(
        of rules: [any PageRule.Type], on page: PageModel, runtime: RuntimeProfile, key: String, timings: LintTimings? = nil
    ) -> PageFindings {
        let earlier = kept[key]
        var findings: PageFindings = [:]
        var ran = false
        for rule in rules {
            let id = rule.description.id
            if let earlier, keptRules.contains(id) {
                findings[id] = earlier[id] ?? []
            } else {
                findings[id] = rule.check(page: page, runtime: runtime, timings: timings)
                ran = true
            }
        }
        lock.lock()
        usedRules = rules.map { $0.description.id }.sorted()
        if Self.isKeepable(page) { used[key] = findings }
        if ran { checked.insert(page.route) }
        lock.unlock()
        return findings
    }

    /// Whether the page's findings follow from its files alone (`ScriptRunStore` keeps no
    /// run the time limit stopped, for the same reason).
    static func isKeepable(_ page: PageModel) -> Bool {
        switch page.script?.registration.issue?.kind {
        case .timeout, .evaluatorFailure: false
        default: true
        }
    }
}
