import Foundation
import Testing

/// `mactl list-apps`, which the SwiftPM command plugin runs to find the MiniApps of a package
/// (a plugin cannot use the library, so it asks the tool).
struct ListAppsCommandTests {
    @Test func printsEveryMiniAppFolderOneALineAndSkipsWhatTheLoaderSkips() async throws {
        try await CLIRunner.withTemporaryFolder { folder in
            for app in ["Sources/Host/b", "Sources/Host/a", "node_modules/m", "Tests/Fixtures/broken"] {
                #expect(try await CLIRunner.run(["new", folder.appendingPathComponent(app).path]).status == 0)
            }
            let result = try await CLIRunner.run(["list-apps", "."], in: folder)
            #expect(result.status == 0)
            #expect(result.standardError == "")
            let root = folder.standardizedFileURL.path
            #expect(result.standardOutput == "\(root)/Sources/Host/a\n\(root)/Sources/Host/b\n")
        }
    }

    @Test func isHiddenFromTheHelp() async throws {
        let result = try await CLIRunner.run(["--help"])
        #expect(!result.standardOutput.contains("list-apps"))
    }
}
