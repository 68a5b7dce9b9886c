import Foundation
import MiniAppKitTestProcess
#if canImport(Glibc)
import Glibc
#endif

/// A server the tests start that says where it listens in its first line of output:
/// `mactl serve`, `mactl catalog serve`, Python's `http.server`. Stopped by `stop()`.
final class ListeningProcess {
    let process: TestProcess.Running
    /// `http://127.0.0.1:<port>/`, from the first line.
    let url: String

    init(_ executable: URL, _ arguments: [String], in folder: URL? = nil) async throws {
        process = try await TestProcess.start(executable, arguments, in: folder)
        let address = try? await process.waitFor(within: .seconds(60), what: "the address it listens on") { output in
            output.text(.output).firstMatch(of: /http:\/\/127\.0\.0\.1:[0-9]+\//).map { String($0.output) }
        }
        guard let address else {
            process.stop()
            throw WebDriver.Failure(
                description: "\(arguments.joined(separator: " ")) printed \(process.standardOutput)\(process.standardError)")
        }
        url = address
    }

    /// `mactl <arguments>`.
    convenience init(mactl arguments: [String], in folder: URL) async throws {
        try await self.init(CLIRunner.executable, arguments, in: folder)
    }

    var port: Int { Int(url.split(separator: ":").last!.dropLast())! }

    var isRunning: Bool { process.isRunning }

    /// Kills it (and what it started) at once; the test never waits on a server to stop.
    func stop() { process.stop() }

    /// Sends `signal` (SIGINT, SIGTERM) and waits up to `seconds` for the process to end: its
    /// exit status, nil when it did not end (then it is killed), and what it printed after its
    /// first line.
    func interrupt(_ signal: Int32, seconds: Int = 15) async -> (status: Int32?, output: String) {
        guard let outcome = try? await process.interrupt(signal, grace: .seconds(seconds)) else { return (nil, "") }
        return (outcome.status, String(outcome.standardOutput.drop { $0 != "\n" }.dropFirst()))
    }

    /// A request to the server: its status, its body as text and as bytes.
    func request(_ method: String, _ path: String, headers: [String] = []) throws -> (status: Int, body: String, bytes: [UInt8]) {
        let (data, status) = try WebDriver.send(method, port: port, path: path, body: Data(), headers: headers)
        return (status, String(decoding: data, as: UTF8.self), [UInt8](data))
    }
}

extension CLIRunner {
    /// Rewrites a test's copy of a project file with one text replaced.
    static func replace(_ text: String, with replacement: String, in file: URL) throws {
        try String(contentsOf: file, encoding: .utf8).replacingOccurrences(of: text, with: replacement).write(
            to: file, atomically: true, encoding: .utf8)
    }
}
