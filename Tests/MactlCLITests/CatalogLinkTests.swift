import Foundation
import Testing

/// The catalog folder cannot be aimed outside itself (issue 38, class 5): publish writes
/// through no symbolic link, `catalog verify` reports every link and every path a list names
/// that leaves a version's folder, and two app ids that are one folder on a case-insensitive
/// volume are refused.
@Suite(.serialized) struct CatalogLinkTests {
    typealias Catalog = CatalogCommandTests

    /// The showcase's packages (CatalogCommandTests.withPackages), a catalog holding version 12,
    /// and an outside folder that must stay empty.
    static func withPublishedCatalog(_ body: (_ folder: URL, _ catalog: URL, _ outside: URL) async throws -> Void) async throws {
        try await Catalog.withPackages { folder in
            #expect(try await Catalog.publish(["v12.ma", "--catalog", "catalog"], in: folder).status == 0)
            let outside = folder.appendingPathComponent("outside")
            try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
            try await body(folder, folder.appendingPathComponent("catalog"), outside)
        }
    }

    /// Replaces `path` in the catalog with a link to `target`, moving what was there to `target`.
    static func link(_ path: String, in catalog: URL, to target: URL) throws {
        let url = catalog.appendingPathComponent(path)
        if FileManager.default.fileExists(atPath: url.path) {
            try? FileManager.default.removeItem(at: target)
            try FileManager.default.moveItem(at: url, to: target)
        }
        try FileManager.default.createSymbolicLink(at: url, withDestinationURL: target)
    }

    static let linkReason = "is a symbolic link; a catalog holds no links, so nothing is read or written through it"

    @Test(arguments: [
        ("apps", "apps"),
        ("apps/com.example.showcase", "apps/com.example.showcase"),
        ("apps/com.example.showcase/13", "apps/com.example.showcase/13"),
        ("apps/com.example.showcase/versions.json", "apps/com.example.showcase/versions.json"),
        ("index.json", "index.json"),
        (".staging", ".staging"),
    ])
    func publishRefusesToWriteThroughALink(linked: String, named: String) async throws {
        try await Self.withPublishedCatalog { folder, catalog, outside in
            let target = outside.appendingPathComponent("target")
            if linked.hasSuffix("/13") || linked == ".staging" {
                try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
            }
            try Self.link(linked, in: catalog, to: target)
            let before = Catalog.snapshot(outside)
            let result = try await Catalog.publish(["v13.ma", "--catalog", "catalog"], in: folder)
            #expect(result.status == 1)
            #expect(result.standardError.contains(named) && result.standardError.contains(Self.linkReason), "\(result.standardError)")
            #expect(result.standardError.contains("nothing was written"))
            #expect(Catalog.snapshot(outside) == before, "a file was written outside the catalog")
        }
    }

    @Test func publishRefusesALinkedLock() async throws {
        try await Self.withPublishedCatalog { folder, catalog, outside in
            try Self.link(".lock", in: catalog, to: outside.appendingPathComponent("lock"))
            let result = try await Catalog.publish(["v13.ma", "--catalog", "catalog"], in: folder)
            #expect(result.status == 1)
            #expect(result.standardError == "error: the catalog '\(catalog.path)': '.lock' \(Self.linkReason); nothing was written\n")
        }
    }

