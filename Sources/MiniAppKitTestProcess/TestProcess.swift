import Foundation
import Subprocess

#if canImport(System)
import System
#else
import SystemPackage
#endif

/// The one way tests launch a process. Both pipes are read at once, so a child that fills
/// one pipe while the test reads the other cannot block; a child still running at its
/// deadline is killed with its process group (anything it started) and the test fails with
/// what it had printed by then, instead of the suite hanging.
///
/// `run` is for a program that ends by itself; `start` is for one the test talks to while it
/// runs (a server, a browser driver, a `--watch` run), stopped by the test.
public enum TestProcess {
    /// How a run ended and what it printed.
    public struct Outcome: Sendable {
        /// The exit status; for a process a signal ended, 128 + the signal, as a shell says.
        public var status: Int32
        /// The signal that ended the process, nil when it exited.
        public var signal: Int32?
        public var standardOutputData: Data
        public var standardErrorData: Data
        public var standardOutput: String { String(decoding: standardOutputData, as: UTF8.self) }
        public var standardError: String { String(decoding: standardErrorData, as: UTF8.self) }
    }

    /// A run that outlived its deadline; the error's text carries what it had printed, so the
    /// failing test shows where the child stood.
    public struct TimedOut: Error, CustomStringConvertible {
        public var command: [String]
        public var timeout: Duration
        /// When the kill came, after the launch.
        public var killedAfter: Duration
        public var standardOutput: String
        public var standardError: String
        public var description: String {
            "\(command.joined(separator: " ")) was still running after \(timeout) and was killed\n"
                + "standard output so far:\n\(standardOutput)\nstandard error so far:\n\(standardError)"
        }
    }

    /// `environment` is added to the test process's own (a nil value removes a variable).
    public static func run(
        _ executable: URL, _ arguments: [String], environment: [String: String?] = [:], in directory: URL? = nil,
        input: Data? = nil, timeout: Duration = .seconds(300)
    ) async throws -> Outcome {
        let output = Output()
        await slots.acquire()
        let ended: Ended
        do {
            ended = try await launch(executable, arguments, environment, directory, input, output, timeout: timeout)
            await slots.release()
        } catch {
            await slots.release()
            throw error
        }
        if let killedAfter = ended.killedAfter {
            throw TimedOut(
                command: [executable.path] + arguments, timeout: timeout, killedAfter: killedAfter,
                standardOutput: output.text(.output), standardError: output.text(.error))
        }
        return Outcome(
            status: ended.status, signal: ended.signal, standardOutputData: output.data(.output),
            standardErrorData: output.data(.error))
    }

    /// `/usr/bin/env tool arguments`: a tool found on the `PATH`, as a shell finds it.
    public static func run(
        tool: String, _ arguments: [String], environment: [String: String?] = [:], in directory: URL? = nil,
        input: Data? = nil, timeout: Duration = .seconds(300)
    ) async throws -> Outcome {
        try await run(
            URL(fileURLWithPath: "/usr/bin/env"), [tool] + arguments, environment: environment, in: directory, input: input,
            timeout: timeout)
    }

    /// Starts a process that keeps running while the test talks to it; `stop()` ends it. It is
    /// killed at `timeout` all the same, so a test that forgets to stop it cannot hang the suite.
    public static func start(
        _ executable: URL, _ arguments: [String], environment: [String: String?] = [:], in directory: URL? = nil,
        timeout: Duration = .seconds(600)
    ) async throws -> Running {
        let output = Output()
        let identifier = ProcessID()
        let task = Task {
            do {
                return try await launch(
                    executable, arguments, environment, directory, nil, output, timeout: timeout,
                    started: { identifier.set($0) })
            } catch {
                identifier.fail(error)
                throw error
            }
        }
        // The process identifier arrives once the child exists; a launch that fails ends the
        // task with its error instead.
        while identifier.value == nil {
            if let failure = identifier.failure { throw failure }
            try await Task.sleep(for: .milliseconds(5))
        }
        return Running(command: [executable.path] + arguments, task: task, output: output, identifier: identifier)
    }

    /// How many programs `run` runs at once: as many as there are cores. Tests that wait on a
    /// program suspend instead of holding a thread, so without a bound the suite would start a
    /// program for each of its hundreds of tests at once, and the tests with time limits (the
    /// servers' idle timeouts) would fail under the load. Started processes do not count: a
    /// test runs programs while its server runs.
    private static let slots = Slots(ProcessInfo.processInfo.activeProcessorCount)

