import Foundation

/// load → parse → check: runs every rule over a project and returns sorted diagnostics.
public enum Linter {
    /// `previous` lends its parses of unchanged files (`ProjectModel(reusing:)`), `scriptRuns`
    /// the script runs an earlier lint kept, `pageFindings` the findings of page rules on
    /// pages that did not change, `packCache` the last pack's entries to the budget rule.
    /// `timings` records where the time went. `staticResult`, when given, is handed the
    /// result without the smoke run's rules as soon as the others are done (`mactl lsp`
    /// publishes it while the smoke run goes on); the result returned has them all. Without
    /// `smokeRun`, the app is not run and the rules that read the run are left out (`mactl
    /// lsp` as the author types).
    public static func lint(
        _ project: Project, configuration: Configuration = .default, reusing previous: ProjectModel? = nil,
        scriptRuns: ScriptRunStore? = nil,
        pageFindings: PageFindingStore? = nil, packCache: PackCache.Lending? = nil, timings: LintTimings? = nil,
        staticResult: ((LintResult) -> Void)? = nil, smokeRun: Bool = true
    ) -> LintResult {
        // The smoke run is the longest task of the checks and runs on one core: started as soon
        // as the pages are parsed, it runs beside the facts that span files, the icons and the
        // rules, instead of after the first two. It reads only what is final by then.
        let startsSmokeRun = smokeRun && runsSmokeRun(under: configuration)
        var model = ProjectModel(
            project: project, configuration: configuration, reusing: previous, scriptRuns: scriptRuns, timings: timings,
            pagesParsed: startsSmokeRun
                ? { early in
                    DispatchQueue.global().async {
                        if let timings { timings.stage(.smokeRun) { _ = early.smokeRun } } else { _ = early.smokeRun }
                    }
                } : nil)
        model.packCache = packCache
        let result = check(
            model, rules: smokeRun ? RuleRegistry.all : staticRules, pageFindings: pageFindings, timings: timings,
            staticResult: staticResult)
        // A run started for rules that, in the end, could not run is still waited for: no lint
        // leaves work going on behind it.
        if startsSmokeRun { _ = model.smokeRun }
        return result
    }

    /// Every rule but those that read the smoke run.
    static let staticRules = RuleRegistry.all.filter { $0.asRunRule == nil }

    /// The ids of the rules that read the smoke run.
    public static let runRuleIDs = Set(RuleRegistry.all.compactMap { $0.asRunRule?.description.id })

    /// Whether the configuration turns on any rule that reads the smoke run.
    static func runsSmokeRun(under configuration: Configuration) -> Bool {
        configuration.runtime.hostIsEmulated
            && RuleRegistry.all.contains { $0.asRunRule != nil && configuration.severity(for: $0.description) != nil }
    }

    /// Runs `rules` over the model. `isFullLint` says the rules are all of them, so unused
    /// suppressions can be told apart from suppressions of rules that did not run.
    public static func check(
        _ model: ProjectModel, rules: [any Rule.Type] = RuleRegistry.all, isFullLint: Bool = true, pageFindings: PageFindingStore? = nil,
        timings: LintTimings? = nil, staticResult: ((LintResult) -> Void)? = nil
    ) -> LintResult {
        guard let timings else {
            return checkTimed(
                model, rules: rules, isFullLint: isFullLint, pageFindings: pageFindings, timings: nil, staticResult: staticResult)
        }
        return timings.stage(.rules) {
            checkTimed(
                model, rules: rules, isFullLint: isFullLint, pageFindings: pageFindings, timings: timings, staticResult: staticResult)
        }
    }

