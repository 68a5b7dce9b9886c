import Foundation
import Testing
import MactlGenerators
import MiniAppKit

/// `mactl rules`, `mactl explain` and the "did you mean" for a misspelt command.
struct RulesCommandTests {
    @Test func rulesListsEveryRuleWithItsDefaultSeverity() async throws {
        let result = try await CLIRunner.run(["rules"])
        #expect(result.status == 0)
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.count == RuleRegistry.descriptions.count + 2)
        #expect(lines.first?.hasPrefix("id ") == true)
        #expect(lines.last == "\(RuleRegistry.descriptions.count) rules; 'mactl explain RULE' shows one with its examples")
    }

    @Test func rulesFiltersByDomain() async throws {
        let result = try await CLIRunner.run(["rules", "--domain", "config"])
        #expect(result.status == 0)
        let ids = RuleRegistry.descriptions.filter { $0.domain == .config }
        let width = ids.map(\.id.count).max()!
        let expected =
            (["id".padding(toLength: width, withPad: " ", startingAt: 0) + "  default  summary"]
            + ids.map {
                $0.id.padding(toLength: width, withPad: " ", startingAt: 0) + "  "
                    + $0.defaultSeverity.rawValue.padding(toLength: 7, withPad: " ", startingAt: 0) + "  " + $0.summary
            }
            + ["\(ids.count) rules; 'mactl explain RULE' shows one with its examples"]).joined(separator: "\n") + "\n"
        #expect(result.standardOutput == expected)
        let unknown = try await CLIRunner.run(["rules", "--domain", "colour"])
        #expect(unknown.status == 2)
        #expect(unknown.standardError.contains("The value 'colour' is invalid for '--domain <domain>'"))
    }

    /// On a terminal, as `rustc --explain` prints: wrapped text without Markdown marks, and each
    /// example with line numbers and a caret under the place, with what mactl reports there.
    @Test func explainPrintsTheRuleAsTextWithCaretsUnderItsExamples() async throws {
        let result = try await CLIRunner.run(["explain", "json-trailing-comma"])
        #expect(result.status == 0)
        #expect(
            result.standardOutput == """
                json-trailing-comma: error by default

                A JSON array or object has a comma before its closing bracket.

                JavaScript object literals allow a trailing comma, JSON does not: JSON.parse and
                JSONSerialization both reject the file.

                Triggers:

                  manifest.json
                  1 | {
                  2 |   "app_id": "org.example.demo",
                  3 |   "name": "Demo",
                  4 |   "icons": [{ "src": "icons/app.svg" }],
                  5 |   "version": { "code": 1, "name": "1.0.0" },
                  6 |   "platform_version": { "min_code": 1 },
                  7 |   "pages": ["pages/index/index",]
                    |                                ^ error: trailing comma; JSON does not allow a comma before a closing bracket
                  8 | }

                Does not trigger:

                  manifest.json
                  1 | {
                  2 |   "app_id": "org.example.demo",
                  3 |   "name": "Demo",
                  4 |   "icons": [{ "src": "icons/app.svg", "sizes": "any" }],
                  5 |   "version": { "code": 1, "name": "1.0.0" },
                  6 |   "platform_version": { "min_code": 1 },
                  7 |   "pages": ["pages/index/index"],
                  8 |   "description": "Pages: [home, about,]"
                  9 | }

                """)
        let colored = try await CLIRunner.run(["explain", "json-trailing-comma", "--color", "always"])
        #expect(colored.standardOutput.hasPrefix("\u{1B}[1mjson-trailing-comma\u{1B}[0m: \u{1B}[1;31merror\u{1B}[0m by default\n"))
        // No line of prose is wider than a terminal, and no Markdown mark or example marker is left.
        for rule in RuleRegistry.descriptions {
            let text = RuleExplanation.text(for: rule)
            #expect(!text.contains("**") && !text.contains("1️⃣"), "\(rule.id)")
            let prose = text.split(separator: "\n").filter { !$0.hasPrefix("  ") }
            #expect(prose.allSatisfy { $0.count <= RuleExplanation.width || !$0.contains(" ") }, "\(rule.id)")
        }
    }

    /// `--markdown` prints the rule's section of docs/rules.md, the same text.
    @Test func explainMarkdownPrintsTheRulesSectionOfTheReference() async throws {
        let result = try await CLIRunner.run(["explain", "icon-tab-hangs-on-ios", "--markdown"])
        #expect(result.status == 0)
        let rule = try #require(RuleRegistry.descriptions.first { $0.id == "icon-tab-hangs-on-ios" })
        #expect(result.standardOutput == RulesDocument.section(for: rule).joined(separator: "\n") + "\n")
        #expect(result.standardOutput.hasPrefix("### icon-tab-hangs-on-ios\n\nDefault severity: **error**.\n"))
        #expect(RulesDocument.markdown().contains(result.standardOutput))
    }

    /// `verify`'s and `catalog verify`'s ids are explained too: their summary, severity and
    /// command from the catalogue, and their row of the docs.
    @Test func explainPrintsAVerifyOrCatalogIDFromTheCatalogue() async throws {
        let docs = "https://github.com/mactl/mactl/blob/v\(MactlVersion.current)/docs"
        let verify = try await CLIRunner.run(["explain", "archive-zip64"])
        #expect(verify.status == 0)
        #expect(verify.standardError == "")
        #expect(
            verify.standardOutput == """
                archive-zip64: error, reported by 'mactl verify'

                The end record or a central header uses ZIP64, which only some readers follow.

                docs/verify.md#archive-zip64 says more:
                \(docs)/verify.md#archive-zip64

                """)
        let catalog = try await CLIRunner.run(["explain", "catalog-staged-file"])
        #expect(catalog.status == 0)
        #expect(
            catalog.standardOutput == """
                catalog-staged-file: note, reported by 'mactl catalog verify'

                A file staged by a publish that was stopped; the catalog does not use it.

                docs/catalog.md#catalog-staged-file says more:
                \(docs)/catalog.md#catalog-staged-file

                """)
        let markdown = try await CLIRunner.run(["explain", "signature-missing", "--markdown"])
        #expect(
            markdown.standardOutput == """
                ### signature-missing

                **error**, reported by 'mactl verify'.

                The package is unsigned, and --require-signature, --key or --cert asks for a signature.

                [docs/verify.md#signature-missing](\(docs)/verify.md#signature-missing) says more.

                """)
        #expect(
            try await CLIRunner.run(["explain", "archive-zip46"]).standardError
                == "error: no rule 'archive-zip46'; did you mean 'archive-zip64'?\n")
    }

    @Test func explainSuggestsTheRuleMeant() async throws {
        let result = try await CLIRunner.run(["explain", "icon-blnk"])
        #expect(result.status == 2)
        #expect(result.standardOutput == "")
        #expect(result.standardError == "error: no rule 'icon-blnk'; did you mean 'icon-blank'?\n")
        #expect(try await CLIRunner.run(["explain", "zzz"]).standardError == "error: no rule 'zzz'; 'mactl rules' lists them\n")
    }

    @Test func aMisspeltCommandGetsADidYouMean() async throws {
        let result = try await CLIRunner.run(["lnit", "."])
        #expect(result.status == 2)
        #expect(result.standardError == "error: unknown command 'lnit'; did you mean 'lint'?\nSee 'mactl --help' for the commands.\n")
        // Far from every command: ArgumentParser's own message.
        let far = try await CLIRunner.run(["xyzzy"])
        #expect(far.status == 2)
        #expect(far.standardError.hasPrefix("Error: Unexpected argument 'xyzzy'"))
    }

    @Test func helpForACommandIsThatCommandsHelp() async throws {
        let result = try await CLIRunner.run(["help", "rules"])
        #expect(result.standardOutput.hasPrefix("OVERVIEW: List the rules: id, default severity and summary.\n"))
    }
}
