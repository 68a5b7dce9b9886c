import MiniAppKit

/// `mactl explain ID` for any id of the catalogue: a rule's section (`RuleExplanation`,
/// `RulesDocument`), or, for a `verify` or `catalog verify` id, which the docs explain in a
/// table rather than with examples, its summary and where the docs say more.
public enum DiagnosticExplanation {
    public static func text(for entry: DiagnosticEntry, colored: Bool = false) -> String {
        if let rule = entry.rule { return RuleExplanation.text(for: rule, colored: colored) }
        let style = RuleExplanation.Style(colored: colored)
        var lines = [style.bold(entry.id) + ": " + heading(entry, severity: entry.defaultSeverity.map(style.severity)), ""]
        lines += RuleExplanation.wrap(entry.summary) + [""]
        lines += RuleExplanation.wrap("docs/\(entry.documentation) says more: \(entry.documentationURL)")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The same as Markdown, as `--markdown` prints a rule's section of `docs/rules.md`.
    public static func markdown(for entry: DiagnosticEntry) -> String {
        if let rule = entry.rule { return RulesDocument.section(for: rule).joined(separator: "\n") + "\n" }
        let severity = entry.defaultSeverity.map { "**\($0.rawValue)**" }
        let lines = [
            "### \(entry.id)", "", heading(entry, severity: severity) + ".", "", entry.summary, "",
            "[docs/\(entry.documentation)](\(entry.documentationURL)) says more.",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// Which command reports the id, and its severity, as "error, reported by 'mactl verify'".
    private static func heading(_ entry: DiagnosticEntry, severity: String?) -> String {
        let command =
            switch entry.kind {
            case .rule: "mactl lint"
            case .verify: "mactl verify"
            case .catalog: "mactl catalog verify"
            }
        return (severity.map { "\($0), " } ?? "") + "reported by '\(command)'"
    }
}
