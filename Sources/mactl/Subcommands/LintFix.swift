import ArgumentParser
import Foundation
import MiniAppKit

/// `mactl lint --fix`: applies the fix-its of what the lint reports (after the configuration,
/// the suppressions and the baseline), prints what it changed and a summary, and hands the last
/// lint back to `lint`, which reports what remains as it always does.
///
/// What changed goes to standard output with the text format, and to standard error with the
/// others, so a JSON or SARIF document on standard output stays a document.
struct LintFix {
    var path: String
    var config: String?
    var runtime: RuntimeProfile?
    var baseline: String?
    var format: OutputFormat

    /// What `lint --fix` leaves to `lint`: the last lint (before the baseline, which `lint`
    /// applies), the summary to print before it, and whether a file could not be written.
    struct Outcome {
        var result: LintResult
        var applied: Int
        var changedFiles: Int
        var format: OutputFormat
        var failedWrites: Int

        /// `applied 3 fix-its in 2 files; 1 finding remains`, where what remains is what `lint`
        /// is about to show (after the baseline and `--quiet`), with what `--quiet` hides.
        func printSummary(remaining shown: DiagnosticReport) {
            LintFix.emit(
                [LintFix.summary(applied: applied, files: changedFiles, remaining: shown.diagnostics.count, hidden: shown.hiddenPhrase)],
                format: format)
        }

        /// Exit 2 when a file could not be written: the command did not do what it was asked,
        /// whatever the remaining findings are.
        func failIfAFileWasNotWritten() throws {
            if failedWrites > 0 { throw ExitCode(ExitStatus.usageOrEnvironment) }
        }
    }

    /// `--fix` changes files; `--watch` would change them on every save, under the editor, and
    /// `--write-baseline` would record findings the fix-its were about to remove.
    static func refuseCombinations(watch: Bool, writeBaseline: String?) throws {
        if watch {
            throw CommandFailure(
                message: "'--fix' cannot be combined with '--watch'; run 'mactl lint --fix' once, then 'mactl lint --watch'")
        }
        if writeBaseline != nil {
            throw CommandFailure(
                message:
                    "'--fix' cannot be combined with '--write-baseline'; run 'mactl lint --fix' first, then '--write-baseline' to record what remains"
            )
        }
    }

    func run() throws -> Outcome {
        let known = try baseline.map(Lint.readBaseline)
        let root = URL(fileURLWithPath: path)
        let source = ProjectSource(path: path, configPath: config, runtime: runtime)
        let fixer = LintFixer(
            lint: { try LintSession(source: source, cache: nil, tool: MactlBuild.identity).lint() },
            reported: { known?.newDiagnostics($0.diagnostics) ?? $0.diagnostics },
            // The configuration file's path is relative to the project (`../.mactl.yml`), or
            // absolute when given with --config.
            fileURL: { $0.hasPrefix("/") ? URL(fileURLWithPath: $0) : root.appendingPathComponent($0) })
        let report = try fixer.run()
        let prefix = ProjectLoading.displayPrefix(for: path)
        let shown = { (path: String) in DisplayPath.joined(prefix, path) }
        var lines: [String] = []
        var failedWrites = 0
        for fix in report.fixes.sorted(by: { ($0.path, $0.pass) < ($1.path, $1.pass) }) {
            switch fix.notWritten {
            case nil:
                lines += Self.changeLines(fix, shownPath: shown(fix.path))
            case .changedSinceRead:
                lines.append("not fixed \(shown(fix.path)): it changed since mactl read it; \(Self.fixItsNotApplied(fix.applied.count))")
            case .notRead:
                lines.append("not fixed \(shown(fix.path)): the lint did not read it; \(Self.fixItsNotApplied(fix.applied.count))")
            case .cannotWrite(let reason):
                failedWrites += 1
                Terminal.standardError("error: cannot write '\(shown(fix.path))': \(reason); \(Self.fixItsNotApplied(fix.applied.count))\n")
            }
        }
        if report.reachedPassLimit {
            lines.append(
                "stopped after \(LintFixer.passLimit) passes with fix-its still to apply: some fix-its undo others; fix the rest by hand")
        }
        Self.emit(lines, format: format)
        return Outcome(
            result: report.result, applied: report.appliedCount, changedFiles: report.changedPaths.count, format: format,
            failedWrites: failedWrites)
    }

    /// To standard output beside the text format, to standard error beside a document.
    static func emit(_ lines: [String], format: OutputFormat) {
        guard !lines.isEmpty else { return }
        let text = lines.map { $0 + "\n" }.joined()
        if format == .text { Terminal.standardOutput(text) } else { Terminal.standardError(text) }
    }

    /// `fixed path:line:column rule-id: message` for each edit, and `skipped ...: why` for
    /// each fix-it left out, in the order of their place in the file.
    static func changeLines(_ fix: LintFixer.FileFix, shownPath: String) -> [String] {
        let applied = fix.applied.map { edit -> (offset: Int, line: String) in
            let ids = edit.diagnostics.map(\.id).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
            return (
                edit.fixIt.span.start.offset,
                "fixed \(location(edit.fixIt.span, shownPath)) \(ids.joined(separator: ", ")): \(edit.fixIt.message)"
            )
        }
        let skipped = fix.skipped.map { skip -> (offset: Int, line: String) in
            let fixIt = skip.diagnostic.fixIt!
            return (
                fixIt.span.start.offset,
                "skipped \(location(fixIt.span, shownPath)) \(skip.diagnostic.id): \(fixIt.message) (\(why(skip.reason)))"
            )
        }
        // Stable: an applied edit comes before the fix-its skipped at its offset.
        return (applied + skipped).enumerated().sorted { ($0.element.offset, $0.offset) < ($1.element.offset, $1.offset) }.map(
            \.element.line)
    }

    private static func location(_ span: SourceSpan, _ shownPath: String) -> String {
        span.hasPosition ? "\(shownPath):\(span.start.line):\(span.start.column)" : shownPath
    }

    private static func why(_ reason: FixItApplier.SkipReason) -> String {
        switch reason {
        case .overlaps(let first):
            "it overlaps the fix-it of \(first.diagnostics[0].id) at \(first.fixIt.span.start.line):\(first.fixIt.span.start.column), applied first"
        case .outsideFile(let byteCount):
            "its span is outside the file's \(byteCount) \(byteCount == 1 ? "byte" : "bytes")"
        case .splitsCharacter:
            "its span cuts a character in two"
        case .changesNothing:
            "the text is already the replacement"
        }
    }

    private static func fixItsNotApplied(_ count: Int) -> String {
        count == 1 ? "its fix-it was not applied" : "its \(count) fix-its were not applied"
    }

    /// `applied 3 fix-its in 2 files; 1 finding remains`; with `--quiet` hiding some,
    /// `...; no errors remain; 2 warnings hidden by --quiet`.
    static func summary(applied: Int, files: Int, remaining: Int, hidden: String? = nil) -> String {
        let fixes =
            applied == 0
            ? "applied no fix-its"
            : "applied \(applied) \(applied == 1 ? "fix-it" : "fix-its") in \(files) \(files == 1 ? "file" : "files")"
        let rest =
            switch remaining {
            case 0: hidden == nil ? "no findings remain" : "no errors remain"
            case 1: "1 finding remains"
            default: "\(remaining) findings remain"
            }
        return "\(fixes); \(rest)" + (hidden.map { "; \($0)" } ?? "")
    }
}
