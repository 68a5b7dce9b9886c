import Foundation
import Testing
import MiniAppKitTestSupport

/// Runs the built `mactl` binary, as a user would, and captures what it prints.
struct CLIRunner {
    struct Result {
        var status: Int32
        var standardOutput: String
        var standardError: String
    }

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

    /// Runs `mactl` (or another `executable`, such as a shell running a documented command).
    static func run(
        _ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:], executable: URL = executable
    ) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        var merged = ProcessInfo.processInfo.environment
        merged["NO_COLOR"] = nil
        // The lint cache of this test run, not the user's.
        merged["MACTL_CACHE_DIR"] = cacheFolder.path
        merged.merge(environment) { $1 }
        process.environment = merged
        if let directory { process.currentDirectoryURL = directory }
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        // Read before waiting so a large output cannot fill the pipe and block the child.
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus,
            standardOutput: String(decoding: outputData, as: UTF8.self),
            standardError: String(decoding: errorData, as: UTF8.self))
    }

    /// A fresh temporary folder, removed when `body` returns.
    static func withTemporaryFolder(_ body: (URL) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mactl-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try body(folder)
    }
}
