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

    @Argument(
        help: "The MiniApp project folders (default: the nearest folder from here upward with a manifest.json, else .).",
        completion: .directory)
    var paths: [String] = []

    @Option(
        name: .long, help: "Use this configuration file instead of the nearest .mactl.yml.", completion: .file(extensions: ["yml", "yaml"]))
    var config: String?

    @OptionGroup var runtimeOption: RuntimeOption

    @OptionGroup var outputOptions: OutputOptions

    @Option(name: [.short, .long], help: "Write the diagnostics to this file instead of standard output.", completion: .file())
    var output: String?

    @Option(name: .long, help: "Report only diagnostics that this baseline file does not list.", completion: .file(extensions: ["json"]))
    var baseline: String?

    @Option(name: .long, help: "Record today's diagnostics in this baseline file and exit 0.", completion: .file(extensions: ["json"]))
    var writeBaseline: String?

    @Flag(
        name: .long,
        help:
            "Apply the fix-its of the reported findings to the files (each file replaced whole), print what changed, then report what remains."
    )
    var fix = false

    @Flag(name: .long, help: "Lint from scratch, without reading or writing the lint cache.")
    var noCache = false

    @Flag(name: .long, help: "Lint again whenever a file changes, until interrupted.")
    var watch = false

    @Flag(
        name: .long,
        help:
            "Print on standard error how long each stage of the lint took, and the slowest rules; the lint runs from scratch, as with --no-cache."
    )
    var timings = false

    @Option(name: .long, help: ArgumentHelp("How often --watch looks for changes, in milliseconds.", visibility: .hidden))
    var watchInterval = 300

    func validate() throws {
        if timings, watch || fix {
            throw ValidationError("--timings times one lint; it does not combine with \(watch ? "--watch" : "--fix")")
        }
        guard paths.count > 1 else { return }
        // A baseline and a watch belong to one project: a baseline's paths are relative to it.
        for (option, given) in [("--baseline", baseline != nil), ("--write-baseline", writeBaseline != nil), ("--watch", watch)] where given
        {
            throw ValidationError("\(option) works on one project; give one path")
        }
    }

    func run() async throws {
        let paths = self.paths.isEmpty ? [ProjectLoading.projectPath(nil)] : self.paths
        if fix { try LintFix.refuseCombinations(watch: watch, writeBaseline: writeBaseline) }
        if watch {
            try await LintWatcher(
                path: paths[0], config: config, runtime: runtimeOption.profile, outputOptions: outputOptions,
                interval: .milliseconds(watchInterval)
            ).run()
        }
        var fails = false
        var reports: [DiagnosticReport] = []
        var fixes: [LintFix.Outcome] = []
        for path in Self.distinct(paths) {
            let fixed =
                try fix
                ? LintFix(path: path, config: config, runtime: runtimeOption.profile, baseline: baseline, format: outputOptions.format)
                    .run() : nil
            var result = try lint(path, after: fixed)
            if let writeBaseline {
                try Self.write(Baseline(diagnostics: result.diagnostics), to: writeBaseline)
                Terminal.standardOutput("wrote \(result.diagnostics.count) diagnostics to the baseline '\(writeBaseline)'\n")
                return
            }
            if let baseline { result.diagnostics = try Self.readBaseline(baseline).newDiagnostics(result.diagnostics) }
            fails = fails || result.fails(strict: outputOptions.strict)
            let report = result.report(pathPrefix: ProjectLoading.displayPrefix(for: path))
            fixed?.printSummary(remaining: outputOptions.shown(report))
            if let fixed { fixes.append(fixed) }
            reports.append(report)
        }
        let report = outputOptions.shown(reports.count == 1 ? reports[0] : DiagnosticReport(combining: reports))
        try outputOptions.emit(outputOptions.rendering.renderer(writingTo: output).render(report), to: output)
        for fixed in fixes { try fixed.failIfAFileWasNotWritten() }
        if fails { throw ExitCode(ExitStatus.projectHasErrors) }
    }

    /// The lint of one project: the last one `--fix` ran, else the cache's when no input
    /// changed (unless `--no-cache`), else a new one.
    private func lint(_ path: String, after fixed: LintFix.Outcome?) throws -> LintOutcome {
        if let fixed { return LintOutcome(fixed.result) }
        // Timings are of a whole lint from scratch: one the caches answer has none to show.
        let recorder = timings ? LintTimings() : nil
        let fromScratch = noCache || timings
        let cacheFolder = LintCache.defaultFolder()
        let session = LintSession(
            source: ProjectSource(path: path, configPath: config, runtime: runtimeOption.profile),
            cache: fromScratch ? nil : LintCache(folder: cacheFolder), tool: MactlBuild.identity,
            packCache: fromScratch ? nil : PackCache(folder: cacheFolder, tool: MactlBuild.identity), timings: recorder)
        if fromScratch {
            let result = try session.lint()
            ProcessLifetime.keepUntilExit(result.model)
            if let recorder { Terminal.standardError(recorder.report(of: path)) }
            return LintOutcome(result)
        }
        if let outcome = session.quickOutcome() { return outcome }
        let run = try session.run()
        for note in run.notes { Terminal.standardError("note: \(note)\n") }
        ProcessLifetime.keepUntilExit(run.input)
        return run.outcome
    }

    /// The paths with each folder once, in the order given (`lint a a/` lints `a` once).
    static func distinct(_ paths: [String]) -> [String] {
        var seen: Set<String> = []
        return paths.filter { seen.insert(URL(fileURLWithPath: $0).standardizedFileURL.path).inserted }
    }

    private static func write(_ baseline: Baseline, to path: String) throws {
        do throws(FileProblem.WriteFailure) {
            try FileProblem.writeWhole(Array(baseline.json.utf8), to: URL(fileURLWithPath: path), displayPath: path)
        } catch {
            throw CommandFailure(message: error.message)
        }
    }

    /// The baseline file at `path`, or a one-line error when it cannot be read or is not one.
    static func readBaseline(_ path: String) throws -> Baseline {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CommandFailure(
                message:
                    "cannot read the baseline '\(path)': \(FileProblem.readingReason(path)); record one with --write-baseline \(ShellWord.quoted(path))"
            )
        }
        switch Baseline.parse(SourceFile(path: path, bytes: [UInt8](data))) {
        case .success(let known): return known
        case .failure(let error): throw CommandFailure(message: error.message)
        }
    }
}
