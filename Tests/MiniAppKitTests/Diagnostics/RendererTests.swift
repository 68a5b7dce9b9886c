import Foundation
import Testing
import MiniAppKitGoldenFiles
import MiniAppKitTestSupport
@testable import MiniAppKit

/// Each renderer on the same report, compared with a golden file. The report holds what
/// renderers must handle: notes with and without spans, a fix-it, a file-level diagnostic,
/// a diagnostic with no file, a tab and non-ASCII text before the column.
struct RendererTests {
    static let manifest = SourceFile(
        path: "manifest.json",
        text: """
            {
              "name": "Café",
            \t"window": { "orientation": "Portrait" },
              "pages": ["pages/a/a", "pages/a/a"]
            }
            """)

    static var report: DiagnosticReport {
        let file = manifest
        let orientation = file.span(range(of: "\"Portrait\""))
        let diagnostics = [
            Diagnostic(
                id: "project-missing-root-file", severity: .error,
                message: "the project has no 'app.css' at its root; the runtime requires it, even empty", span: .file("app.css")),
            Diagnostic(
                id: "manifest-invalid-value", severity: .error,
                message: "'window.orientation' must be 'portrait' or 'landscape', found 'Portrait'; did you mean 'portrait'?",
                span: orientation,
                notes: [DiagnosticNote(message: "runtimes ignore an invalid value and use the default 'portrait'")],
                fixIt: FixIt(message: "replace with 'portrait'", span: orientation, replacement: "\"portrait\"")),
            Diagnostic(
                id: "manifest-duplicate-page", severity: .warning, message: "page 'pages/a/a' is listed twice",
                span: file.span(range(of: "\"pages/a/a\"", occurrence: 2)),
                notes: [DiagnosticNote(message: "first listed here", span: file.span(range(of: "\"pages/a/a\"")))]),
            Diagnostic(
                id: "manifest-app-id-format", severity: .note, message: "a note with 50% and a comma, and a colon: here",
                span: file.span(range(of: "\"Café\""))),
        ].sortedDeterministically()
        return DiagnosticReport(diagnostics: diagnostics, sourceFiles: [file.path: file], fileCount: 3, pathPrefix: "apps/demo/")
    }

    /// The byte range of the n-th occurrence of `needle` in the manifest.
    static func range(of needle: String, occurrence: Int = 1) -> Range<Int> {
        let haystack = manifest.bytes
        let pattern = Array(needle.utf8)
        var found = 0
        for start in 0...(haystack.count - pattern.count) where Array(haystack[start..<(start + pattern.count)]) == pattern {
            found += 1
            if found == occurrence { return start..<(start + pattern.count) }
        }
        fatalError("'\(needle)' not found")
    }

    @Test func spansPointWhereTheGoldenFilesSayTheyDo() {
        #expect(Self.manifest.position(at: Self.range(of: "\"Portrait\"").lowerBound) == SourcePosition(offset: 49, line: 3, column: 29))
        #expect(Self.manifest.position(at: Self.range(of: "\"Café\"").lowerBound).column == 11)
    }

    @Test func text() { assertMatchesGolden(TextRenderer().render(Self.report), "report.txt") }
    @Test func coloredText() { assertMatchesGolden(TextRenderer(colored: true).render(Self.report), "report.colored.txt") }
    @Test func json() { assertMatchesGolden(JSONRenderer().render(Self.report), "report.json") }
    @Test func sarif() { assertMatchesGolden(SARIFRenderer().render(Self.report), "report.sarif.json") }
    @Test func github() { assertMatchesGolden(GitHubActionsRenderer().render(Self.report), "report.github.txt") }

    @Test func aCleanReportSaysSoAndListsNoResults() {
        let clean = DiagnosticReport(diagnostics: [], fileCount: 1)
        #expect(TextRenderer().render(clean) == "no problems found in 1 file\n")
        #expect(GitHubActionsRenderer().render(clean) == "")
        #expect(JSONRenderer().render(clean).contains("\"diagnostics\": []"))
        #expect(SARIFRenderer().render(clean).contains("\"results\": []"))
    }

    /// A `verify` failure's id is in SARIF's rule table as the catalogue describes it, so a
    /// code-scanning tool shows its summary and links its row of `docs/verify.md`.
    @Test func sarifNamesAVerifyFailureFromTheCatalogue() {
        let failure = Diagnostic(
            id: VerifyDiagnostic.zip64.id, severity: .error, message: "the end record's entry count is 0xFFFF (ZIP64)",
            span: .file("app.ma"))
        let sarif = SARIFRenderer().render(DiagnosticReport(diagnostics: [failure]))
        #expect(
            sarif.contains(
                """
                          "rules": [
                            {
                              "id": "archive-zip64",
                              "shortDescription": {
                                "text": "The end record or a central header uses ZIP64, which only some readers follow."
                              },
                              "help": {
                                "text": "The end record or a central header uses ZIP64, which only some readers follow."
                              },
                              "helpUri": "https://github.com/mactl/mactl/blob/v0.1.0/docs/verify.md#archive-zip64",
                              "defaultConfiguration": {
                                "level": "error"
                              },
                              "properties": {
                                "kind": "verify"
                              }
                            }
                          ]
                """), "\(sarif)")
        #expect(
            sarif.contains(
                """
                      "results": [
                        {
                          "ruleId": "archive-zip64",
                          "ruleIndex": 0,
                          "level": "error",
                """), "\(sarif)")
    }

    /// `--quiet` keeps what fails the command; the summary counts what it hid, rather than
    /// saying "no problems found" over warnings.
    @Test func aQuietReportCountsWhatItHid() {
        func diagnostic(_ severity: Severity, _ line: Int) -> Diagnostic {
            Diagnostic(id: "rule", severity: severity, message: "m", span: nil)
        }
        let report = DiagnosticReport(diagnostics: [diagnostic(.warning, 1), diagnostic(.note, 2), diagnostic(.warning, 3)], fileCount: 2)
        let quiet = report.onlyFailing(strict: false)
        #expect(quiet.diagnostics.isEmpty)
        #expect(TextRenderer().render(quiet) == "no errors in 2 files; 2 warnings and 1 note hidden by --quiet\n")
        let strict = report.onlyFailing(strict: true)
        #expect(strict.diagnostics.count == 2)
        #expect(TextRenderer().render(strict).hasSuffix("0 errors, 2 warnings and 0 notes in 2 files; 1 note hidden by --quiet\n"))
        #expect(
            TextRenderer().render(DiagnosticReport(diagnostics: [], fileCount: 2).onlyFailing(strict: false))
                == "no problems found in 2 files\n")
    }

    @Test func theOrderIsFileLineColumnThenID() {
        let file = SourceFile(path: "b.json", text: "{}\n{}")
        let diagnostics = [
            Diagnostic(id: "z", severity: .error, message: "m", span: file.span(3..<4)),
            Diagnostic(id: "b", severity: .error, message: "m", span: file.span(0..<1)),
            Diagnostic(id: "a", severity: .error, message: "m", span: file.span(0..<1)),
            Diagnostic(id: "c", severity: .error, message: "m", span: .file("a.json")),
            Diagnostic(id: "d", severity: .error, message: "m", span: nil),
        ].sortedDeterministically()
        #expect(diagnostics.map(\.id) == ["d", "c", "a", "b", "z"])
    }
}
