import Foundation
import MiniAppKitGoldenFiles
import MiniAppKitTestProcess
import Testing

/// `mactl lsp` driven as an editor drives it: pygls's LanguageClient (PyPI, installed by
/// scripts/fetch-lsp-client.sh) runs Tests/Fixtures/lsp-client/editor_session.py on a fresh
/// scaffold: a typo's diagnostic at its range, its quick fix applied and the diagnostic
/// cleared, go to the handler's definition, an i18n key completed and hovered, a handler
/// renamed in the script reported in the template, a manifest that does not parse, and the
/// exit status after shutdown. What the server answered is compared whole with the golden
/// transcript `lsp-editor-session.json`.
@Suite struct LanguageServerClientTests {
    /// Where scripts/fetch-lsp-client.sh installs the client.
    static var clientFolder: URL {
        let environment = ProcessInfo.processInfo.environment
        if let folder = environment["MACTL_LSP_CLIENT"] { return URL(fileURLWithPath: folder) }
        let data =
            environment["XDG_DATA_HOME"].map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".local/share")
        return data.appendingPathComponent("mactl/lsp-client")
    }

    @Test func anEditorSessionOnAScaffold() async throws {
        let client = Self.clientFolder
        try #require(
            FileManager.default.fileExists(atPath: client.appendingPathComponent("pygls").path),
            "the LSP client is not installed in \(client.path); run scripts/fetch-lsp-client.sh")
        try await CLIRunner.withTemporaryFolder { folder in
            let app = folder.appendingPathComponent("app")
            let scaffold = try await CLIRunner.run(["new", app.path, "--name", "Demo", "--app-id", "org.example.demo"])
            try #require(scaffold.status == 0, "\(scaffold.standardError)")
            let session = try await TestProcess.run(
                tool: "python3",
                [
                    CLIRunner.packageRoot.appendingPathComponent("Tests/Fixtures/lsp-client/editor_session.py").path,
                    CLIRunner.executable.path, app.path,
                ],
                environment: ["PYTHONPATH": client.path, "MACTL_CACHE_DIR": CLIRunner.cacheFolder.path], timeout: .seconds(180))
            try #require(session.status == 0, "the editor session failed:\n\(session.standardError)")
            assertMatchesGolden(session.standardOutput, "lsp-editor-session.json")
        }
    }
}
