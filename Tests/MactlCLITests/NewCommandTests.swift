import Foundation
import MiniAppKitTestProcess
import Testing

struct NewCommandTests {
    @Test(arguments: ["tabs", "blank"])
    func everyTemplateLintsCleanEvenWithStrict(template: String) async throws {
        try await CLIRunner.withTemporaryFolder { folder in
            let app = folder.appendingPathComponent("my-app").path
            let created = try await CLIRunner.run(["new", app, "--template", template])
            #expect(created.status == 0)
            #expect(created.standardOutput.hasPrefix("created '\(app)' from the '\(template)' template ("))
            let lint = try await CLIRunner.run(["lint", app, "--strict"])
            #expect(lint.status == 0, "\(lint.standardOutput)")
        }
    }

    /// The `next:` hint is a command the user can paste: a path with a space or a quote is
    /// quoted for the shell.
    @Test func theNextHintIsShellQuoted() async throws {
        try await CLIRunner.withTemporaryFolder { folder in
            for (name, shown) in [("my app", "'my app'"), ("it's", "'it'\\''s'"), ("plain-app", "plain-app")] {
                let created = try await CLIRunner.run(["new", name], in: folder)
                #expect(created.status == 0)
                #expect(
                    created.standardOutput
                        == "created '\(name)' from the 'tabs' template (24 files)\nnext: mactl lint \(shown), then mactl test \(shown)\n")
            }
        }
    }

    @Test func theFolderNameIsTheDefaultNameAndIdentifier() async throws {
        try await CLIRunner.withTemporaryFolder { folder in
            let app = folder.appendingPathComponent("Shop 2").path
            #expect(try await CLIRunner.run(["new", app, "--template", "blank"]).status == 0)
            let manifest = try String(contentsOf: URL(fileURLWithPath: app).appendingPathComponent("manifest.json"), encoding: .utf8)
            #expect(manifest.contains("\"app_id\": \"com.example.shop2\""))
            #expect(manifest.contains("\"name\": \"Shop 2\""))
        }
    }

    @Test func optionsFillTheManifestAndAMissingLocaleIsAdded() async throws {
        try await CLIRunner.withTemporaryFolder { folder in
            let app = folder.appendingPathComponent("x")
            let result = try await CLIRunner.run([
                "new", app.path, "--name", "Café \"Q\"", "--app-id", "org.example.cafe", "--lang", "de-CH",
            ])
            #expect(result.status == 0)
            let manifest = try String(contentsOf: app.appendingPathComponent("manifest.json"), encoding: .utf8)
            #expect(manifest.contains("\"name\": \"Café \\\"Q\\\"\""))
            #expect(manifest.contains("\"lang\": \"de-CH\""))
            #expect(FileManager.default.fileExists(atPath: app.appendingPathComponent("i18n/de-CH.json").path))
            #expect(try await CLIRunner.run(["lint", app.path]).status == 0)
        }
    }

    @Test func refusesANonEmptyFolder() async throws {
        try await CLIRunner.withTemporaryFolder { folder in
            try Data("keep".utf8).write(to: folder.appendingPathComponent("notes.txt"))
            let result = try await CLIRunner.run(["new", folder.path])
            #expect(result.status == 2)
            #expect(result.standardError == "error: '\(folder.path)' is not empty; mactl new only writes into a new or empty folder\n")
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["notes.txt"])
        }
    }

    @Test func rejectsBadOptionsWithExitTwo() async throws {
        try await CLIRunner.withTemporaryFolder { folder in
            let app = folder.appendingPathComponent("y").path
            let template = try await CLIRunner.run(["new", app, "--template", "tab"])
            #expect(template.status == 2)
            #expect(
                template.standardError == "error: unknown template 'tab'; did you mean 'tabs'? (available: 'blank', 'rakuten', 'tabs')\n")
            let lang = try await CLIRunner.run(["new", app, "--lang", "en_US"])
            #expect(lang.status == 2)
            #expect(lang.standardError == "error: 'en_US' is not a BCP 47 language tag; did you mean 'en-US'?\n")
            let appID = try await CLIRunner.run(["new", app, "--app-id", "shop"])
            #expect(appID.status == 2)
            #expect(appID.standardError == "error: app id 'shop' is not a reverse-domain name such as 'com.example.app'\n")
            #expect(!FileManager.default.fileExists(atPath: app))
        }
    }

    /// The scaffold's `.gitignore` keeps what pack writes and private keys out of version
    /// control (a key's certificate stays in); the project walk skips dotfiles, so lint never
    /// sees it and pack never ships it.
    @Test func theScaffoldIgnoresPackOutputAndPrivateKeysButNeverShipsItsGitignore() async throws {
        try await CLIRunner.withTemporaryFolder { folder in
            let app = folder.appendingPathComponent("shop")
            #expect(try await CLIRunner.run(["new", app.path]).status == 0)
            #expect(
                try String(contentsOf: app.appendingPathComponent(".gitignore"), encoding: .utf8) == """
                    # Written by mactl new.
                    # What mactl pack writes: dist/<app_id>-<version>.ma (.zip for a web bundle), its build
                    # report and the report's tab icon images (also when -o or --report put them elsewhere in
                    # the project).
                    dist/
                    *.ma
                    *.zip
                    *.report.yaml
                    *.report.icons/
                    # Private keys (mactl keygen writes <name>.pem): keep them out of the project and out of
                    # version control. The certificate beside a key (<name>.cert.pem) is public.
                    *.pem
                    !*.cert.pem
                    *.p12
                    *.pfx
                    # npm's packages, and the JS SDK's script that `npm install` copies from them into a
                    # web bundle (the rakuten template's package.json).
                    node_modules/
                    vendor/miniapp.bundle.js

                    """)
            #expect(try await CLIRunner.run(["lint", "--strict"], in: app).status == 0)
            #expect(try await CLIRunner.run(["pack"], in: app).status == 0)
            // The key lives outside the project (inside, it is project-private-key's error).
            #expect(try await CLIRunner.run(["keygen", "../signing.pem"], in: app).status == 0)
            #expect(try await CLIRunner.run(["pack", "-o", "shop.ma", "--sign", "../signing.pem"], in: app).status == 0)
            let inspect = try await CLIRunner.run(["inspect", "shop.ma", "--format", "json"], in: app)
            #expect(!inspect.standardOutput.contains(".gitignore"))
            // A key written into the project anyway is kept out of version control.
            #expect(try await CLIRunner.run(["keygen", "signing.pem"], in: app).status == 0)
            guard FileManager.default.isExecutableFile(atPath: "/usr/bin/git") else { return }
            #expect(try await git(["init", "-q", "."], in: app).isEmpty)
            let status = try await git(["status", "--porcelain", "--ignored"], in: app)
            let ignored = status.split(separator: "\n").filter { $0.hasPrefix("!! ") }.map { String($0.dropFirst(3)) }
            #expect(ignored == ["dist/", "shop.ma", "shop.report.icons/", "shop.report.yaml", "signing.pem"], "\(status)")
            #expect(status.contains("?? signing.cert.pem\n"))
            #expect(status.contains("?? .gitignore\n"))
        }
    }

    /// What git prints, run in `folder`.
    private func git(_ arguments: [String], in folder: URL) async throws -> String {
        try await TestProcess.run(URL(fileURLWithPath: "/usr/bin/git"), arguments, in: folder).standardOutput
    }

    @Test func worksFromAnyFolderBecauseTemplatesAreInTheBinary() async throws {
        try await CLIRunner.withTemporaryFolder { folder in
            let result = try await CLIRunner.run(["new", "inside"], in: folder)
            #expect(result.status == 0)
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("inside/pages/home/home.html").path))
        }
    }
}
