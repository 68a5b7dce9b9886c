import Foundation
import Testing
import MactlGenerators
import MiniAppKit

/// `mactl rules`, `mactl explain` and the "did you mean" for a misspelt command.
struct RulesCommandTests {
    @Test func rulesListsEveryRuleWithItsDefaultSeverity() throws {
        let result = try CLIRunner.run(["rules"])
        #expect(result.status == 0)
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.count == RuleRegistry.descriptions.count + 2)
        #expect(lines.first?.hasPrefix("id ") == true)
        #expect(lines.last == "\(RuleRegistry.descriptions.count) rules; 'mactl explain RULE' shows one with its examples")
    }

    @Test func rulesFiltersByDomain() throws {
        let result = try CLIRunner.run(["rules", "--domain", "config"])
        #expect(result.status == 0)
        let ids = RuleRegistry.descriptions.filter { $0.domain == .config }
        let width = ids.map(\.id.count).max()!
        let expected = (["id".padding(toLength: width, withPad: " ", startingAt: 0) + "  default  summary"]
            + ids.map { $0.id.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + $0.defaultSeverity.rawValue.padding(toLength: 7, withPad: " ", startingAt: 0) + "  " + $0.summary }
            + ["\(ids.count) rules; 'mactl explain RULE' shows one with its examples"]).joined(separator: "\n") + "\n"
        #expect(result.standardOutput == expected)
        let unknown = try CLIRunner.run(["rules", "--domain", "colour"])
        #expect(unknown.status == 2)
        #expect(unknown.standardError.contains("The value 'colour' is invalid for '--domain <domain>'"))
    }

    @Test func explainPrintsTheRulesSectionOfTheReference() throws {
        let result = try CLIRunner.run(["explain", "icon-tab-hangs-on-ios"])
        #expect(result.status == 0)
        let rule = try #require(RuleRegistry.descriptions.first { $0.id == "icon-tab-hangs-on-ios" })
        #expect(result.standardOutput == RulesDocument.section(for: rule).joined(separator: "\n") + "\n")
        #expect(result.standardOutput.hasPrefix("### icon-tab-hangs-on-ios\n\nDefault severity: **error**.\n"))
        // The same text as docs/rules.md.
        #expect(RulesDocument.markdown().contains(result.standardOutput))
    }

    @Test func explainSuggestsTheRuleMeant() throws {
        let result = try CLIRunner.run(["explain", "icon-blnk"])
        #expect(result.status == 2)
        #expect(result.standardOutput == "")
        #expect(result.standardError == "error: no rule 'icon-blnk'; did you mean 'icon-blank'?\n")
        #expect(try CLIRunner.run(["explain", "zzz"]).standardError == "error: no rule 'zzz'; 'mactl rules' lists them\n")
    }

    @Test func aMisspeltCommandGetsADidYouMean() throws {
        let result = try CLIRunner.run(["lnit", "."])
        #expect(result.status == 2)
        #expect(result.standardError == "error: unknown command 'lnit'; did you mean 'lint'?\nSee 'mactl --help' for the commands.\n")
        // Far from every command: ArgumentParser's own message.
        let far = try CLIRunner.run(["xyzzy"])
        #expect(far.status == 2)
        #expect(far.standardError.hasPrefix("Error: Unexpected argument 'xyzzy'"))
    }

    @Test func helpForACommandIsThatCommandsHelp() throws {
        let result = try CLIRunner.run(["help", "rules"])
        #expect(result.standardOutput.hasPrefix("OVERVIEW: List the rules: id, default severity and summary.\n"))
    }
}