    private actor Slots {
        private var free: Int
        private var waiting: [CheckedContinuation<Void, Never>] = []
        init(_ count: Int) { free = max(count, 2) }
        func acquire() async {
            if free > 0 {
                free -= 1
                return
            }
            await withCheckedContinuation { waiting.append($0) }
        }
        func release() {
            if waiting.isEmpty { free += 1 } else { waiting.removeFirst().resume() }
        }
    }

    /// A process started with `start`.
    public final class Running: Sendable {
        public let command: [String]
        fileprivate let task: Task<Ended, any Error>
        fileprivate let output: Output
        fileprivate let identifier: ProcessID

        fileprivate init(command: [String], task: Task<Ended, any Error>, output: Output, identifier: ProcessID) {
            self.command = command
            self.task = task
            self.output = output
            self.identifier = identifier
        }

        public var processIdentifier: pid_t { identifier.value ?? 0 }
        /// What it printed so far.
        public var standardOutput: String { output.text(.output) }
        public var standardError: String { output.text(.error) }

        /// Waits until `text` is in its standard output (or standard error when `inError`),
        /// and fails, with what it printed, when it has not appeared by `deadline` or the
        /// process ended without printing it.
        public func waitFor(_ text: String, inError: Bool = false, within deadline: Duration = .seconds(60)) async throws {
            _ = try await waitFor(within: deadline, what: "'\(text)'") { output in
                output.text(inError ? .error : .output).contains(text) ? () : nil
            }
        }

        /// Waits until `find` finds something in the standard output printed so far, and returns it.
        public func waitFor<Found: Sendable>(
            within deadline: Duration = .seconds(60), what: String, _ find: @Sendable (Output) -> Found?
        ) async throws -> Found {
            let clock = ContinuousClock()
            let end = clock.now + deadline
            while true {
                if let found = find(output) { return found }
                let ended = output.isClosed
                if ended || clock.now >= end {
                    throw NotPrinted(
                        command: command, awaited: what, ended: ended, deadline: deadline,
                        standardOutput: standardOutput, standardError: standardError)
                }
                try await Task.sleep(for: .milliseconds(20))
            }
        }

        /// Sends `signal` to the process alone and waits for it to end by itself: how it ended.
        /// A process still running after `grace` is killed, and that is an error.
        public func interrupt(_ signal: Int32, grace: Duration = .seconds(15)) async throws -> Outcome {
            kill(processIdentifier, signal)
            let killer = Task {
                try await Task.sleep(for: grace)
                kill(-processIdentifier, SIGKILL)
            }
            defer { killer.cancel() }
            let ended = try await task.value
            if ended.signal == SIGKILL && signal != SIGKILL {
                throw TimedOut(
                    command: command, timeout: grace, killedAfter: grace, standardOutput: standardOutput,
                    standardError: standardError)
            }
            return outcome(ended)
        }

        /// Kills the process and its process group without waiting, so a `defer` can stop it;
        /// `ended()` waits for the end.
        public func stop() {
            if let pid = identifier.value { kill(-pid, SIGKILL) }
        }

        /// Waits for the process to end (after `stop()`, or by itself): how it ended.
        public func ended() async throws -> Outcome {
            outcome(try await task.value)
        }

        /// Whether it still runs: its output is still open.
        public var isRunning: Bool { !output.isClosed }

        private func outcome(_ ended: Ended) -> Outcome {
            Outcome(
                status: ended.status, signal: ended.signal, standardOutputData: output.data(.output),
                standardErrorData: output.data(.error))
        }
    }

    /// What a started process had not printed when the test stopped waiting.
    public struct NotPrinted: Error, CustomStringConvertible {
        public var command: [String]
        public var awaited: String
        public var ended: Bool
        public var deadline: Duration
        public var standardOutput: String
        public var standardError: String
        public var description: String {
            "\(command.joined(separator: " ")) "
                + (ended ? "ended without printing \(awaited)" : "did not print \(awaited) within \(deadline)")
                + "\nstandard output so far:\n\(standardOutput)\nstandard error so far:\n\(standardError)"
        }
    }

    /// Both streams as they arrive, readable while the process runs.
    public final class Output: @unchecked Sendable {
        public enum Stream: Sendable { case output, error }
        private let lock = NSLock()
        private var bytes: [Stream: Data] = [.output: Data(), .error: Data()]
        private var closed = false

        fileprivate init() {}

