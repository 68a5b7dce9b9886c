import Foundation
import Testing
@testable import MiniAppKit

struct ConfigurationTests {
    private func parse(_ text: String) -> Configuration {
        ConfigurationParser.parse(SourceFile(path: ".mactl.yml", text: text), knownRuleIDs: RuleRegistry.allIDs)
    }

    private func issues(_ configuration: Configuration) -> [String] {
        configuration.issues.map { "\($0.span.start.line):\($0.span.start.column) \($0.message)" }
    }

    @Test func readsSeveritiesIncludingABareOffThatYAMLReadsAsFalse() {
        let configuration = parse(
            """
            rules:
              manifest-unknown-member: error
              manifest-app-id-format: off
              manifest-invalid-color: "off"
              manifest-no-pages: warning
              manifest-tab-count: note
              manifest-invalid-path: false
            """)
        #expect(configuration.issues.isEmpty)
        #expect(configuration.severities["manifest-unknown-member"] == .some(.error))
        #expect(configuration.severities["manifest-app-id-format"] == .some(nil))
        #expect(configuration.severities["manifest-invalid-color"] == .some(nil))
        #expect(configuration.severities["manifest-no-pages"] == .some(.warning))
        #expect(configuration.severities["manifest-tab-count"] == .some(.note))
        #expect(configuration.severities["manifest-invalid-path"] == .some(nil))
    }

    @Test func anEmptyFileOrEmptyRulesConfigureNothing() {
        #expect(parse("").issues.isEmpty)
        #expect(parse("rules:\n").issues.isEmpty)
        #expect(parse("# only a comment\n").issues.isEmpty)
    }

    @Test func reportsEveryProblemAtItsPosition() {
        let configuration = parse(
            """
            rulez: {}
            rules:
              manifest-unknown-membr: off
              manifest-app-id-format: fatal
              manifest-no-pages: [error]
            """)
        #expect(
            issues(configuration) == [
                "1:1 unknown setting 'rulez'; did you mean 'rules'?",
                "3:3 unknown rule 'manifest-unknown-membr'; did you mean 'manifest-unknown-member'?",
                "4:27 invalid severity 'fatal' for rule 'manifest-app-id-format'; expected 'error', 'warning', 'note' or 'off'",
                "5:22 invalid severity a list for rule 'manifest-no-pages'; expected 'error', 'warning', 'note' or 'off'",
            ])
    }

    @Test func readsTheRuntimeAndSaysWhichOnesExist() {
        #expect(parse("").runtime.id == "skip")
        #expect(parse("runtime: w3c\n").runtime.id == "w3c")
        let misspelt = parse("runtime: skp\n")
        #expect(issues(misspelt) == ["1:10 unknown runtime 'skp'; did you mean 'skip'?"])
        #expect(misspelt.issues.first?.kind == .invalidValue)
        #expect(misspelt.runtime.id == "skip")
        #expect(issues(parse("runtime: quickapp\n")) == ["1:10 unknown runtime 'quickapp'; expected 'skip', 'w3c' or 'rakuten'"])
        #expect(issues(parse("runtime: [skip]\n")) == ["1:10 'runtime' must be one of 'skip', 'w3c', 'rakuten'"])
    }

    @Test func rejectsANonMappingDocumentAndDuplicateKeys() {
        #expect(issues(parse("- rules\n")) == ["1:1 the configuration must be a mapping of settings, such as 'rules:'"])
        #expect(issues(parse("rules: 3\n")) == ["1:8 'rules' must be a mapping of rule ids to severities"])
        #expect(issues(parse("rules: {}\nrules: {}\n")).count == 1)
    }

    @Test func severitiesChangeAndSilenceDiagnostics() {
        var files = MinimalApp.files
        files["manifest.json"] = MinimalApp.manifest.replacingOccurrences(of: "\"org.example.demo\"", with: "\"demo\"")
        let project = Project(contents: files)
        #expect(Linter.lint(project).diagnostics.map(\.severity) == [.warning])
        #expect(
            Linter.lint(project, configuration: parse("rules:\n  manifest-app-id-format: error\n")).diagnostics.map(\.severity) == [.error])
        #expect(Linter.lint(project, configuration: parse("rules:\n  manifest-app-id-format: off\n")).diagnostics.isEmpty)
    }

    @Test func configurationProblemsAreDiagnosticsOfTheLint() {
        let result = Linter.lint(Project(contents: MinimalApp.files), configuration: parse("rules:\n  nope: off\n"))
        #expect(
            result.diagnostics.map(DiagnosticSummary.init) == [
                DiagnosticSummary(path: ".mactl.yml", line: 2, column: 3, id: "config-unknown-rule", message: "unknown rule 'nope'")
            ])
        #expect(result.sourceFiles[".mactl.yml"] != nil)
    }

    @Test func theNearestFileAboveTheProjectIsFound() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("mactl-config-\(UUID().uuidString)")
        let project = root.appendingPathComponent("apps/demo")
        try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try Data("rules:\n  manifest-app-id-format: error\n".utf8).write(to: root.appendingPathComponent(".mactl.yml"))
        let located = try #require(ConfigurationLocator.locate(forProjectAt: project))
        #expect(located.displayPath == "../../.mactl.yml")
        let configuration = ConfigurationLocator.load(forProjectAt: project)
        #expect(configuration.severities["manifest-app-id-format"] == .some(.error))
        #expect(configuration.file?.path == "../../.mactl.yml")

        try Data("rules: {}\n".utf8).write(to: project.appendingPathComponent(".mactl.yml"))
        #expect(ConfigurationLocator.locate(forProjectAt: project)?.displayPath == ".mactl.yml")
    }
}
