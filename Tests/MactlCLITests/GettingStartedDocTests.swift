import Foundation
import Testing

/// `docs/getting-started.md` shows what mactl prints today: every `$` line of its `console`
/// blocks is run literally, in order, in one empty folder, with the built `mactl` first on
/// the PATH, and what it prints (standard output and error together) must be the lines under
/// it, where `…` stands for any text within a line and a line that is only `…` for any lines.
struct GettingStartedDocTests {
    struct Step {
        var command: String
        var expected: [String]
    }

    static let document = CLIRunner.packageRoot.appendingPathComponent("docs/getting-started.md")

    /// The `$` lines of the `console` blocks, each with the lines under it.
    static func steps(in markdown: String) -> [Step] {
        var steps: [Step] = []
        var inConsole = false
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("```") {
                inConsole = !inConsole && line == "```console"
                continue
            }
            guard inConsole else { continue }
            if line.hasPrefix("$ ") {
                steps.append(Step(command: String(line.dropFirst(2)), expected: []))
            } else if !steps.isEmpty {
                steps[steps.count - 1].expected.append(line)
            }
        }
        return steps
    }

    /// Whether `output` is the expected lines, `…` matching any text in a line and a line of
    /// `…` alone any number of lines.
    static func matches(_ output: [String], _ expected: [String]) -> Bool {
        guard let first = expected.first else { return output.isEmpty }
        if first == "…" {
            return (0...output.count).contains { matches(Array(output.dropFirst($0)), Array(expected.dropFirst())) }
        }
        guard let line = output.first else { return false }
        let pattern = "^" + first.components(separatedBy: "…").map(NSRegularExpression.escapedPattern(for:)).joined(separator: ".*") + "$"
        guard line.range(of: pattern, options: .regularExpression) != nil else { return false }
        return matches(Array(output.dropFirst()), Array(expected.dropFirst()))
    }

    @Test func everyCommandPrintsWhatTheDocumentShows() async throws {
        let steps = Self.steps(in: try String(contentsOf: Self.document, encoding: .utf8))
        #expect(steps.count >= 10)
        try await CLIRunner.withTemporaryFolder { folder in
            var current = folder
            let path =
                CLIRunner.executable.deletingLastPathComponent().path + ":"
                + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
            for step in steps {
                if step.command.hasPrefix("cd ") {
                    current = current.appendingPathComponent(String(step.command.dropFirst(3)))
                    #expect(step.expected.isEmpty)
                    continue
                }
                let result = try await CLIRunner.run(
                    ["-c", step.command + " 2>&1"], in: current, environment: ["PATH": path], executable: URL(fileURLWithPath: "/bin/bash"))
                var lines = result.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                if lines.last == "" { lines.removeLast() }
                #expect(Self.matches(lines, step.expected), "$ \(step.command)\n\(result.standardOutput)")
            }
        }
    }
}
