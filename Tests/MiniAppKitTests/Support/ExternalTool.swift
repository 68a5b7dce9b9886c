import Foundation

/// Runs a tool the setup script installs (python3, unzip) and gives its standard output. A
/// missing tool or a failing run throws: a test that needs a real reader never skips.
enum ExternalTool {
    struct Failed: Error, CustomStringConvertible {
        var description: String
    }

    static func run(_ tool: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw Failed(description: "\(tool) exited with \(process.terminationStatus)") }
        return String(decoding: data, as: UTF8.self)
    }
}
