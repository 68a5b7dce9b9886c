import ArgumentParser
import Foundation
import MiniAppKit

extension OutputFormat: ExpressibleByArgument {}
extension ColorChoice: ExpressibleByArgument {}

/// How diagnostics are shown; shared by every command that reports diagnostics.
struct RenderingOptions: ParsableArguments {
    @Option(name: .long, help: "Output format.")
    var format: OutputFormat = .text

    @Option(name: .long, help: "Colour the text output: auto (on a terminal, unless NO_COLOR is set), always or never.")
    var color: ColorChoice = .auto

    /// The renderer for what goes to `fileDescriptor`, or to the file `output`: colour only
    /// for text on a terminal that wants it, never in a file.
    func renderer(writingTo output: String? = nil, fileDescriptor: Int32 = STDOUT_FILENO) -> any DiagnosticRenderer {
        format.renderer(colored: output == nil && format == .text && Terminal.shouldColor(color, fileDescriptor: fileDescriptor))
    }
}

/// How diagnostics are shown and when they fail the command; shared by the commands that
/// lint a project.
struct OutputOptions: ParsableArguments {
    @OptionGroup var rendering: RenderingOptions

    @Flag(name: .long, help: "Fail on warnings too.")
    var strict = false

    @Flag(
        name: [.short, .long],
        help: "Show only what fails the command (errors; warnings too with --strict), without the i18n coverage table.")
    var quiet = false

    var format: OutputFormat { rendering.format }

    /// The report as shown: with `--quiet`, what fails the command and nothing else (no note,
    /// no coverage table, no warning unless --strict makes warnings fail it), counting the rest.
    func shown(_ report: DiagnosticReport) -> DiagnosticReport {
        quiet ? report.onlyFailing(strict: strict) : report
    }

    /// Writes the rendered diagnostics to `output`, or standard output. A file is written
    /// whole or not at all (temporary file, then rename).
    func emit(_ text: String, to output: String?) throws {
        guard let output else {
            Terminal.standardOutput(text)
            return
        }
        do throws(FileProblem.WriteFailure) {
            try FileProblem.writeWhole(Array(text.utf8), to: URL(fileURLWithPath: output), displayPath: output)
        } catch {
            throw CommandFailure(message: error.message)
        }
    }
}
