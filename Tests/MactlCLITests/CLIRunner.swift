import Foundation
import Testing
import MiniAppKitTestProcess
import MiniAppKitTestSupport

/// Runs the built `mactl` binary, as a user would, and captures what it prints.
struct CLIRunner {
    typealias Result = TestProcess.Outcome

    static let packageRoot = PackageRoot.url

    /// Where the mactl runs of the tests keep their lint cache: in the build folder, never the
    /// user's cache.
    static let cacheFolder = packageRoot.appendingPathComponent(".build/mactl-test-cache")
    static let fixtures = packageRoot.appendingPathComponent("Tests/Fixtures/projects")

    /// The `mactl` built beside this test bundle (the test target depends on it).
    static let executable: URL = {
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            let candidate = bundle.bundleURL.deletingLastPathComponent().appendingPathComponent("mactl")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        let testBinary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var directory = testBinary.deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("mactl")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        return packageRoot.appendingPathComponent(".build/debug/mactl")
    }()

    /// Runs `mactl` (or another `executable`, such as a shell running a documented command),
    /// killed and failing the test when it runs past `timeout`.
    static func run(
        _ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:], executable: URL = executable,
        timeout: Duration = .seconds(300)
    ) async throws -> Result {
        // The lint cache of this test run, not the user's; colour as the test asks.
        var merged: [String: String?] = ["NO_COLOR": nil, "MACTL_CACHE_DIR": cacheFolder.path]
        for (name, value) in environment { merged[name] = value }
        return try await TestProcess.run(executable, arguments, environment: merged, in: directory, timeout: timeout)
    }

    /// A fresh temporary folder, removed when `body` returns.
    static func withTemporaryFolder(_ body: (URL) async throws -> Void) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mactl-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try await body(folder)
    }
}
