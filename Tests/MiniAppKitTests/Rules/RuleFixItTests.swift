import Testing
@testable import MiniAppKit
import MiniAppKitTestSupport

/// For every rule that offers fix-its: applying the fix-its of a triggering example's findings
/// of that rule, as one pass of `lint --fix` does, removes those findings, and brings no new
/// finding but those listed in `revealed`.
struct RuleFixItTests {
    static let rulesWithFixIts = RuleRegistry.descriptions.filter { description in
        description.triggeringExamples.contains { $0.expected.contains { $0.fixIt != nil } }
    }.map(\.id)

    /// Fixes after which the lint finds something new elsewhere, and why that is right: the
    /// fix brings more of the app under the rules, and `lint --fix` reports it (or fixes it in
    /// its next pass).
    static let revealed: [String: (ids: Set<String>, why: String)] = [
        "project-unlisted-page": (
            ["template-missing-stylesheet"], "the page, once listed, is linted as a page, and the example's page links no stylesheet"
        ),
        "manifest-page-not-found": (
            ["template-missing-stylesheet"],
            "the route, once it names the page, makes the file a page, and the example's page links no stylesheet"
        ),
        "icon-tab-viewbox-misread-on-ios": (
            ["icon-tab-parts-lost-on-ios"],
            "drawn in the right box, the icon's stroke, which SkipMiniApp's iOS reader does not draw, is what still differs"
        ),
    ]

    /// Every rule that emits fix-its pins one in its examples (`RuleExampleTests`), so this
    /// list is all of them; a few from each domain show it is read as meant.
    @Test func theRulesWithFixItsAreFoundFromTheirExamples() {
        let some: Set = [
            "config-unknown-rule", "icon-tab-hangs-on-ios", "manifest-invalid-value", "project-unlisted-page", "script-unknown-host-api",
            "template-unknown-directive",
        ]
        #expect(some.subtracting(Self.rulesWithFixIts).isEmpty)
    }

    @Test(arguments: rulesWithFixIts)
    func applyingTheFixItsRemovesTheFindings(id: String) throws {
        let description = try #require(RuleRegistry.description(for: id))
        var introducedIDs = Set<String>()
        for example in description.triggeringExamples where example.expected.contains(where: { $0.fixIt != nil }) {
            let (project, _, configurationText) = ExampleMarkers.project(for: example)
            let configurationFile = configurationText.map { SourceFile(path: ".mactl.yml", text: $0.text) }
            let all = lint(project, configurationFile)
            let fixable = all.filter { $0.id == id && $0.fixIt != nil }
            #expect(!fixable.isEmpty, "rule '\(id)'")
            var files = project.files
            if let configurationFile { files[configurationFile.path] = configurationFile }
            for (path, diagnostics) in Dictionary(grouping: fixable, by: { $0.fixIt!.span.path }) {
                let file = try #require(files[path], "rule '\(id)': a fix-it in '\(path)', which the example does not have")
                let outcome = FixItApplier.apply(diagnostics, to: file.bytes)
                #expect(outcome.skipped.isEmpty, "rule '\(id)': \(outcome.skipped)")
                files[path] = SourceFile(path: path, bytes: outcome.bytes)
            }
            let fixedConfiguration = configurationFile.flatMap { files.removeValue(forKey: $0.path) }
            let fixed = lint(Project(files: Array(files.values)), fixedConfiguration)
            let left = fixed.filter { finding in
                fixable.contains { $0.id == finding.id && $0.message == finding.message && $0.span?.path == finding.span?.path }
            }
            #expect(left.map(\.message) == [], "rule '\(id)': the fix-its left these findings")
            let introduced = fixed.filter { finding in
                !all.contains { $0.id == finding.id && $0.message == finding.message && $0.span?.path == finding.span?.path }
            }
            introducedIDs.formUnion(introduced.map(\.id))
        }
        #expect(introducedIDs == Self.revealed[id]?.ids ?? [], "rule '\(id)': the fix-its brought findings 'revealed' does not list")
    }

    private func lint(_ project: Project, _ configurationFile: SourceFile?) -> [Diagnostic] {
        let configuration = configurationFile.map { ConfigurationParser.parse($0, knownRuleIDs: RuleRegistry.allIDs) } ?? .default
        return Linter.lint(project, configuration: configuration).diagnostics
    }
}
