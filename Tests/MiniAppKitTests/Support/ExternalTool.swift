import Foundation
import MiniAppKitTestProcess

/// Runs a tool the setup script installs (python3, unzip) and gives its standard output. A
/// missing tool or a failing run throws: a test that needs a real reader never skips.
enum ExternalTool {
    struct Failed: Error, CustomStringConvertible {
        var description: String
    }

    static func run(_ tool: String, _ arguments: [String]) async throws -> String {
        let result = try await TestProcess.run(tool: tool, arguments)
        guard result.status == 0 else { throw Failed(description: "\(tool) exited with \(result.status): \(result.standardError)") }
        return result.standardOutput
    }
}
