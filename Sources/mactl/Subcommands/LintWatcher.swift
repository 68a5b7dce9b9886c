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

    func run() async throws -> Never {
        let root = URL(fileURLWithPath: path)
        let onTerminal = isatty(STDOUT_FILENO) == 1
        let notifier = ChangeNotifier(root: root, interval: interval)
        var snapshot = ProjectSnapshot.take(of: root)
        var previous = try lint()
        Terminal.standardOutput(render(previous))
        while true {
            try await notifier.wait()
            let current = ProjectSnapshot.take(of: root)
            guard current != snapshot else { continue }
            snapshot = current
            notifier.watchFolders(under: root)
            let result = try lint()
            if onTerminal {
                Terminal.standardOutput("\u{1B}[2J\u{1B}[H" + render(result))
            } else {
                Terminal.standardOutput(changes(from: previous, to: result))
            }
            previous = result
        }
    }

    private func lint() throws -> LintResult { try ProjectLoading.lint(path: path, config: config, runtime: runtime) }

    private func render(_ result: LintResult) -> String {
        outputOptions.rendering.renderer()
            .render(DiagnosticReport(result, pathPrefix: Lint.displayPrefix(for: path)))
    }

    /// `+ path:line:col: error: message [id]` for each new diagnostic, `- ...` for each fixed
    /// one, then the counts.
    private func changes(from old: LintResult, to new: LintResult) -> String {
        let renderer = TextRenderer(colored: false)
        let before = old.diagnostics.map(renderer.headline)
        let after = new.diagnostics.map(renderer.headline)
        var lines = ["change detected; linted again:"]
        lines += after.filter { !before.contains($0) }.map { "+ " + $0 }
        lines += before.filter { !after.contains($0) }.map { "- " + $0 }
        lines.append(DiagnosticReport(new).countsPhrase)
        return lines.joined(separator: "\n") + "\n"
    }
}
