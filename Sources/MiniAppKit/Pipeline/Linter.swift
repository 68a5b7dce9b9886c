/// load → parse → check: runs every rule over a project and returns sorted diagnostics.
public enum Linter {
    /// `previous` lends its parses of unchanged files (`ProjectModel(reusing:)`), `scriptRuns`
    /// the script runs an earlier lint kept.
    public static func lint(
        _ project: Project, configuration: Configuration = .default, reusing previous: ProjectModel? = nil, scriptRuns: ScriptRunStore? = nil
    ) -> LintResult {
        let model = ProjectModel(project: project, configuration: configuration, reusing: previous, scriptRuns: scriptRuns)
        return check(model)
    }

    /// Runs `rules` over the model. `isFullLint` says the rules are all of them, so unused
    /// suppressions can be told apart from suppressions of rules that did not run.
    public static func check(_ model: ProjectModel, rules: [any Rule.Type] = RuleRegistry.all, isFullLint: Bool = true) -> LintResult {
        // Rules are independent reads of one immutable model, so they run on every core.
        let findings = ParallelMap.map(rules) {
            ()
        } transform: { _, rule -> [Diagnostic] in
            let description = rule.description
            guard let severity = model.configuration.severity(for: description), model.canRun(description) else { return [] }
            let isConfigured = model.configuration.severities[description.id] != nil
            return rule.init().check(model).map { finding in
                Diagnostic(
                    id: description.id, severity: isConfigured ? severity : finding.defaultSeverity ?? severity, message: finding.message, span: finding.span,
                    notes: finding.notes, fixIt: finding.fixIt)
            }
        }
        // Only a full lint knows what a suppression silenced; a partial one leaves
        // diagnostics as they are.
        var diagnostics = Self.applyOverrides(model.configuration.overrides, to: findings.flatMap { $0 })
        if isFullLint {
            diagnostics = Suppression.apply(
                Suppression.find(in: model), to: diagnostics, severity: model.configuration.severity(for: ProjectUnusedSuppression.description))
        }
        return LintResult(diagnostics: diagnostics.sortedDeterministically(), model: model)
    }
}

extension Linter {
    /// Per-path severities: the last override whose globs match a diagnostic's file decides.
    static func applyOverrides(_ overrides: [PathOverride], to diagnostics: [Diagnostic]) -> [Diagnostic] {
        guard !overrides.isEmpty else { return diagnostics }
        return diagnostics.compactMap { diagnostic in
            guard let path = diagnostic.span?.path,
                  let override = overrides.last(where: { $0.matches(path) && $0.severities[diagnostic.id] != nil }),
                  let severity = override.severities[diagnostic.id] else { return diagnostic }
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