    private static func checkTimed(
        _ model: ProjectModel, rules: [any Rule.Type], isFullLint: Bool, pageFindings: PageFindingStore?, timings: LintTimings?,
        staticResult: ((LintResult) -> Void)?
    ) -> LintResult {
        let runnable = rules.filter { rule in
            rule.description.appKinds.contains(model.runtime.appKind) && model.configuration.severity(for: rule.description) != nil
                && model.canRun(rule.description)
        }
        let pageRules = runnable.compactMap { $0.asPageRule }
        let projectRules = runnable.filter { $0.asPageRule == nil }
        // Rules are independent reads of one immutable model, so they run on every core: the
        // project's rules one per task, the page rules one page per task. The smoke run, which
        // the `run-*` rules share, goes first and those rules last: it runs on one core while
        // the others check, instead of holding up a core whose next rule waits for it.
        let runRules = projectRules.filter { $0.asRunRule != nil }
        let staticTasks = projectRules.filter { $0.asRunRule == nil }.map(CheckTask.projectRule) + model.pages.indices.map(CheckTask.page)
        if let staticResult, !runRules.isEmpty {
            // The static rules first, reported on their own; the smoke run, started with the
            // pages, goes on beside them. A suppression of a run rule silences nothing yet, so
            // unused suppressions wait for the whole result.
            let found = findings(of: staticTasks, pageRules: pageRules, in: model, pageFindings: pageFindings, timings: timings)
            staticResult(finish(found, of: model, isFullLint: isFullLint, unchecked: runRuleIDs))
            let runFound = findings(
                of: runRules.map(CheckTask.projectRule), pageRules: pageRules, in: model, pageFindings: pageFindings, timings: timings)
            return finish(found + runFound, of: model, isFullLint: isFullLint)
        }
        let tasks: [CheckTask] = (runRules.isEmpty ? [] : [.smokeRun]) + staticTasks + runRules.map(CheckTask.projectRule)
        // Rules left out on purpose (the smoke run's, when it is off) silence nothing, and a
        // suppression of theirs is not reported for it.
        let unchecked = Self.runRuleIDs.subtracting(rules.map { $0.description.id })
        return finish(
            findings(of: tasks, pageRules: pageRules, in: model, pageFindings: pageFindings, timings: timings), of: model,
            isFullLint: isFullLint, unchecked: unchecked)
    }

    /// The tasks' diagnostics, every core taking the next task, in the tasks' order.
    private static func findings(
        of tasks: [CheckTask], pageRules: [any PageRule.Type], in model: ProjectModel, pageFindings: PageFindingStore?,
        timings: LintTimings?
    ) -> [Diagnostic] {
        let found = ParallelMap.mapTakingInOrder(tasks) { task -> [Diagnostic] in
            switch task {
            case .smokeRun:
                _ = model.smokeRun
                return []
            case .projectRule(let rule):
                // A run rule waits for the smoke run first, so its time is its own work.
                if timings != nil, rule.asRunRule != nil { _ = model.smokeRun }
                let found = timings.map { $0.rule(rule.description.id) { rule.init().check(model) } } ?? rule.init().check(model)
                return diagnostics(found, of: rule.description, in: model)
            case .page(let index):
                let found = findings(of: pageRules, on: model.pages[index], in: model, store: pageFindings, timings: timings)
                return pageRules.flatMap { rule in diagnostics(found[rule.description.id] ?? [], of: rule.description, in: model) }
            }
        }
        return found.flatMap { $0 }
    }

    /// The rules' diagnostics as reported: run findings a static rule states better left out,
    /// per-path severities and suppressions applied, sorted.
    private static func finish(_ found: [Diagnostic], of model: ProjectModel, isFullLint: Bool, unchecked: Set<String> = []) -> LintResult {
        // Only a full lint knows what a suppression silenced; a partial one leaves
        // diagnostics as they are.
        var reported = Self.applyOverrides(model.configuration.overrides, to: Self.withoutRepeatedRunFindings(found))
        if isFullLint {
            reported = Suppression.apply(
                Suppression.find(in: model), to: reported,
                severity: model.configuration.severity(for: ProjectUnusedSuppression.description),
                unchecked: unchecked)
        }
        return LintResult(diagnostics: reported.sortedDeterministically(), model: model)
    }

