import Foundation
import MiniAppKit
import Testing

/// The `rakuten` template from `new` to a signed catalog: its lint before and after
/// `npm install` has put the SDK's script in `vendor/`, its `.zip`, `verify` telling it is a web
/// bundle, and the catalog's key (`catalog keygen`) signing it.
@Suite(.serialized) struct RakutenBundleCommandTests {
    /// A scaffold of the template in `folder/greeter`, with `vendor/miniapp.bundle.js` in place
    /// of what `npm install` copies when `withSDK` (no registry is reachable from the tests).
    static func scaffold(in folder: URL, withSDK: Bool) async throws -> URL {
        let new = try await CLIRunner.run(["new", "greeter", "--template", "rakuten", "--app-id", "com.example.greeter"], in: folder)
        #expect(new.status == 0, "\(new.standardError)")
        let app = folder.appendingPathComponent("greeter")
        if withSDK {
            let vendor = app.appendingPathComponent("vendor")
            try FileManager.default.createDirectory(at: vendor, withIntermediateDirectories: true)
            try Data("/* stands for js-miniapp-sdk's build/miniapp.bundle.js */\n".utf8).write(
                to: vendor.appendingPathComponent("miniapp.bundle.js"))
        }
        return app
    }

    @Test func theScaffoldAsksForNpmInstallThenLintsClean() async throws {
        try await CLIRunner.withTemporaryFolder { folder in
            let app = try await Self.scaffold(in: folder, withSDK: false)
            let before = try await CLIRunner.run(["lint", "--format", "json"], in: app)
            #expect(before.status == 1)
            let document = try #require(try JSONSerialization.jsonObject(with: Data(before.standardOutput.utf8)) as? [String: Any])
            let diagnostics = try #require(document["diagnostics"] as? [[String: Any]])
            #expect(diagnostics.map { $0["id"] as? String } == ["rakuten-missing-file"])
            #expect(
                diagnostics.first?["message"] as? String
                    == "'vendor/miniapp.bundle.js' loads 'vendor/miniapp.bundle.js', which is not in the bundle: the host fails the request; run 'npm install', which copies the SDK's 'build/miniapp.bundle.js' there"
            )
            let vendor = app.appendingPathComponent("vendor")
            try FileManager.default.createDirectory(at: vendor, withIntermediateDirectories: true)
            try Data("/* the SDK */\n".utf8).write(to: vendor.appendingPathComponent("miniapp.bundle.js"))
            let after = try await CLIRunner.run(["lint", "--strict"], in: app)
            #expect(after.status == 0, "\(after.standardOutput)")
            let gitignore = try String(contentsOf: app.appendingPathComponent(".gitignore"), encoding: .utf8)
            #expect(gitignore.contains("\nvendor/miniapp.bundle.js\n"))
            #expect(gitignore.contains("\nnode_modules/\n"))
        }
    }

    @Test func packMakesAZipThatVerifyTakesForAWebBundle() async throws {
        try await CLIRunner.withTemporaryFolder { folder in
            let app = try await Self.scaffold(in: folder, withSDK: true)
            let pack = try await CLIRunner.run(["pack"], in: app, environment: CatalogCommandTests.epoch)
            #expect(pack.status == 0, "\(pack.standardError)")
            let bundle = app.appendingPathComponent("dist/com.example.greeter-1.0.0.zip")
            #expect(FileManager.default.fileExists(atPath: bundle.path))
            let list = try await CLIRunner.run(["unzip", "-Z1", bundle.path], executable: URL(fileURLWithPath: "/usr/bin/env"))
            // The manifest first, as in every package mactl packs.
            #expect(list.standardOutput == "manifest.json\nindex.html\nmain.js\nstyle.css\nvendor/miniapp.bundle.js\n")
            let verify = try await CLIRunner.run(["verify", bundle.path], in: folder)
            #expect(verify.status == 0, "\(verify.standardOutput)")
            // The same project packs to the same bytes.
            let again = try await CLIRunner.run(["pack", "-o", "../again.zip"], in: app, environment: CatalogCommandTests.epoch)
            #expect(again.status == 0)
            #expect(try Data(contentsOf: bundle) == Data(contentsOf: folder.appendingPathComponent("again.zip")))
            // Without index.html the package is still a zip, and verify says what the host does.
            try FileManager.default.removeItem(at: app.appendingPathComponent("index.html"))
            let broken = try await CLIRunner.run(["lint"], in: app)
            #expect(broken.status == 1)
            #expect(broken.standardOutput.contains("the bundle has no 'index.html' at its root, so the host refuses to open it"))
        }
    }

    @Test func newPageRefusesAWebBundle() async throws {
        try await CLIRunner.withTemporaryFolder { folder in
            let app = try await Self.scaffold(in: folder, withSDK: true)
            let result = try await CLIRunner.run(["new", "page", "about"], in: app)
            #expect(result.status == 2)
            #expect(result.standardError.contains("this project is a web bundle ('index.html' at its root, no 'pages' list)"))
        }
    }

    @Test func theCatalogKeySignsPublishedBundlesAndIsThenRequired() async throws {
        try await CLIRunner.withTemporaryFolder { folder in
            let app = try await Self.scaffold(in: folder, withSDK: true)
            #expect(try await CLIRunner.run(["pack", "-o", "../v1.zip"], in: app, environment: CatalogCommandTests.epoch).status == 0)
            try CLIRunner.replace("\"code\": 1", with: "\"code\": 2", in: app.appendingPathComponent("manifest.json"))
            #expect(try await CLIRunner.run(["pack", "-o", "../v2.zip"], in: app, environment: CatalogCommandTests.epoch).status == 0)
            let first = try await CatalogCommandTests.publish(["v1.zip", "--catalog", "catalog", "--allow-unsigned"], in: folder)
            #expect(first.status == 0, "\(first.standardError)")
            let listURL = folder.appendingPathComponent("catalog/apps/com.example.greeter/versions.json")
            var list = try JSONDecoder().decode(CatalogFiles.VersionList.self, from: Data(contentsOf: listURL))
            let sha256 = list.versions[0].sha256
            #expect(list.versions[0].package == "apps/com.example.greeter/1/\(sha256).zip")
            #expect(list.versions[0].versionId == "1-\(sha256.prefix(16))")
            #expect(list.versions[0].platformSignature == nil)

            // The key may not live in the folder that is served.
            let inside = try await CLIRunner.run(["catalog", "keygen", "catalog", "--key", "catalog/key.pem"], in: folder)
            #expect(inside.status == 2)
            #expect(inside.standardError.contains("is inside the catalog, which is served as it is"))

            let keygen = try await CLIRunner.run(["catalog", "keygen", "catalog"], in: folder)
            #expect(keygen.status == 0, "\(keygen.standardError)")
            #expect(keygen.standardOutput.contains("signed 1 web bundle: com.example.greeter 1\n"))
            list = try JSONDecoder().decode(CatalogFiles.VersionList.self, from: Data(contentsOf: listURL))
            let keyID = try #require(list.versions[0].platformSignature?.keyId)
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("catalog/keys/\(keyID)").path))
            let attributes = try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent("catalog-key.pem").path)
            #expect((attributes[.posixPermissions] as? Int) == 0o600)
            #expect(try await CLIRunner.run(["catalog", "verify", "catalog"], in: folder).status == 0)

            // Run again with the same key: nothing left to do.
            let again = try await CLIRunner.run(["catalog", "keygen", "catalog"], in: folder)
            #expect(again.status == 0)
            #expect(again.standardOutput.contains("no web bundle needed signing"))

            // Once the catalog has a key, a web bundle needs it.
            let unsigned = try await CatalogCommandTests.publish(["v2.zip", "--catalog", "catalog", "--allow-unsigned"], in: folder)
            #expect(unsigned.status == 1)
            #expect(
                unsigned.standardError
                    == "error: the catalog signs web bundles for Rakuten's SDK (it has keys/): give its key with --catalog-key\n")
            let signed = try await CatalogCommandTests.publish(
                ["v2.zip", "--catalog", "catalog", "--allow-unsigned", "--catalog-key", "catalog-key.pem"], in: folder)
            #expect(signed.status == 0, "\(signed.standardError)")
            #expect(try await CLIRunner.run(["catalog", "verify", "catalog"], in: folder).status == 0)

            // A key record that is not whole is damage.
            try Data("{}\n".utf8).write(to: folder.appendingPathComponent("catalog/keys/\(keyID)"))
            let damaged = try await CLIRunner.run(["catalog", "verify", "catalog"], in: folder)
            #expect(damaged.status == 1)
            #expect(damaged.standardOutput.contains("is not a public key record of the catalog"))
        }
    }
}
