import Foundation
import MiniAppKit
import MiniAppKitTestProcess
import Testing

/// docs/catalog/fetch-app.sh, the host walkthrough of docs/catalog.md, run as a host runs it
/// against `mactl catalog serve` and nginx serving one catalog: the version for the device's
/// bucket, the cache by sha256, a resumed download, and the refusals of a changed package and
/// of another signer.
@Suite(.serialized) struct CatalogHostWalkthroughTests {
    static let app = CatalogCommandTests.app
    static let script = CLIRunner.packageRoot.appendingPathComponent("docs/catalog/fetch-app.sh")

    static func fetch(
        _ base: String, device: String, cache: String, cert: String = "key.cert.pem", in folder: URL
    ) async throws
        -> CLIRunner.Result
    {
        try await CLIRunner.run(
            [script.path, base, app, device, cache, cert], in: folder, environment: ["MACTL": CLIRunner.executable.path],
            executable: URL(fileURLWithPath: "/bin/bash"))
    }

    /// The first device id `device-N` whose bucket for `code` is (or is not) below `rollout`.
    static func device(code: Int, inside: Bool, rollout: Int) -> String {
        (0...).lazy.map { "device-\($0)" }.first { (CatalogFiles.rolloutBucket(app: app, code: code, device: $0) < rollout) == inside }!
    }

    @Test func aHostGetsTheVersionForItsBucketFromEitherServer() async throws {
        try await CatalogCommandTests.withPackages { folder in
            #expect(try await CatalogCommandTests.publish(["v12.ma", "--catalog", "catalog"], in: folder).status == 0)
            #expect(try await CatalogCommandTests.publish(["v13.ma", "--catalog", "catalog", "--rollout", "50"], in: folder).status == 0)
            let v12 = try await CatalogCommandTests.sha256(folder.appendingPathComponent("v12.ma"))
            let v13 = try await CatalogCommandTests.sha256(folder.appendingPathComponent("v13.ma"))
            let server = try await ListeningProcess(mactl: ["catalog", "serve", "catalog", "--port", "0"], in: folder)
            defer { server.stop() }
            let nginx = try await CatalogCommandTests.Nginx(
                root: folder.appendingPathComponent("catalog"), scratch: folder.appendingPathComponent("nginx"))
            defer { nginx.stop() }
            let reached = Self.device(code: 13, inside: true, rollout: 50)
            let notReached = Self.device(code: 13, inside: false, rollout: 50)

            for (label, base) in [("catalog serve", server.url), ("nginx", nginx.url)] {
                let cache = "cache-\(label == "nginx" ? "nginx" : "mactl")"
                let first = try await Self.fetch(base, device: reached, cache: cache, in: folder)
                #expect(first.status == 0, "\(label): \(first.standardError)")
                #expect(
                    first.standardOutput
                        == """
                        version: 13 (2.4.0) for device '\(reached)'
                        permissions: system.permission.LOCATION
                        verified and stored: \(cache)/\(v13).ma
                        \(cache)/\(v13).ma

                        """, "\(label)")
                // The same device again: from the cache, nothing downloaded.
                let again = try await Self.fetch(base, device: reached, cache: cache, in: folder)
                #expect(again.standardOutput.contains("cached: \(cache)/\(v13).ma\n"), "\(label): \(again.standardOutput)")
                // A device outside 13's rollout gets 12, as `catalog serve`'s API says.
                let older = try await Self.fetch(base, device: notReached, cache: cache, in: folder)
                #expect(older.status == 0)
                #expect(older.standardOutput.hasPrefix("version: 12 (2.3.0) for device '\(notReached)'\n"), "\(label)")
                #expect(older.standardOutput.hasSuffix("\(cache)/\(v12).ma\n"), "\(label)")
                let offered = try await CatalogCommandTests.curl(server.url + "apps/\(Self.app)?device=\(notReached)")
                #expect(String(decoding: offered.body, as: UTF8.self).contains("\"code\": 12"))
            }

            // A download stopped after 1,000 bytes resumes there and gives the same package.
            let cache = folder.appendingPathComponent("cache-resume")
            try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
            let package = try Data(contentsOf: folder.appendingPathComponent("v13.ma"))
            try package.prefix(1000).write(to: cache.appendingPathComponent("\(v13).part"))
            let resumed = try await Self.fetch(server.url, device: reached, cache: "cache-resume", in: folder)
            #expect(resumed.status == 0, "\(resumed.standardError)")
            #expect(resumed.standardOutput.contains("resuming at 1000 bytes\nverified and stored: cache-resume/\(v13).ma\n"))
            #expect(try Data(contentsOf: cache.appendingPathComponent("\(v13).ma")) == package)
            // A part already whole is not requested again (a range from its end gets 416).
            let whole = folder.appendingPathComponent("cache-whole")
            try FileManager.default.createDirectory(at: whole, withIntermediateDirectories: true)
            try package.write(to: whole.appendingPathComponent("\(v13).part"))
            let completed = try await Self.fetch(server.url, device: reached, cache: "cache-whole", in: folder)
            #expect(completed.status == 0, "\(completed.standardError)")
            #expect(completed.standardOutput.contains("resuming at \(package.count) bytes\nverified and stored: cache-whole/\(v13).ma\n"))
        }
    }

    @Test func aChangedPackageOrAnotherSignerIsRefusedAndNotCached() async throws {
        try await CatalogCommandTests.withPackages { folder in
            #expect(try await CatalogCommandTests.publish(["v12.ma", "--catalog", "catalog"], in: folder).status == 0)
            let v12 = try await CatalogCommandTests.sha256(folder.appendingPathComponent("v12.ma"))
            let server = try await ListeningProcess(mactl: ["catalog", "serve", "catalog", "--port", "0"], in: folder)
            defer { server.stop() }

            // Pinned to another signer: the signature check refuses it.
            #expect(try await CLIRunner.run(["keygen", "other.pem", "--subject", "CN=Other"], in: folder).status == 0)
            let otherSigner = try await Self.fetch(server.url, device: "device-1", cache: "cache", cert: "other.cert.pem", in: folder)
            #expect(otherSigner.status == 1)
            #expect(otherSigner.standardError.hasPrefix("refused: mactl verify failed:\n"))
            #expect(otherSigner.standardError.contains("[signature-unexpected-signer]"))
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("cache").path) == [])

            // One byte of the package changed on the server: the sha256 check refuses it.
            let stored = folder.appendingPathComponent("catalog/apps/\(Self.app)/12/\(v12).ma")
            var bytes = try Data(contentsOf: stored)
            bytes[200] ^= 0xFF
            try bytes.write(to: stored)
            let changed = try await Self.fetch(server.url, device: "device-1", cache: "cache", in: folder)
            #expect(changed.status == 1)
            #expect(changed.standardError.hasPrefix("refused: the download is \(bytes.count) bytes with sha256 "))
            #expect(changed.standardError.hasSuffix("; versions.json names \(bytes.count) bytes with sha256 \(v12)\n"))
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("cache").path) == [])
        }
    }
}
