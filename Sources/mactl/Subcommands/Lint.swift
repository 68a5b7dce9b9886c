import ArgumentParser
import Foundation
import MiniAppKit

struct Lint: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check a MiniApp project and report problems with file, line and column.",
        discussion: """
            Exit status: 0 when clean, 1 when the project has errors (or warnings with --strict), \
            2 for usage errors and failures outside the project.
            """)

    @Argument(help: "The MiniApp project folder (default: the nearest folder from here upward with a manifest.json, else .).")
    var path: String?

    @Option(name: .long, help: "Use this configuration file instead of the nearest .mactl.yml.")
    var config: String?

    @OptionGroup var runtimeOption: RuntimeOption

    @OptionGroup var outputOptions: OutputOptions

    @Option(name: [.short, .long], help: "Write the diagnostics to this file instead of standard output.")
    var output: String?

    @Option(name: .long, help: "Report only diagnostics that this baseline file does not list.")
    var baseline: String?

    @Option(name: .long, help: "Record today's diagnostics in this baseline file and exit 0.")
    var writeBaseline: String?

    @Flag(name: [.short, .long], help: "Show only what fails the command (errors; warnings too with --strict), without the i18n coverage table.")
    var quiet = false

    @Flag(name: .long, help: "Apply the fix-its of the reported findings to the files (each file replaced whole), print what changed, then report what remains.")
    var fix = false

    @Flag(name: .long, help: "Lint again whenever a file changes, until interrupted.")
    var watch = false

    @Option(name: .long, help: ArgumentHelp("How often --watch looks for changes, in milliseconds.", visibility: .hidden))
    var watchInterval = 300

    func run() async throws {
        let path = ProjectLoading.projectPath(self.path)
        if fix { try LintFix.refuseCombinations(watch: watch, writeBaseline: writeBaseline) }
        if watch {
            try await LintWatcher(path: path, config: config, runtime: runtimeOption.profile, outputOptions: outputOptions, interval: .milliseconds(watchInterval)).run()
        }
        let fixes = try fix ? LintFix(path: path, config: config, runtime: runtimeOption.profile, baseline: baseline, format: outputOptions.format).run() : nil
        var result = try fixes?.result ?? ProjectLoading.lint(path: path, config: config, runtime: runtimeOption.profile)
        if let writeBaseline {
            do {
                try Data(Baseline(diagnostics: result.diagnostics).json.utf8).write(to: URL(fileURLWithPath: writeBaseline), options: .atomic)
            } catch {
                throw CommandFailure(message: "cannot write '\(writeBaseline)': \((error as NSError).localizedDescription)")
            }
            Terminal.standardOutput("wrote \(result.diagnostics.count) diagnostics to the baseline '\(writeBaseline)'\n")
            return
        }
        if let baseline { result.diagnostics = try Self.readBaseline(baseline).newDiagnostics(result.diagnostics) }
        var report = DiagnosticReport(result, pathPrefix: Self.displayPrefix(for: path))
        if quiet {
            // What fails the command, and nothing else: no note, no coverage table, and no
            // warning unless --strict makes warnings fail it.
            report.diagnostics = report.diagnostics.filter { $0.severity == .error || (outputOptions.strict && $0.severity == .warning) }
            report.localeCoverage = []
        }
        fixes?.printSummary(remaining: report.diagnostics.count)
        try outputOptions.emit(outputOptions.rendering.renderer(writingTo: output).render(report), to: output)
        try fixes?.failIfAFileWasNotWritten()
        if result.fails(strict: outputOptions.strict) { throw ExitCode(ExitStatus.projectHasErrors) }
    }

    /// The baseline file at `path`, or a one-line error when it cannot be read or is not one.
    static func readBaseline(_ path: String) throws -> Baseline {
        guard let data = FileManager.default.contents(atPath: path) else { throw CommandFailure(message: "cannot read the baseline '\(path)'") }
        switch Baseline.parse(SourceFile(path: path, bytes: [UInt8](data))) {
        case .success(let known): return known
        case .failure(let error): throw CommandFailure(message: error.message)
        }
    }

    /// The project path as the user wrote it, for annotation paths: `demo/` for `demo`,
    /// nothing for `.`.
    static func displayPrefix(for path: String) -> String {
        var trimmed = path
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
        while trimmed.hasPrefix("./") { trimmed.removeFirst(2) }
        if trimmed == "." || trimmed.isEmpty { return "" }
        return trimmed + "/"
    }
}
