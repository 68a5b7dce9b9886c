import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A server the tests start that says where it listens in its first line of output:
/// `mactl serve`, `mactl catalog serve`, Python's `http.server`. Stopped by `stop()`.
final class ListeningProcess {
    let process = Process()
    /// `http://127.0.0.1:<port>/`, from the first line.
    let url: String
    private let output = Pipe()

    init(_ executable: URL, _ arguments: [String], in folder: URL? = nil) throws {
        process.executableURL = executable
        process.arguments = arguments
        if let folder { process.currentDirectoryURL = folder }
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let byte = output.fileHandleForReading.readData(ofLength: 1)
            if byte.isEmpty { break }
            line += byte
        }
        let text = String(decoding: line, as: UTF8.self)
        guard let range = text.range(of: "http://127\\.0\\.0\\.1:[0-9]+/", options: .regularExpression) else {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            throw WebDriver.Failure(description: "\(arguments.joined(separator: " ")) printed \(text)")
        }
        url = String(text[range])
    }

    /// `mactl <arguments>`.
    convenience init(mactl arguments: [String], in folder: URL) throws {
        try self.init(CLIRunner.executable, arguments, in: folder)
    }

    var port: Int { Int(url.split(separator: ":").last!.dropLast())! }

    /// SIGKILL: the test process passes on the signals it blocks, SIGTERM among them, so a
    /// child such as Python would not see a SIGTERM.
    func stop() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// Sends `signal` (SIGINT, SIGTERM) and waits up to `seconds` for the process to end: its
    /// exit status, nil when it did not end (then it is killed), and what it printed after its
    /// first line.
    func interrupt(_ signal: Int32, seconds: Double = 15) -> (status: Int32?, output: String) {
        kill(process.processIdentifier, signal)
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning, Date() < deadline { usleep(20_000) }
        guard !process.isRunning else {
            stop()
            return (nil, "")
        }
        return (process.terminationStatus, String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
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
