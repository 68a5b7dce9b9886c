import Foundation
import MiniAppKit

/// `mactl lint --watch`: lints, then lints again whenever a file of the project changes. On a
/// terminal the screen is cleared and the whole report shown again; in a log (CI), only what
/// changed is printed: the diagnostics that appeared and those that went away.
struct LintWatcher {
    var path: String
    var config: String?
    var runtime: RuntimeProfile?
    var outputOptions: OutputOptions
    /// How often to look at the files at the latest. inotify wakes the watcher at once on
    /// Linux; the timer covers the file systems where notifications do not arrive (network and
    /// container mounts) and other systems.
    var interval: Duration

    /// How long the project must stay unchanged before it is linted again: an editor's save
    /// (a temporary file, then a rename), a `git checkout` or a formatter run is one burst of
    /// changes and gets one lint, not one per file.
    var quietPeriod: Duration = .milliseconds(100)

    func run() async throws -> Never {
        let root = URL(fileURLWithPath: path)
        let onTerminal = isatty(STDOUT_FILENO) == 1
        let watch = ProjectWatch(root: root, interval: interval)
        var pageFindings = PageFindingStore(tool: MactlBuild.identity)
        var previous = try lint(pageFindings: pageFindings)
        Terminal.standardOutput(render(previous))
        status("\(Self.timestamp()) watching '\(shownPath)' for changes (Ctrl-C to stop)")
        try await watch.onEachChange(quietPeriod: quietPeriod) {
            // Only the files that changed are parsed again, and the page rules run only on the
            // pages that changed; the project's rules all run again.
            pageFindings = PageFindingStore(tool: MactlBuild.identity, kept: pageFindings.usedFindings)
            let result = try lint(reusing: previous.model, pageFindings: pageFindings)
            if onTerminal {
                Terminal.standardOutput("\u{1B}[2J\u{1B}[H" + render(result))
                status("\(Self.timestamp()) linted again; watching '\(shownPath)' for changes (Ctrl-C to stop)")
            } else {
                Terminal.standardOutput(changes(from: previous, to: result))
            }
            previous = result
        }
    }

    /// The project as the user named it ('.' for the current folder).
    private var shownPath: String {
        let prefix = ProjectLoading.displayPrefix(for: path)
        return prefix.isEmpty ? "." : String(prefix.dropLast())
    }

    /// A line for the person watching: with the text format on standard output, with a
    /// document format on standard error, so standard output stays the documents.
    private func status(_ line: String) {
        if outputOptions.format == .text { Terminal.standardOutput(line + "\n") } else { Terminal.standardError(line + "\n") }
    }

    /// `[14:03:27]`: local time, so each run can be told from the one before.
    static func timestamp(_ date: Date = Date()) -> String {
        var seconds = time_t(date.timeIntervalSince1970)
        var parts = tm()
        localtime_r(&seconds, &parts)
        return String(format: "[%02d:%02d:%02d]", parts.tm_hour, parts.tm_min, parts.tm_sec)
    }

    private func lint(reusing previous: ProjectModel? = nil, pageFindings: PageFindingStore) throws -> LintResult {
        try LintSession(source: ProjectSource(path: path, configPath: config, runtime: runtime), cache: nil, tool: MactlBuild.identity)
            .lint(reusing: previous, pageFindings: pageFindings)
    }

    private func render(_ result: LintResult) -> String {
        outputOptions.rendering.renderer()
            .render(outputOptions.shown(DiagnosticReport(result, pathPrefix: ProjectLoading.displayPrefix(for: path))))
    }

    /// `+ path:line:col: error: message [id]` for each new diagnostic, `- ...` for each fixed
    /// one, then the counts.
    private func changes(from old: LintResult, to new: LintResult) -> String {
        let renderer = TextRenderer(colored: false)
        let prefix = ProjectLoading.displayPrefix(for: path)
        let before = DiagnosticReport(old, pathPrefix: prefix).diagnostics.map(renderer.headline)
        let after = DiagnosticReport(new, pathPrefix: prefix).diagnostics.map(renderer.headline)
        var lines = ["\(Self.timestamp()) change detected; linted again:"]
        lines += after.filter { !before.contains($0) }.map { "+ " + $0 }
        lines += before.filter { !after.contains($0) }.map { "- " + $0 }
        lines.append(DiagnosticReport(new).countsPhrase)
        return lines.joined(separator: "\n") + "\n"
    }
}
