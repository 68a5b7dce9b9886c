import ArgumentParser
import MactlGenerators
import MiniAppKit

extension RuleDomain: ExpressibleByArgument {}

/// Every rule as a table: id, default severity and summary, as `docs/rules.md` lists them.
struct Rules: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rules",
        abstract: "List the rules: id, default severity and summary.",
        discussion: "`mactl explain RULE` shows a rule's rationale and examples.")

    @Option(help: ArgumentHelp("Only the rules of this domain.", valueName: "domain"))
    var domain: RuleDomain?

    func run() async throws {
        let rules = RuleRegistry.descriptions.filter { domain == nil || $0.domain == domain }
        let idWidth = rules.map(\.id.count).max() ?? 0
        let severityWidth = max("default".count, rules.map(\.defaultSeverity.rawValue.count).max() ?? 0)
        func row(_ id: String, _ severity: String, _ summary: String) -> String {
            id.padding(toLength: idWidth, withPad: " ", startingAt: 0) + "  "
                + severity.padding(toLength: severityWidth, withPad: " ", startingAt: 0) + "  " + summary + "\n"
        }
        var output = row("id", "default", "summary")
        for rule in rules { output += row(rule.id, rule.defaultSeverity.rawValue, rule.summary) }
        output += "\(rules.count) \(rules.count == 1 ? "rule" : "rules"); 'mactl explain RULE' shows one with its examples\n"
        Terminal.standardOutput(output)
    }
}

/// One id's explanation: a rule's section of `docs/rules.md`, or what a `verify` or `catalog
/// verify` id means and where the docs say more.
struct Explain: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explain",
        abstract: "Show a rule's rationale and examples, or what a verify or catalog id means.")

    @Argument(
        help: ArgumentHelp("The id, as diagnostics print it in brackets.", valueName: "id"), completion: .list(DiagnosticCatalog.allIDs)
    )
    var id: String

    @Option(name: .long, help: "Colour the text: auto (on a terminal, unless NO_COLOR is set), always or never.")
    var color: ColorChoice = .auto

    @Flag(name: .long, help: "Print the id's section of the docs, as Markdown.")
    var markdown = false

    func run() async throws {
        guard let entry = DiagnosticCatalog.entry(for: id) else {
            let suggestion = NameSuggester.closest(to: id, in: DiagnosticCatalog.allIDs).map { "; did you mean '\($0)'?" }
            throw CommandFailure(message: "no rule '\(id)'\(suggestion ?? "; 'mactl rules' lists them")")
        }
        if markdown {
            Terminal.standardOutput(DiagnosticExplanation.markdown(for: entry))
        } else {
            Terminal.standardOutput(DiagnosticExplanation.text(for: entry, colored: Terminal.shouldColor(color)))
        }
    }
}
