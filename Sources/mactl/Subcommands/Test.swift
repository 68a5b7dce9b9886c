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

    @Argument(help: "The MiniApp project folder (default: the nearest folder from here upward with a manifest.json, else .).", completion: .directory)
    var path: String?

    @Option(name: .long, help: "Run only the tests whose 'file › group › name' contains this text.")
    var filter: String?

    @Option(name: .long, help: "Output format: text, json or junit.")
    var format: LogicTestReport.Format = .text

    @Option(name: .long, help: "The longest one test may run, in seconds.")
    var timeout: Double = 5

    @Option(name: [.short, .long], help: "Write the report to this file instead of standard output.", completion: .file())
    var output: String?

    func validate() throws {
        guard timeout > 0, timeout <= 3600 else { throw ValidationError("--timeout must be between 0 and 3600 seconds") }
    }

    func run() async throws {
        let path = ProjectLoading.projectPath(self.path)
        var (project, configuration) = try ProjectLoading.load(path: path, config: nil)
        // The host is SkipMiniApp's, whatever runtime the project lints against.
        configuration.runtime = .skip
        guard let manifest = project.file(ProjectModel.manifestPath) else {
            throw CommandFailure(message: "'\(path)' has no manifest.json; give the MiniApp's folder")
        }
        guard CatalogManifest.object(manifest.bytes) != nil else {
            throw CommandFailure(message: "manifest.json is not a JSON object, so the runtime would not start the app; 'mactl lint' says where")
        }
        let model = ProjectModel(project: project, configuration: configuration)
        let run = LogicTestRunner.run(model, options: .init(timeLimitSeconds: timeout, filter: filter))
        let report = LogicTestReport.render(run, as: format, pathPrefix: ProjectLoading.displayPrefix(for: path))
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
}

extension LogicTestReport.Format: ExpressibleByArgument {}
