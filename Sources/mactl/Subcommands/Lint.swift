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

    @Argument(help: "The MiniApp project folder.")
    var path: String = "."

    @Option(name: .long, help: "Use this configuration file instead of the nearest .mactl.yml.")
    var config: String?

    @OptionGroup var outputOptions: OutputOptions

    @Option(name: [.short, .long], help: "Write the diagnostics to this file instead of standard output.")
    var output: String?

    func run() async throws {
        let result = try ProjectLoading.lint(path: path, config: config)
        let report = DiagnosticReport(result, pathPrefix: Self.displayPrefix(for: path))
        try outputOptions.emit(outputOptions.format.renderer(colored: outputOptions.colored(writingTo: output)).render(report), to: output)
        if result.fails(strict: outputOptions.strict) { throw ExitCode(ExitStatus.projectHasErrors) }
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
