import ArgumentParser
import Foundation
import MiniAppKit

/// `mactl test`: runs the project's `tests/**/*.test.js` against its logic layer, headless, in
/// a host that behaves as SkipMiniApp's runtime does.
struct Test: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run the project's tests/**/*.test.js against its page logic, headless.",
        discussion: """
            Each test gets a fresh app in a host that behaves as SkipMiniApp's runtime: page \
            registration, the lifecycle, setData, the navigation stack, i18n, timers on a virtual \
            clock, fetch answered from the test's replies. See docs/testing.md. Exit status: 0 when \
            every test passes, 1 when one fails, 2 for usage errors and failures outside the project.
            """)

    @Argument(
        help: "The MiniApp project folder (default: the nearest folder from here upward with a manifest.json, else .).",
        completion: .directory)
    var path: String?

    @Option(name: .long, help: "Run only the tests whose 'file › group › name' contains this text.")
    var filter: String?

    @Option(name: .long, help: "Output format: text, json or junit.")
    var format: LogicTestReport.Format = .text

    @Option(name: .long, help: "The longest one test may run, in seconds.")
    var timeout: Double = 5

    @Option(name: [.short, .long], help: "Write the report to this file instead of standard output.", completion: .file())
    var output: String?

    @Flag(name: [.short, .long], help: "Show only the failed tests and the summary (text format).")
    var quiet = false

    @Option(name: .long, help: "Colour the text report: auto (on a terminal, unless NO_COLOR is set), always or never.")
    var color: ColorChoice = .auto

    @Flag(name: .long, help: "Run the tests again whenever a file of the project changes, until interrupted.")
    var watch = false

    @Option(name: .long, help: ArgumentHelp("How often --watch looks for changes, in milliseconds.", visibility: .hidden))
    var watchInterval = 300

    func validate() throws {
        guard timeout > 0, timeout <= 3600 else { throw ValidationError("--timeout must be between 0 and 3600 seconds") }
        // The documents list every test, for the tools that read them.
        if quiet, format != .text {
            throw ValidationError("--quiet shortens the text report; --format \(format.rawValue) always lists every test")
        }
        if watch, format != .text || output != nil {
            throw ValidationError("--watch shows the text report on standard output; leave out --format and --output")
        }
    }

    func run() async throws {
        let path = ProjectLoading.projectPath(self.path)
        if watch { try await watchTests(path: path) }
        let run = try Self.runTests(path: path, filter: filter, timeout: timeout)
        let report = render(run, path: path)
        if let output {
            do throws(FileProblem.WriteFailure) {
                try FileProblem.writeWhole(Array(report.utf8), to: URL(fileURLWithPath: output), displayPath: output)
            } catch {
                throw CommandFailure(message: error.message)
            }
            // The file holds the report; the person at the terminal still sees how it went.
            Terminal.standardError(LogicTestReport.summary(run) + "\n")
        } else {
            Terminal.standardOutput(report)
        }
        if !run.succeeded { throw ExitCode(ExitStatus.projectHasErrors) }
    }

    private func render(_ run: LogicTestRun, path: String) -> String {
        // Colour only for the terminal: never in a file.
        let options = LogicTestReport.TextOptions(colored: output == nil && Terminal.shouldColor(color), quiet: quiet)
        return LogicTestReport.render(run, as: format, pathPrefix: ProjectLoading.displayPrefix(for: path), text: options)
    }

    /// `--watch`: the report, then the report again after each change, as `lint --watch` does:
    /// on a terminal the screen cleared first, in a log each report after the time it ran.
    /// A project that cannot be read is said, and watched until it can.
    private func watchTests(path: String) async throws -> Never {
        let root = URL(fileURLWithPath: path)
        let onTerminal = isatty(STDOUT_FILENO) == 1
        let watch = ProjectWatch(root: root, interval: .milliseconds(watchInterval))
        let prefix = ProjectLoading.displayPrefix(for: path)
        let shown = prefix.isEmpty ? "." : String(prefix.dropLast())
        var first = true
        func test() {
            let report: String
            do throws(ProjectSource.Failure) {
                report = render(try Self.runTests(path: path, filter: filter, timeout: timeout), path: path)
            } catch {
                report = "error: \(error.message)\n"
            }
            let watching = "\(LintWatcher.timestamp()) watching '\(shown)' for changes (Ctrl-C to stop)\n"
            if first {
                Terminal.standardOutput(report + watching)
            } else if onTerminal {
                Terminal.standardOutput("\u{1B}[2J\u{1B}[H" + report + watching)
            } else {
                Terminal.standardOutput("\(LintWatcher.timestamp()) change detected; tested again:\n" + report)
            }
            first = false
        }
        test()
        try await watch.onEachChange { test() }
    }

    /// The project's tests, run once.
    static func runTests(path: String, filter: String?, timeout: Double) throws(ProjectSource.Failure) -> LogicTestRun {
        try TestSession(source: ProjectSource(path: path), options: .init(timeLimitSeconds: timeout, filter: filter)).run()
    }
}

extension LogicTestReport.Format: ExpressibleByArgument {}
