import Foundation
import MiniAppKitTestProcess

/// Runs a program and reports how it ended and the most memory it held; a program still
/// running after `hangLimit` seconds is killed (SIGKILL), so a hang fails its test instead of
/// stalling the suite. How fast a run is belongs to the benchmarks (`Benchmarks/hostile-corpus.sh`).
///
/// A small Python parent forks, and the child changes folder and execs the program; the
/// parent's `wait4` gives the exit status or signal and the child's `ru_maxrss`. The fork
/// matters: Foundation's `Process` and `posix_spawn` start children that share the test
/// process's memory until exec, and Linux then reports the test process's peak as the
/// child's. Output goes to files, so a chatty child cannot block on a full pipe.
struct BoundedProcess {
    struct Outcome {
        /// The exit status, or nil when a signal ended the process.
        var status: Int32?
        var signal: Int32?
        var seconds: Double
        /// Peak resident set size in bytes.
        var peakMemory: Int
        var standardOutput: String
        var standardError: String
    }

    static let wrapper = """
        import os, signal, sys, time
        limit, directory, out, err, program = sys.argv[1:6]
        start = time.monotonic()
        pid = os.fork()
        if pid == 0:
            os.chdir(directory)
            os.dup2(os.open(out, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), 1)
            os.dup2(os.open(err, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), 2)
            os.environ["NO_COLOR"] = "1"
            os.execv(program, [program] + sys.argv[6:])
        signal.signal(signal.SIGALRM, lambda *_: os.kill(pid, signal.SIGKILL))
        signal.alarm(int(limit))
        _, status, usage = os.wait4(pid, 0)
        seconds = time.monotonic() - start
        signal = os.WTERMSIG(status) if os.WIFSIGNALED(status) else 0
        code = os.WEXITSTATUS(status) if os.WIFEXITED(status) else -1
        print(code, signal, seconds, usage.ru_maxrss * 1024)
        """

    static func run(_ executable: URL, _ arguments: [String], in directory: URL, hangLimit: Int = 300) async throws -> Outcome {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("mactl-bounded-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let outputURL = scratch.appendingPathComponent("stdout")
        let errorURL = scratch.appendingPathComponent("stderr")

        // The wrapper kills the program at `hangLimit`; TestProcess's own deadline, a minute
        // later, covers a hang of the wrapper itself.
        let report = try await TestProcess.run(
            tool: "python3",
            ["-c", wrapper, String(hangLimit), directory.path, outputURL.path, errorURL.path, executable.path] + arguments,
            timeout: .seconds(hangLimit + 60))
        let fields = report.standardOutput.split(separator: " ").map {
            String($0).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        guard fields.count == 4, let code = Int32(fields[0]), let signal = Int32(fields[1]),
            let seconds = Double(fields[2]), let memory = Int(fields[3])
        else {
            throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "the process wrapper reported '\(fields)'"])
        }
        return Outcome(
            status: signal == 0 ? code : nil, signal: signal == 0 ? nil : signal, seconds: seconds, peakMemory: memory,
            standardOutput: (try? String(contentsOf: outputURL, encoding: .utf8)) ?? "",
            standardError: (try? String(contentsOf: errorURL, encoding: .utf8)) ?? "")
    }
}