        public func data(_ stream: Stream) -> Data { lock.withLock { bytes[stream]! } }
        public func text(_ stream: Stream) -> String { String(decoding: data(stream), as: UTF8.self) }
        fileprivate func append(_ buffer: borrowing SubprocessOutputSequence.Buffer, to stream: Stream) {
            let chunk = buffer.withUnsafeBytes { Data($0) }
            lock.withLock { bytes[stream]!.append(chunk) }
        }
        fileprivate var isClosed: Bool { lock.withLock { closed } }
        fileprivate func close() { lock.withLock { closed = true } }
    }

    fileprivate final class ProcessID: @unchecked Sendable {
        private let lock = NSLock()
        private var pid: pid_t?
        private var error: (any Error)?
        var value: pid_t? { lock.withLock { pid } }
        var failure: (any Error)? { lock.withLock { error } }
        func set(_ value: pid_t) { lock.withLock { pid = value } }
        func fail(_ error: any Error) { lock.withLock { self.error = error } }
    }

    fileprivate struct Ended: Sendable {
        var status: Int32
        var signal: Int32?
        /// When the deadline's kill came, after the launch; nil when it did not.
        var killedAfter: Duration?
    }

    /// The deadline's thread waits on it; the run cancels it when the child is done.
    private final class Deadline: @unchecked Sendable {
        private let condition = NSCondition()
        private var after: Duration?
        private var cancelled = false
        var killedAfter: Duration? { condition.withLock { after } }
        func fire(after elapsed: Duration) { condition.withLock { after = elapsed } }
        func cancel() {
            condition.withLock {
                cancelled = true
                condition.broadcast()
            }
        }
        /// True when `date` came before a cancel.
        func wait(until date: Date) -> Bool {
            condition.lock()
            defer { condition.unlock() }
            while !cancelled {
                if !condition.wait(until: date) { return !cancelled }
            }
            return false
        }
    }

    /// Runs the child in a process group of its own, reads both pipes into `output` until
    /// both close, and kills the group at `timeout`.
    private static func launch(
        _ executable: URL, _ arguments: [String], _ environment: [String: String?], _ directory: URL?, _ input: Data?,
        _ output: Output, timeout: Duration, started: @escaping @Sendable (pid_t) -> Void = { _ in }
    ) async throws -> Ended {
        let clock = ContinuousClock()
        let launched = clock.now
        var merged = ProcessInfo.processInfo.environment
        for (name, value) in environment { merged[name] = value }
        var keyed: [Environment.Key: String] = [:]
        for (name, value) in merged {
            if let key = Environment.Key(rawValue: name) { keyed[key] = value }
        }
        var options = PlatformOptions()
        // Its own group, so a timeout also kills what the child started (a shell's commands,
        // a browser's helpers).
        options.processGroupID = 0
        let result = try await Subprocess.run(
            .path(FilePath(executable.path)), arguments: Arguments(arguments), environment: .custom(keyed),
            workingDirectory: directory.map { FilePath($0.path) }, platformOptions: options, input: .data(input ?? Data()),
            output: .sequence, error: .sequence
        ) { execution in
            let pid = execution.processIdentifier.value
            started(pid)
            defer { output.close() }
            // The kill comes from a thread of its own, not a task or a Dispatch queue: while the
            // suite's synchronous tests hold the shared threads, those wake long after the deadline.
            let deadline = Deadline()
            Thread {
                if deadline.wait(until: Date().addingTimeInterval(Double(timeout.components.seconds))) {
                    deadline.fire(after: clock.now - launched)
                    kill(-pid, SIGKILL)
                }
            }.start()
            defer { deadline.cancel() }
            try await withThrowingTaskGroup(of: Bool.self) { group in
                group.addTask {
                    for try await chunk in execution.standardOutput { output.append(chunk, to: .output) }
                    return false
                }
                group.addTask {
                    for try await chunk in execution.standardError { output.append(chunk, to: .error) }
                    return false
                }
                // Once the group is dead the pipes close; a grandchild that left the group may
                // hold them open, so the readers are given up a little after the deadline.
                group.addTask {
                    try await Task.sleep(for: timeout + .seconds(5))
                    return true
                }
                var closedPipes = 0
                while let givenUp = try await group.next() {
                    closedPipes += givenUp ? 2 : 1
                    if closedPipes >= 2 {
                        group.cancelAll()
                        return
                    }
                }
            }
            return deadline.killedAfter
        }
        let killedAfter = result.closureResult
        switch result.terminationStatus {
        case .exited(let code): return Ended(status: code, signal: nil, killedAfter: killedAfter)
        case .signaled(let signal): return Ended(status: 128 + signal, signal: signal, killedAfter: killedAfter)
        }
    }
}
