import Foundation
import MiniAppKitTestProcess
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The launcher every test uses: a chatty child cannot block it, a hung one is killed at its
/// deadline, and how each ended is reported exactly.
struct TestProcessTests {
    /// 200 KB on each pipe is more than a pipe holds (64 KB): a launcher that read one stream to
    /// its end before the other would wait forever on a child blocked writing the other.
    @Test func aChildFillingBothPipesCompletes() async throws {
        let script = "import sys; sys.stderr.write('e' * 200_000); sys.stdout.write('o' * 200_000)"
        let outcome = try await TestProcess.run(tool: "python3", ["-c", script], timeout: .seconds(60))
        #expect(outcome.status == 0)
        #expect(outcome.signal == nil)
        #expect(outcome.standardOutputData == Data(repeating: UInt8(ascii: "o"), count: 200_000))
        #expect(outcome.standardErrorData == Data(repeating: UInt8(ascii: "e"), count: 200_000))
    }

    /// The child and what it started (here a `sleep` under a shell) are killed at the deadline,
    /// and the error carries what was printed before it. The kill's time is the launcher's own
    /// measure: the test's wall clock also counts the time the suite's other tests hold every
    /// thread, which has reached a minute here.
    @Test func aChildPastItsTimeoutIsKilledAndReported() async throws {
        let marker = FileManager.default.temporaryDirectory.appendingPathComponent("test-process-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: marker) }
        let script = "echo started; echo warming >&2; sleep 600 & echo $! > '\(marker.path)'; wait"
        let error = await #expect(throws: TestProcess.TimedOut.self) {
            _ = try await TestProcess.run(URL(fileURLWithPath: "/bin/sh"), ["-c", script], timeout: .seconds(2))
        }
        #expect(error?.standardOutput == "started\n")
        #expect(error?.standardError == "warming\n")
        #expect(error?.timeout == .seconds(2))
        // Not before the deadline, and long before the `sleep` would end: how soon after the
        // deadline depends on the machine's load (CI's took more than 5 s once).
        #expect(error.map { $0.killedAfter >= .seconds(2) && $0.killedAfter < .seconds(120) } == true, "\(String(describing: error))")
        #expect(error?.description.hasPrefix("/bin/sh -c \(script) was still running after 2.0 seconds and was killed\n") == true)
        // The shell's `sleep` was in the child's process group, so it is gone too.
        let sleeper = try #require(pid_t(String(contentsOf: marker, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
        var stillThere = true
        for _ in 0..<100 where stillThere {
            stillThere = kill(sleeper, 0) == 0 && !Self.isZombie(sleeper)
            if stillThere { try await Task.sleep(for: .milliseconds(20)) }
        }
        #expect(!stillThere)
    }

    @Test func exitStatusesAndSignalsAreReported() async throws {
        let exited = try await TestProcess.run(URL(fileURLWithPath: "/bin/sh"), ["-c", "exit 3"], timeout: .seconds(30))
        #expect(exited.status == 3)
        #expect(exited.signal == nil)
        let killed = try await TestProcess.run(URL(fileURLWithPath: "/bin/sh"), ["-c", "kill -KILL $$"], timeout: .seconds(30))
        #expect(killed.signal == SIGKILL)
        #expect(killed.status == 128 + SIGKILL)
    }

    @Test func inputEnvironmentAndFolderReachTheChild() async throws {
        let folder = FileManager.default.temporaryDirectory.resolvingSymlinksInPath()
        let outcome = try await TestProcess.run(
            URL(fileURLWithPath: "/bin/sh"), ["-c", "cat; echo \"$TEST_PROCESS_VALUE\"; pwd; echo ${HOME-unset}"],
            environment: ["TEST_PROCESS_VALUE": "given", "HOME": nil], in: folder, input: Data("from stdin\n".utf8),
            timeout: .seconds(30))
        #expect(outcome.standardOutput == "from stdin\ngiven\n\(folder.path)\nunset\n")
    }

    /// A started process is waited on by what it prints, and stopped by the test.
    @Test func aStartedProcessIsWaitedOnAndStopped() async throws {
        let running = try await TestProcess.start(
            URL(fileURLWithPath: "/bin/sh"), ["-c", "echo ready; sleep 30; echo never"], timeout: .seconds(60))
        try await running.waitFor("ready\n", within: .seconds(20))
        #expect(running.isRunning)
        running.stop()
        let stopped = try await running.ended()
        #expect(stopped.signal == SIGKILL)
        #expect(stopped.standardOutput == "ready\n")
        #expect(!running.isRunning)
        do {
            try await running.waitFor("never", within: .seconds(1))
            Issue.record("a stopped process printed what it never reached")
        } catch let error as TestProcess.NotPrinted {
            #expect(error.ended)
            #expect(error.description.hasPrefix("/bin/sh -c echo ready; sleep 30; echo never ended without printing 'never'\n"))
        }
    }

    @Test func aProgramThatDoesNotExistIsAnError() async throws {
        await #expect(throws: (any Error).self) {
            _ = try await TestProcess.run(URL(fileURLWithPath: "/nonexistent/program"), [], timeout: .seconds(10))
        }
    }

    /// A killed process stays in the table until its parent reaps it; `kill(pid, 0)` still
    /// finds it then.
    private static func isZombie(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return true }
        return stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).hasPrefix("Z")
    }
}
