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

    @Argument(help: "The package to inspect.", completion: .file(extensions: ["ma"]))
    var package: String

    @Option(name: .long, help: "Output format.")
    var format: Format = .text

    func run() async throws {
        let bytes = try PackageFile.readOrExit(package) { failure in "\(package): error: \(failure.message) [\(failure.id)]" }
        let summary: PackageSummary
        do throws(ArchiveError) {
            summary = try PackageSummary.inspect(bytes)
        } catch {
            // A file that is not a package is a problem with the input, as with lint.
            Terminal.standardError("\(package): error: \(error.message)\n")
            throw ExitCode(ExitStatus.projectHasErrors)
        }
        Terminal.standardOutput(format == .json ? summary.json() : summary.text())
    }
}
