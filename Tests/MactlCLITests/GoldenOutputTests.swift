import Foundation
import Testing
import MiniAppKitGoldenFiles
import MiniAppKitTestSupport

/// Output a user or a tool reads, pinned: every command's `--help`, the build report of the
/// showcase and `verify`'s JSON document. Re-record with `MACTL_RECORD_SNAPSHOTS=1`.
struct GoldenOutputTests {
    static let commands = ["", "new", "new page", "lint", "pack", "inspect", "verify", "keygen", "rules", "explain"]

    /// A default stated in an option's help text and again by ArgumentParser reads twice.
    @Test(arguments: commands)
    func helpStatesEachDefaultOnce(command: String) async throws {
        let result = try await CLIRunner.run(command.split(separator: " ").map(String.init) + ["--help"], environment: ["COLUMNS": "100"])
        let text = result.standardOutput.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        let doubled = try NSRegularExpression(pattern: #"\(default: ([^)]*)\)\.? \(default: \1\)"#)
        #expect(doubled.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) == nil, "\(text)")
    }

    @Test(arguments: commands)
    func helpIsPinned(command: String) async throws {
        let arguments = command.split(separator: " ").map(String.init) + ["--help"]
        let result = try await CLIRunner.run(arguments, environment: ["COLUMNS": "100"])
        #expect(result.status == 0)
        assertMatchesGolden(
            result.standardOutput, "help-\(command.isEmpty ? "mactl" : command.replacingOccurrences(of: " ", with: "-")).txt")
    }

    @Test func theShowcaseBuildReportAndVerifyDocumentArePinned() async throws {
        try await CLIRunner.withTemporaryFolder { folder in
            let pack = try await CLIRunner.run(
                ["pack", ShowcaseTests.showcase.path, "-o", "showcase.ma", "--report", "showcase.report.yaml"],
                in: folder, environment: ["SOURCE_DATE_EPOCH": "1700000000"])
            #expect(pack.status == 0, "\(pack.standardError)")
            let report = try String(contentsOf: folder.appendingPathComponent("showcase.report.yaml"), encoding: .utf8)
            // The stage timings are the report's last section, and the only part that varies.
            let reproducible = try #require(report.range(of: "timings_ms:")).lowerBound
            assertMatchesGolden(String(report[..<reproducible]), "showcase.report.yaml")
            let verify = try await CLIRunner.run(["verify", "showcase.ma", "--format", "json"], in: folder)
            #expect(verify.status == 0)
            assertMatchesGolden(verify.standardOutput, "showcase.verify.json")
        }
    }
}