    @Test func catalogVerifyReportsEveryLink() async throws {
        try await Self.withPublishedCatalog { folder, catalog, outside in
            let list = try String(contentsOf: catalog.appendingPathComponent("apps/com.example.showcase/versions.json"), encoding: .utf8)
            let package = try #require(list.split(separator: "\"").first { $0.hasSuffix(".ma") }).description
            // The package replaced by a link to its own bytes elsewhere: hash and signature
            // would pass, so only the link itself can be reported.
            try Self.link(package, in: catalog, to: outside.appendingPathComponent("package.ma"))
            try FileManager.default.createSymbolicLink(
                atPath: catalog.appendingPathComponent("apps/passwd").path, withDestinationPath: "/etc/passwd")
            let result = try await CLIRunner.run(["catalog", "verify", "catalog"], in: folder)
            #expect(result.status == 1)
            #expect(
                result.standardOutput.contains(
                    "catalog/\(package): error: is a symbolic link; a catalog holds regular files and folders only, and mactl neither reads nor serves through a link [catalog-symlink]"
                ))
            #expect(
                result.standardOutput.contains(
                    "catalog/apps/passwd: error: is a symbolic link; a catalog holds regular files and folders only, and mactl neither reads nor serves through a link [catalog-symlink]"
                ))
            #expect(!result.standardOutput.contains("missing"))
        }
    }

    @Test func catalogVerifyReportsALinkedVersionFolderAndAppFolder() async throws {
        try await Self.withPublishedCatalog { folder, catalog, outside in
            try Self.link("apps/com.example.showcase/12", in: catalog, to: outside.appendingPathComponent("12"))
            let result = try await CLIRunner.run(["catalog", "verify", "catalog", "--format", "json"], in: folder)
            #expect(result.status == 1)
            #expect(result.standardOutput.contains("\"catalog-symlink\""))
            #expect(result.standardOutput.contains("apps/com.example.showcase/12"))
        }
    }

    @Test func catalogVerifyReportsPathsThatLeaveAVersionFolder() async throws {
        try await Self.withPublishedCatalog { folder, catalog, _ in
            let listURL = catalog.appendingPathComponent("apps/com.example.showcase/versions.json")
            let original = try String(contentsOf: listURL, encoding: .utf8)
            for icon in [
                "apps/com.example.showcase/12/icon.svg/../../../../etc/passwd", "/etc/passwd", "apps/com.example.showcase/13/icon.svg",
                "apps/com.example.showcase/12/icon.exe",
            ] {
                try original.replacingOccurrences(of: "\"apps/com.example.showcase/12/icon.svg\"", with: "\"\(icon)\"").write(
                    to: listURL, atomically: true, encoding: .utf8)
                let result = try await CLIRunner.run(["catalog", "verify", "catalog"], in: folder)
                #expect(result.status == 1)
                #expect(
                    result.standardOutput.contains(
                        "catalog/apps/com.example.showcase/versions.json: error: version 12 names files outside its folder apps/com.example.showcase/12/ [catalog-damaged-file]"
                    ), "\(icon)")
            }
            try original.write(to: listURL, atomically: true, encoding: .utf8)
            let indexURL = catalog.appendingPathComponent("index.json")
            let index = try String(contentsOf: indexURL, encoding: .utf8)
            try index.replacingOccurrences(of: "\"apps/com.example.showcase/12/icon.svg\"", with: "\"../../etc/passwd\"").write(
                to: indexURL, atomically: true, encoding: .utf8)
            let result = try await CLIRunner.run(["catalog", "verify", "catalog"], in: folder)
            #expect(
                result.standardOutput.contains(
                    "catalog/index.json: error: 'com.example.showcase': 'icon' is '../../etc/passwd', which no version of apps/com.example.showcase/versions.json lists [catalog-index-mismatch]"
                ))
        }
    }

    @Test func appIDsThatDifferOnlyInCaseAreOneApp() async throws {
        try await Self.withPublishedCatalog { folder, catalog, _ in
            // Another key signs an app whose id differs only in case.
            #expect(try await CLIRunner.run(["keygen", "other.pem"], in: folder).status == 0)
            try CLIRunner.replace(
                "\"app_id\": \"com.example.showcase\"", with: "\"app_id\": \"com.Example.showcase\"",
                in: folder.appendingPathComponent("app/manifest.json"))
            #expect(
                try await CLIRunner.run(["pack", "app", "--sign", "other.pem", "-o", "other.ma"], in: folder, environment: Catalog.epoch)
                    .status
                    == 0)
            let before = Catalog.snapshot(catalog)
            let result = try await Catalog.publish(["other.ma", "--catalog", "catalog"], in: folder)
            #expect(result.status == 1)
            #expect(
                result.standardError
                    == "error: the catalog already has app 'com.example.showcase', which differs from 'com.Example.showcase' only in letter case; on a case-insensitive volume they are one folder, so 'other.ma' is not published\n"
            )
            #expect(Catalog.snapshot(catalog) == before)

            // A catalog that holds both (written by hand, or by an older mactl) fails verify.
            try FileManager.default.copyItem(
                at: catalog.appendingPathComponent("apps/com.example.showcase"),
                to: catalog.appendingPathComponent("apps/com.Example.showcase"))
            let verify = try await CLIRunner.run(["catalog", "verify", "catalog"], in: folder)
            #expect(verify.status == 1)
            #expect(
                verify.standardOutput.contains(
                    "catalog/apps/com.example.showcase: error: app 'com.example.showcase' and app 'com.Example.showcase' differ only in letter case; on a case-insensitive volume they are one folder [catalog-case-collision]"
                ))
        }
    }
}
