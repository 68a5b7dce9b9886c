import Foundation
import Testing

@testable import MiniAppKit

/// A lint without the smoke run (`mactl lsp` as the author types) and the static result a
/// lint with it hands over first: the run's rules are left out, and a suppression of one of
/// them is not reported as silencing nothing.
@Suite struct StaticLintTests {
    static func files(suppressed: Bool) -> [String: String] {
        var files = MinimalApp.files
        files["pages/index/index.html"] =
            "<!DOCTYPE html>\n<html>\n<head>\n  <link rel=\"stylesheet\" href=\"../../app.css\">\n</head>\n<body x-data=\"page\">\n  <p x-text=\"store.title\"></p>\n  <button @click=\"onTap()\">Go</button>\n</body>\n</html>\n"
        let suppression = suppressed ? "    // mactl-disable-next-line run-exception\n" : ""
        files["pages/index/index.js"] =
            "Page({\n  data: { title: 'Hello' },\n  onTap() {\n\(suppression)    skip.fs.root.entries().then((entries) => this.setData({ title: String(entries.length) }));\n  },\n});\n"
        return files
    }

    @Test func theSmokeRunsRulesAreLeftOutWithoutIt() {
        let project = Project(contents: Self.files(suppressed: false))
        #expect(Linter.lint(project).diagnostics.map(\.id) == ["run-exception"])
        #expect(Linter.lint(project, smokeRun: false).diagnostics.isEmpty)
        let early = ResultBox()
        let full = Linter.lint(project, staticResult: { early.set($0) })
        #expect(early.value?.diagnostics.isEmpty == true)
        #expect(full.diagnostics.map(\.id) == ["run-exception"])
    }

    @Test func aSuppressionOfARunRuleIsNotUnusedWhereTheRunDidNotRun() {
        let project = Project(contents: Self.files(suppressed: true))
        #expect(Linter.lint(project).diagnostics.isEmpty)
        #expect(Linter.lint(project, smokeRun: false).diagnostics.isEmpty)
        let early = ResultBox()
        _ = Linter.lint(project, staticResult: { early.set($0) })
        #expect(early.value?.diagnostics.isEmpty == true)
        // Where the run finds nothing, the suppression is reported, by the full lint only.
        var files = Self.files(suppressed: true)
        files["pages/index/index.js"] = files["pages/index/index.js"]!.replacingOccurrences(
            of: "skip.fs.root.entries().then((entries) => this.setData({ title: String(entries.length) }));",
            with: "this.setData({ title: 'Tapped' });")
        let clean = Project(contents: files)
        #expect(Linter.lint(clean).diagnostics.map(\.id) == ["project-unused-suppression"])
        #expect(Linter.lint(clean, smokeRun: false).diagnostics.isEmpty)
    }

    final class ResultBox: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: LintResult?
        func set(_ result: LintResult) { lock.withLock { stored = result } }
        var value: LintResult? { lock.withLock { stored } }
    }
}
