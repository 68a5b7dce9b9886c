import ArgumentParser
import Foundation
import MiniAppKit

struct Inspect: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show a .ma package's manifest, files, sizes and whether it is signed.")

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text
        case json
    }

    @Argument(help: "The package to inspect.")
    var package: String

    @Option(name: .long, help: "Output format: text or json.")
    var format: Format = .text

    func run() async throws {
        guard let data = FileManager.default.contents(atPath: package) else {
            throw CommandFailure(message: "cannot read '\(package)'")
        }
        let summary: PackageSummary
        do {
            summary = try PackageSummary.inspect([UInt8](data))
        } catch {
            // A file that is not a package is a problem with the input, as with lint.
            Terminal.standardError("error: '\(package)' is \(error.message)\n")
            throw ExitCode(ExitStatus.projectHasErrors)
        }
        Terminal.standardOutput(format == .json ? summary.json() : summary.text())
    }
}
