import Foundation
import Testing

/// The README's "Commands" block is what a new user types first: every line of it runs, in
/// order, in one empty folder with the built `mactl` first on the PATH, and exits 0. That is
/// the whole first hour, `new` to `publish` and `catalog verify`, on a fresh scaffold (a
/// scaffold's version code is 1, which `publish` once refused).
struct ReadmeCommandsTests {
    static let readme = CLIRunner.packageRoot.appendingPathComponent("README.md")

    /// The command lines of the first `sh` block under "## Commands", comments removed.
    static func commands(in markdown: String) -> [String] {
        let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let heading = lines.firstIndex(of: "## Commands"),
            let start = lines[heading...].firstIndex(of: "```sh"),
            let end = lines[(start + 1)...].firstIndex(of: "```")
        else { return [] }
        return lines[(start + 1)..<end].map { line in
            let withoutComment = line.range(of: "  #").map { String(line[..<$0.lowerBound]) } ?? line
            return withoutComment.trimmingCharacters(in: .whitespaces)
        }.filter { !$0.isEmpty }
    }

    /// Servers run until stopped; `ServeCommandTests`, `CatalogCommandTests` and
    /// `LanguageServerClientTests` start them. The
    /// screenshots need Chromium and take a minute; `PackScreenshotsTests` runs them. The
    /// plugin's lines need a SwiftPM package; `scripts/plugin-test.sh` runs the plugin.
    static func isRunHere(_ command: String) -> Bool {
        !command.hasPrefix("mactl serve ") && !command.hasPrefix("mactl catalog serve ") && command != "mactl lsp"
            && !command.contains("--screenshots")
            && !command.hasPrefix("swift package ")
    }

    @Test func everyCommandOfTheReadmeRunsOnAFreshScaffold() async throws {
        let all = Self.commands(in: try String(contentsOf: Self.readme, encoding: .utf8))
        let commands = all.filter(Self.isRunHere)
        // The block's own sequence, so a change to the README cannot make this test run nothing.
        #expect(all.count == 21)
        #expect(commands.first == "mactl new demo")
        #expect(
            commands.suffix(3) == [
                "mactl verify demo/dist/*.ma --cert key.cert.pem --require-signature",
                "mactl publish demo/dist/*.ma --catalog catalog --cert key.cert.pem",
                "mactl catalog verify catalog",
            ])
        try await CLIRunner.withTemporaryFolder { folder in
            let path =
                CLIRunner.executable.deletingLastPathComponent().path + ":"
                + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
            for command in commands {
                let result = try await CLIRunner.run(
                    ["-c", command + " 2>&1"], in: folder, environment: ["PATH": path], executable: URL(fileURLWithPath: "/bin/bash"))
                #expect(result.status == 0, "\(command)\n\(result.standardOutput)")
                if result.status != 0 { return }
            }
            let versions = try String(
                contentsOf: folder.appendingPathComponent("catalog/apps/com.example.demo/versions.json"), encoding: .utf8)
            #expect(versions.contains("\"code\": 1,"))
        }
    }
}