    /// One unit of a check's work, done on whichever core is free.
    private enum CheckTask: Sendable {
        case smokeRun
        case projectRule(any Rule.Type)
        case page(Int)
    }

    /// The page rules' findings on one page, by rule id: from `store` when it kept them.
    private static func findings(
        of rules: [any PageRule.Type], on page: PageModel, in model: ProjectModel, store: PageFindingStore?, timings: LintTimings?
    ) -> PageFindingStore.PageFindings {
        guard let store else {
            return Dictionary(
                rules.map { ($0.description.id, $0.check(page: page, runtime: model.runtime, timings: timings)) },
                uniquingKeysWith: { first, _ in first })
        }
        return store.findings(of: rules, on: page, runtime: model.runtime, key: store.key(for: page, in: model), timings: timings)
    }

    /// A rule's findings as diagnostics: its id, and the severity the configuration gives it,
    /// or the finding's own default when the configuration says nothing.
    private static func diagnostics(_ findings: [Finding], of description: RuleDescription, in model: ProjectModel) -> [Diagnostic] {
        guard let severity = model.configuration.severity(for: description) else { return [] }
        let isConfigured = model.configuration.severities[description.id] != nil
        return findings.map { finding in
            Diagnostic(
                id: description.id, severity: isConfigured ? severity : finding.defaultSeverity ?? severity, message: finding.message,
                span: finding.span,
                notes: finding.notes, fixIt: finding.fixIt)
        }
    }
}

extension Linter {
    /// Each `run-*` rule's id and the static rules that find the same problem.
    private static let runRules = Dictionary(
        uniqueKeysWithValues: RuleRegistry.all.compactMap { $0.asRunRule }.map { ($0.description.id, $0.sameProblemAs) })

    /// The smoke run meets many problems a rule also finds in the files (a literal
    /// `navigateBack` delta, a flat `skip.navigateTo`); the static diagnostic says it better,
    /// so a run finding on a line where a rule of its `sameProblemAs` reports is left out.
    static func withoutRepeatedRunFindings(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        struct Line: Hashable { var path: String; var line: Int; var id: String }
        let staticLines = Set(
            diagnostics.compactMap { diagnostic in
                runRules[diagnostic.id] == nil ? diagnostic.span.map { Line(path: $0.path, line: $0.start.line, id: diagnostic.id) } : nil
            })
        return diagnostics.filter { diagnostic in
            guard let same = runRules[diagnostic.id], let span = diagnostic.span else { return true }
            return !same.contains { staticLines.contains(Line(path: span.path, line: span.start.line, id: $0)) }
        }
    }

    /// Per-path severities: the last override whose globs match a diagnostic's file decides.
    static func applyOverrides(_ overrides: [PathOverride], to diagnostics: [Diagnostic]) -> [Diagnostic] {
        guard !overrides.isEmpty else { return diagnostics }
        return diagnostics.compactMap { diagnostic in
            guard let path = diagnostic.span?.path,
                let override = overrides.last(where: { $0.matches(path) && $0.severities[diagnostic.id] != nil }),
                let severity = override.severities[diagnostic.id]
            else { return diagnostic }
            guard let severity else { return nil }
            var changed = diagnostic
            changed.severity = severity
            return changed
        }
    }
}

public struct LintResult: Sendable {
    public var diagnostics: [Diagnostic]
    public var model: ProjectModel

    /// Every file a diagnostic may point into: the project's, and the configuration file.
    public var sourceFiles: [String: SourceFile] {
        var files = model.project.files
        if let configurationFile = model.configuration.file { files[configurationFile.path] = configurationFile }
        return files
    }

    /// Whether the lint fails: on errors, and on warnings too when `strict`.
    public func fails(strict: Bool) -> Bool {
        diagnostics.contains { $0.severity == .error || (strict && $0.severity == .warning) }
    }
}
