import Foundation
import Testing

/// `project-private-key` as a user meets it: a key pack would ship stops `lint` and `pack`
/// and names the file; so does a key pack leaves out; an excluded key, or one where the
/// project walk never looks, is not reported.
struct PrivateKeyCommandTests {
    private func withApp(_ body: (URL) async throws -> Void) async throws {
        try await CLIRunner.withTemporaryFolder { folder in
            let app = folder.appendingPathComponent("shop")
            #expect(try await CLIRunner.run(["new", app.path, "--template", "blank"]).status == 0)
            try await body(app)
        }
    }

    @Test func aKeyPackWouldShipIsAnErrorAndNothingIsPacked() async throws {
        try await withApp { app in
            try FileManager.default.createDirectory(at: app.appendingPathComponent("common"), withIntermediateDirectories: true)
            #expect(try await CLIRunner.run(["keygen", "common/signing.pem"], in: app).status == 0)
            let lint = try await CLIRunner.run(["lint"], in: app)
            #expect(lint.status == 1)
            #expect(
                lint.standardOutput == """
                    common/signing.pem:1:1: error: 'common/signing.pem' holds a private key (PEM 'PRIVATE KEY') and would ship inside the package, where anyone can read it; move it out of the project, or list it under 'exclude:' in '.mactl.yml' [project-private-key]
                    1 | -----BEGIN PRIVATE KEY-----
                      | ^~~~~~~~~~~~~~~~~~~~~~~~~~~
                    i18n coverage (default locale 'en', 2 keys):
                      en  2 present, 0 missing, 0 extra
                    1 error, 0 warnings and 0 notes in 11 files

                    """)
            let pack = try await CLIRunner.run(["pack"], in: app)
            #expect(pack.status == 1)
            #expect(pack.standardOutput.hasPrefix("common/signing.pem:1:1: error: 'common/signing.pem' holds a private key"))
            #expect(!FileManager.default.fileExists(atPath: app.appendingPathComponent("dist").path))
        }
    }

    /// A key pasted into a page's script ships with the script: the diagnostic points at it.
    @Test func aKeyInAScriptIsFoundWhereItStarts() async throws {
        try await withApp { app in
            let key = try await CLIRunner.run(["keygen", "../key.pem"], in: app)
            #expect(key.status == 0)
            let pem = try String(contentsOf: app.deletingLastPathComponent().appendingPathComponent("key.pem"), encoding: .utf8)
            let script = "const key = '" + pem.replacingOccurrences(of: "\n", with: "\\n") + "';\nPage({\n  data: {},\n});\n"
            try Data(script.utf8).write(to: app.appendingPathComponent("pages/index/index.js"))
            let lint = try await CLIRunner.run(["lint", "--quiet"], in: app)
            #expect(lint.status == 1)
            #expect(
                lint.standardOutput.hasPrefix(
                    "pages/index/index.js:1:14: error: 'pages/index/index.js' holds a private key (PEM 'PRIVATE KEY') and would ship inside the package"
                ))
        }
    }

    /// `mactl keygen key.pem` run in the project: pack would leave the key out (it is no
    /// asset), but it travels with every copy and commit of the folder, so it is an error that
    /// stops lint and pack until the key moves out or is excluded.
    @Test func aKeyPackLeavesOutIsAnErrorToo() async throws {
        try await withApp { app in
            #expect(try await CLIRunner.run(["keygen", "key.pem"], in: app).status == 0)
            let lint = try await CLIRunner.run(["lint"], in: app)
            #expect(lint.status == 1)
            #expect(
                lint.standardOutput.hasPrefix(
                    """
                    key.pem:1:1: error: 'key.pem' holds a private key (PEM 'PRIVATE KEY'); pack leaves it out, but it travels with every copy and commit of the project; move it out of the project, or list it under 'exclude:' in '.mactl.yml' [project-private-key]

                    """))
            #expect(lint.standardOutput.hasSuffix("1 error, 0 warnings and 0 notes in 11 files\n"))
            let refused = try await CLIRunner.run(["pack", "-o", "../shop.ma", "--sign", "key.pem"], in: app)
            #expect(refused.status == 1)
            #expect(!FileManager.default.fileExists(atPath: app.deletingLastPathComponent().appendingPathComponent("shop.ma").path))
            // Moved out of the project, it signs as before, and the package has no key.
            try FileManager.default.moveItem(
                at: app.appendingPathComponent("key.pem"), to: app.deletingLastPathComponent().appendingPathComponent("key.pem"))
            try FileManager.default.moveItem(
                at: app.appendingPathComponent("key.cert.pem"), to: app.deletingLastPathComponent().appendingPathComponent("key.cert.pem"))
            let pack = try await CLIRunner.run(["pack", "-o", "../shop.ma", "--sign", "../key.pem"], in: app)
            #expect(pack.status == 0, "\(pack.standardError)")
            let inspect = try await CLIRunner.run(["inspect", "../shop.ma"], in: app)
            #expect(inspect.standardOutput.contains("\nmanifest.json "))
            #expect(!inspect.standardOutput.contains("key.pem"))
        }
    }

    /// Excluded by the author, or in `dist/` and dotfiles, which the project walk skips: such
    /// a key never ships, and the rule says nothing.
    @Test func anExcludedKeyOrOneTheWalkSkipsIsNotReported() async throws {
        try await withApp { app in
            try FileManager.default.createDirectory(at: app.appendingPathComponent("dist"), withIntermediateDirectories: true)
            try FileManager.default.createDirectory(at: app.appendingPathComponent("keys"), withIntermediateDirectories: true)
            for path in ["dist/key.pem", ".signing.pem", "keys/release.pem"] {
                #expect(try await CLIRunner.run(["keygen", path], in: app).status == 0)
            }
            try Data("exclude:\n  - keys/*.pem\n".utf8).write(to: app.appendingPathComponent(".mactl.yml"))
            let lint = try await CLIRunner.run(["lint", "--strict"], in: app)
            #expect(lint.status == 0)
            #expect(!lint.standardOutput.contains("project-private-key"))
        }
    }
}
