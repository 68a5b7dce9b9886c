import Testing
@testable import MiniAppKit
import MiniAppKitTestSupport

/// Runs every rule's own examples. The per-rule tests, one named after each rule's id, are
/// generated (`RuleExampleTests+Generated.swift`), so `swift test --filter manifest-tab-count`
/// runs one rule's; `RuleExampleCheck` holds what each of them checks.
struct RuleExampleTests {
    @Test func ruleIDsAreUniqueAndKebabCaseWithADomainPrefix() {
        let ids = RuleRegistry.allIDs
        #expect(Set(ids).count == ids.count)
        for description in RuleRegistry.descriptions {
            #expect(description.id.hasPrefix(description.domain.rawValue + "-"), "\(description.id)")
            #expect(description.id.allSatisfy { $0.isLowercase || $0.isNumber || $0 == "-" }, "\(description.id)")
        }
    }

    @Test func theMinimalAppLintsClean() {
        #expect(lint(MinimalApp.files).isEmpty)
    }
}

/// What each rule's test checks of its examples: triggering examples must produce exactly the
/// expected diagnostics of that rule (position and message, and the notes, fix-its and
/// severities they pin), non-triggering ones none of it, and every fix-it a triggering
/// example produces must be pinned.
enum RuleExampleCheck {
    /// Rules whose input cannot be written as an in-memory text example (a symlink, an
    /// unreadable file, invalid UTF-8, a very deep file); each has its own tests.
    static let testedElsewhere: Set<String> = [
        "project-symlink-outside-root", "project-unreadable-file", "project-file-too-large", "project-hard-linked-file",
        "json-invalid-utf8", "json-too-deep", "icon-too-large", "icon-not-rendered",
        "package-large-image", "package-over-budget",
    ]

    static func run(_ id: String) throws {
        let description = try #require(RuleRegistry.description(for: id), "no rule '\(id)'; run 'swift run mactl-generate'")
        triggeringExamplesReportExactlyTheExpectedDiagnostics(description)
        nonTriggeringExamplesReportNothing(description)
        let unpinned = description.triggeringExamples.flatMap { unpinnedFixIts($0, id: id) }
        #expect(unpinned == [], "pin these fix-its with .fixIt(...) in the rule's examples")
    }

    private static func triggeringExamplesReportExactlyTheExpectedDiagnostics(_ description: RuleDescription) {
        let id = description.id
        if !testedElsewhere.contains(id) {
            #expect(!description.triggeringExamples.isEmpty, "rule '\(id)' has no triggering example")
        }
        for example in description.triggeringExamples {
            let (actual, expected) = run(example, id: id)
            #expect(!expected.isEmpty)
            #expect(actual == expected, "rule '\(id)'")
        }
    }

    private static func nonTriggeringExamplesReportNothing(_ description: RuleDescription) {
        let id = description.id
        #expect(!description.nonTriggeringExamples.isEmpty || testedElsewhere.contains(id), "rule '\(id)' has no non-triggering example")
        for example in description.nonTriggeringExamples {
            let (actual, _) = run(example, id: id)
            #expect(actual.isEmpty, "rule '\(id)'")
        }
    }

    private static func run(_ example: RuleExample, id: String) -> (actual: [DiagnosticSummary], expected: [DiagnosticSummary]) {
        let (project, markers, configurationText) = ExampleMarkers.project(for: example)
        var configuration = Configuration.default
        var configurationMarkers: [String: (path: String, position: SourcePosition)] = [:]
        if let configurationText {
            let file = SourceFile(path: ".mactl.yml", text: configurationText.text)
            configuration = ConfigurationParser.parse(file, knownRuleIDs: RuleRegistry.allIDs)
            for (marker, offset) in configurationText.markers { configurationMarkers[marker] = (file.path, file.position(at: offset)) }
        }
        let allMarkers = markers.merging(configurationMarkers) { $1 }
        let diagnostics = Linter.lint(project, configuration: configuration).diagnostics.filter { $0.id == id }
        let expected = example.expected.map { finding -> DiagnosticSummary in
            if let marker = finding.marker, let location = allMarkers[marker] {
                return DiagnosticSummary(
                    path: location.path, line: location.position.line, column: location.position.column, id: id, message: finding.message,
                    notes: finding.notes, fixIt: finding.fixIt, severity: finding.severity?.rawValue)
            }
            return DiagnosticSummary(
                path: finding.path ?? "", line: 0, column: 0, id: id, message: finding.message, notes: finding.notes, fixIt: finding.fixIt,
                severity: finding.severity?.rawValue)
        }
        // Notes and fix-its are compared where the example pins them.
        let actual = diagnostics.map { diagnostic -> DiagnosticSummary in
            var summary = DiagnosticSummary(diagnostic)
            let pin = expected.first {
                $0.path == summary.path && $0.line == summary.line && $0.column == summary.column && $0.message == summary.message
            }
            if pin?.notes != nil { summary.notes = diagnostic.notes.map(\.message) }
            if pin?.fixIt != nil { summary.fixIt = diagnostic.fixIt?.replacement }
            if pin?.severity != nil { summary.severity = diagnostic.severity.rawValue }
            return summary
        }
        return (actual.sorted(), expected.sorted())
    }

    /// Every diagnostic of a triggering example that carries a fix-it, as "rule: message".
    private static func unpinnedFixIts(_ example: RuleExample, id: String) -> [String] {
        let (project, _, configurationText) = ExampleMarkers.project(for: example)
        var configuration = Configuration.default
        if let configurationText {
            configuration = ConfigurationParser.parse(
                SourceFile(path: ".mactl.yml", text: configurationText.text), knownRuleIDs: RuleRegistry.allIDs)
        }
        let withFixIts = Linter.lint(project, configuration: configuration).diagnostics.filter { $0.id == id && $0.fixIt != nil }
        return withFixIts.filter { diagnostic in !example.expected.contains { $0.message == diagnostic.message && $0.fixIt != nil } }
            .map { "\(id): \($0.message) → '\($0.fixIt!.replacement)'" }
    }
}
