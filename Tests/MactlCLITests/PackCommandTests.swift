import Foundation
import MiniAppKitTestProcess
import Testing

struct PackCommandTests {
    /// A scaffolded app in a temporary folder.
    private func withApp(template: String = "tabs", _ body: (URL) async throws -> Void) async throws {
        try await CLIRunner.withTemporaryFolder { folder in
            let app = folder.appendingPathComponent("shop")
            #expect(
                try await CLIRunner.run(["new", app.path, "--template", template, "--app-id", "org.example.shop", "--name", "Shop"]).status
                    == 0)
            try await body(app)
        }
    }

    private let epoch = ["SOURCE_DATE_EPOCH": "1700000000"]

    @Test func packsTheScaffoldedAppIntoDistWithAReport() async throws {
        try await withApp { app in
            let result = try await CLIRunner.run(["pack", app.path], environment: epoch)
            #expect(result.status == 0, "\(result.standardError)")
            let package = app.appendingPathComponent("dist/org.example.shop-1.0.0.ma")
            let report = app.appendingPathComponent("dist/org.example.shop-1.0.0.report.yaml")
            #expect(FileManager.default.fileExists(atPath: package.path))
            #expect(FileManager.default.fileExists(atPath: report.path))
            #expect(result.standardOutput.contains("20 files"))
            let bytes = try [UInt8](Data(contentsOf: package))
            // The first local header names manifest.json, so streaming readers start with it.
            #expect(Array(bytes[0..<4]) == [0x50, 0x4B, 0x03, 0x04])
            let nameLength = Int(bytes[26]) | Int(bytes[27]) << 8
            #expect(String(decoding: bytes[30..<(30 + nameLength)], as: UTF8.self) == "manifest.json")
            if FileManager.default.isExecutableFile(atPath: "/usr/bin/unzip") {
                let unzip = try await TestProcess.run(URL(fileURLWithPath: "/usr/bin/unzip"), ["-tqq", package.path])
                #expect(unzip.status == 0, "\(unzip.standardOutput)")
            }
            let yaml = try String(contentsOf: report, encoding: .utf8)
            #expect(yaml.hasPrefix("mactl: \"0.1.0\"\napp:\n  id: \"org.example.shop\"\n"))
            #expect(yaml.contains("\nfiles:\n- path: \"manifest.json\"\n"))
            #expect(yaml.contains("\ntimings_ms:\n"))
        }
    }

    /// Without a path, pack finds the project as lint does, upward from the current folder: run
    /// in a page's folder, it packs the app into the app's dist/, with the paths of the lint
    /// written from where it ran.
    @Test func withoutAPathTheProjectIsFoundUpward() async throws {
        try await withApp { app in
            let page = app.appendingPathComponent("pages/home")
            let result = try await CLIRunner.run(["pack"], in: page, environment: epoch)
            #expect(result.status == 0, "\(result.standardError)")
            #expect(result.standardError == "")
            let lines = result.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            #expect(
                lines.first
                    == "../../manifest.json:28:64: note: on Android, SkipMiniApp cannot decode SVG: the 3 SVG tab icons show a question-mark placeholder [icon-tab-svg-on-android]"
            )
            #expect(lines.contains { $0.hasPrefix("packed \(app.path)/dist/org.example.shop-1.0.0.ma: 20 files, package ") })
            #expect(lines.suffix(2) == ["report \(app.path)/dist/org.example.shop-1.0.0.report.yaml", ""])
            #expect(FileManager.default.fileExists(atPath: app.appendingPathComponent("dist/org.example.shop-1.0.0.ma").path))
            #expect(!FileManager.default.fileExists(atPath: page.appendingPathComponent("dist").path))
        }
    }

    /// Each tab icon as librsvg draws it and as SkipMiniApp's iOS reader draws it, beside the
    /// report, listed in it with the share of ink that differs.
    @Test func theReportListsEachTabIconsTwoRenderings() async throws {
        try await withApp { app in
            let result = try await CLIRunner.run(["pack", app.path], environment: epoch)
            #expect(result.status == 0, "\(result.standardError)")
            let report = try String(contentsOf: app.appendingPathComponent("dist/org.example.shop-1.0.0.report.yaml"), encoding: .utf8)
            #expect(
                report.contains(
                    """
                    tab_icons:
                    - path: "icons/explore.svg"
                      svg_image: "org.example.shop-1.0.0.report.icons/icons/explore.svg.librsvg.png"
                      ios_image: "org.example.shop-1.0.0.report.icons/icons/explore.svg.ios.png"
                      ink_differing: "0%"
                      ink_lost: "0%"
                      ink_added: "0%"
                      hangs: 0
                    """))
            for name in ["explore", "home", "settings"] {
                for kind in ["librsvg", "ios"] {
                    let image = app.appendingPathComponent("dist/org.example.shop-1.0.0.report.icons/icons/\(name).svg.\(kind).png")
                    let bytes = try [UInt8](Data(contentsOf: image))
                    #expect(Array(bytes.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "\(image.path)")
                }
            }
            // The phone's rendering of the settings icon is the SVG's: the same pixels.
            let folder = app.appendingPathComponent("dist/org.example.shop-1.0.0.report.icons/icons")
            #expect(
                try Data(contentsOf: folder.appendingPathComponent("settings.svg.ios.png"))
                    == Data(contentsOf: folder.appendingPathComponent("settings.svg.librsvg.png")))
            // Shipped as written (no svg-clean), the lint's own renderings are used: the same images.
            let asWritten = try await CLIRunner.run(
                ["pack", app.path, "--no-minify", "-o", app.appendingPathComponent("raw.ma").path], environment: epoch)
            #expect(asWritten.status == 0, "\(asWritten.standardError)")
            #expect(
                try Data(contentsOf: app.appendingPathComponent("raw.report.icons/icons/settings.svg.ios.png"))
                    == Data(contentsOf: folder.appendingPathComponent("settings.svg.ios.png")))
        }
    }

    @Test func theSameProjectPacksToTheSameBytesInAnyTimeZone() async throws {
        try await withApp { app in
            // Outside the project, so the first package is not a file of the second pack.
            let first = app.deletingLastPathComponent().appendingPathComponent("first.ma")
            let second = app.deletingLastPathComponent().appendingPathComponent("second.ma")
            #expect(
                try await CLIRunner.run(["pack", app.path, "-o", first.path], environment: epoch.merging(["TZ": "UTC"]) { $1 }).status == 0)
            #expect(
                try await CLIRunner.run(["pack", app.path, "-o", second.path], environment: epoch.merging(["TZ": "Asia/Tokyo"]) { $1 })
                    .status
                    == 0)
            let firstBytes = try Data(contentsOf: first)
            let secondBytes = try Data(contentsOf: second)
            #expect(firstBytes == secondBytes)
            // Everything in the report but the timings is the same too.
            func stable(_ url: URL) throws -> String {
                let text = try String(contentsOf: url.deletingPathExtension().appendingPathExtension("report.yaml"), encoding: .utf8)
                return String(text[..<text.range(of: "timings_ms:")!.lowerBound]).replacingOccurrences(of: "first.ma", with: "X")
                    .replacingOccurrences(of: "second.ma", with: "X")
                    .replacingOccurrences(of: "first.report", with: "X.report").replacingOccurrences(of: "second.report", with: "X.report")
            }
            let firstReport = try stable(first)
            let secondReport = try stable(second)
            #expect(firstReport == secondReport)
        }
    }

    @Test func aProjectWithErrorsIsNotPacked() async throws {
        try await withApp(template: "blank") { app in
            let manifest = app.appendingPathComponent("manifest.json")
            let text = try String(contentsOf: manifest, encoding: .utf8).replacingOccurrences(
                of: "\"pages/index/index\"", with: "\"pages/missing\"")
            try Data(text.utf8).write(to: manifest)
            let result = try await CLIRunner.run(["pack", app.path])
            #expect(result.status == 1)
            #expect(result.standardError == "error: not packed: the project has errors\n")
            #expect(!FileManager.default.fileExists(atPath: app.appendingPathComponent("dist").path))
        }
    }

    @Test func anOutputInAMissingFolderExitsTwoAndWritesNothing() async throws {
        try await withApp(template: "blank") { app in
            let result = try await CLIRunner.run(["pack", app.path, "-o", "/nonexistent/folder/app.ma"])
            #expect(result.status == 2)
            #expect(
                result.standardError
                    == "error: cannot write '/nonexistent/folder/app.ma': the folder '/nonexistent/folder' does not exist\n")
        }
    }

    @Test func aBudgetMadeAnErrorKeepsThePreviousPackage() async throws {
        try await withApp { app in
            let package = app.appendingPathComponent("app.ma")
            try Data("previous".utf8).write(to: package)
            try Data("budgets:\n  package: 1KB\nrules:\n  package-over-budget: error\n".utf8).write(
                to: app.appendingPathComponent(".mactl.yml"))
            let before = try FileManager.default.contentsOfDirectory(atPath: app.path).sorted()
            let result = try await CLIRunner.run(["pack", app.path, "-o", package.path])
            #expect(result.status == 1)
            #expect(result.standardError.contains("manifest.json: error: the package is "))
            #expect(
                result.standardError.contains(
                    ", over the package budget of 1 KB; the files taking the most room follow [package-over-budget]\n"))
            #expect(result.standardError.hasSuffix("\nerror: not packed: the package is over its budget\n"))
            #expect(try String(contentsOf: package, encoding: .utf8) == "previous")
            // Nothing left behind: no work folder (.mactl-pack-<pid>), no partial package.
            #expect(try FileManager.default.contentsOfDirectory(atPath: app.path).sorted() == before)
            let github = try await CLIRunner.run(["pack", app.path, "-o", package.path, "--format", "github"])
            #expect(github.standardError.hasPrefix("::error file="))
            #expect(github.standardError.contains("title=package-over-budget::the package is "))
        }
    }

    /// With `--format json` or `sarif`, standard output is the document alone; the status
    /// lines go to standard error.
    @Test(arguments: ["json", "sarif"])
    func aDocumentFormatKeepsStandardOutputPure(format: String) async throws {
        try await withApp { app in
            let result = try await CLIRunner.run(["pack", app.path, "--format", format], environment: epoch)
            #expect(result.status == 0, "\(result.standardError)")
            let document = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))
            #expect(document is [String: Any])
            #expect(
                result.standardError.hasPrefix("packed \(app.path)/dist/org.example.shop-1.0.0.ma: 20 files, "), "\(result.standardError)")
            #expect(result.standardError.hasSuffix("report \(app.path)/dist/org.example.shop-1.0.0.report.yaml\n"))
        }
    }

    @Test func noMinifyShipsFilesAsWritten() async throws {
        try await withApp(template: "blank") { app in
            let package = app.appendingPathComponent("app.ma")
            #expect(try await CLIRunner.run(["pack", app.path, "-o", package.path, "--no-minify"], environment: epoch).status == 0)
            let report = try String(contentsOf: app.appendingPathComponent("app.report.yaml"), encoding: .utf8)
            #expect(!report.contains("transform: \""))
        }
    }

    @Test func inspectShowsTheManifestFilesAndSignature() async throws {
        try await withApp(template: "blank") { app in
            let package = app.appendingPathComponent("app.ma")
            #expect(try await CLIRunner.run(["pack", app.path, "-o", package.path], environment: epoch).status == 0)
            let text = try await CLIRunner.run(["inspect", package.path])
            #expect(text.status == 0)
            #expect(text.standardOutput.contains("org.example.shop 1.0.0 (code 1): Shop"))
            #expect(text.standardOutput.contains("signature: none"))
            #expect(text.standardOutput.contains("manifest.json"))
            let json = try await CLIRunner.run(["inspect", package.path, "--format", "json"])
            #expect(json.status == 0)
            #expect(json.standardOutput.contains("\"app_id\": \"org.example.shop\""))
            #expect(json.standardOutput.contains("\"signed\": false"))
        }
    }

    @Test func inspectRefusesAFileThatIsNotAPackage() async throws {
        try await CLIRunner.withTemporaryFolder { folder in
            let file = folder.appendingPathComponent("x.ma")
            try Data("not a zip".utf8).write(to: file)
            let result = try await CLIRunner.run(["inspect", file.path])
            #expect(result.status == 1)
            #expect(
                result.standardError
                    == "\(file.path): error: not a package mactl can read: not a ZIP package: no end of central directory record [archive-not-a-package]\n"
            )
        }
    }
}

struct PackRoundTripTests {
    /// The packed showcase, unzipped, lints exactly as clean as its source: the transforms and the
    /// bundle plan kept everything the app needs and its meaning.
    @Test func thePackedAppLintsCleanWhenUnpacked() async throws {
        // unzip is installed by scripts/setup.sh: its absence is a failure, not a skip.
        try await CLIRunner.withTemporaryFolder { folder in
            let package = folder.appendingPathComponent("shop.ma")
            let packed = try await CLIRunner.run(["pack", ShowcaseTests.showcase.path, "-o", package.path])
            #expect(packed.status == 0, "\(packed.standardError)")
            let unpacked = folder.appendingPathComponent("unpacked")
            let unzip = try await TestProcess.run(URL(fileURLWithPath: "/usr/bin/unzip"), ["-qq", package.path, "-d", unpacked.path])
            #expect(unzip.status == 0, "\(unzip.standardError)")
            let lint = try await CLIRunner.run(["lint", unpacked.path])
            #expect(lint.status == 0)
            // Clean but for the note every app with SVG tab icons gets under SkipMiniApp.
            #expect(lint.standardOutput.hasSuffix("0 errors, 0 warnings and 1 note in 19 files\n"), "\(lint.standardOutput)")
        }
    }
}

struct SignCommandTests {
    @Test func keygenPackSignAndVerifyRoundTrip() async throws {
        try await CLIRunner.withTemporaryFolder { folder in
            let app = folder.appendingPathComponent("app")
            #expect(try await CLIRunner.run(["new", app.path, "--template", "blank"]).status == 0)
            let key = folder.appendingPathComponent("key.pem")
            let keygen = try await CLIRunner.run(["keygen", key.path])
            #expect(keygen.status == 0)
            let permissions = try FileManager.default.attributesOfItem(atPath: key.path)[.posixPermissions] as? Int
            #expect(permissions == 0o600)
            #expect(
                try await CLIRunner.run(["keygen", key.path]).standardError
                    == "error: '\(key.path)' exists; mactl keygen never overwrites a key: give another path\n")
            let certificate = folder.appendingPathComponent("key.cert.pem")
            let package = folder.appendingPathComponent("app.ma")
            let pack = try await CLIRunner.run(["pack", app.path, "--sign", key.path, "--cert", certificate.path, "-o", package.path])
            #expect(pack.status == 0, "\(pack.standardError)")
            let report = try String(contentsOf: folder.appendingPathComponent("app.report.yaml"), encoding: .utf8)
            #expect(
                report.contains("signature:\n  algorithm: \"ECDSA P-256 with SHA-256 (0x0201)\"\n  certificate_subject: \"CN=MiniApp\"\n"))
            let verify = try await CLIRunner.run(["verify", package.path, "--cert", certificate.path, "--require-signature"])
            #expect(verify.status == 0)
            let lines = verify.standardOutput.split(separator: "\n").map(String.init)
            #expect(lines.count == 3)
            #expect(lines.first == "no problems found in 8 files")
            #expect(lines.dropFirst().first?.hasPrefix("verified \(package.path): 8 files, package sha256 ") == true)
            let signature = try #require(lines.last)
            #expect(signature.hasPrefix("signature: valid, algorithm 0x0201, signed by CN=MiniApp, key sha256 "))
            #expect(signature.contains(", the expected key (certificate sha256 "))
            // Without an expected key, the signature is valid but nobody in particular signed it.
            let unpinned = try await CLIRunner.run(["verify", package.path])
            #expect(unpinned.status == 0)
            #expect(
                unpinned.standardOutput.contains(
                    "\nsignature: valid, algorithm 0x0201, but the signer is not authenticated (no --key or --cert): CN=MiniApp, key sha256 "
                ))
            let inspect = try await CLIRunner.run(["inspect", package.path])
            #expect(
                inspect.standardOutput.contains("\nsignature: RPK signing block, valid, algorithm 0x0201, signer CN=MiniApp, key sha256 "))
            var bytes = [UInt8](try Data(contentsOf: package))
            // A bit of the first entry's data (after its 30-byte local header, name and extra
            // field), so the layout stays readable and the digest and the data are what break.
            let dataStart = 30 + (Int(bytes[26]) | Int(bytes[27]) << 8) + (Int(bytes[28]) | Int(bytes[29]) << 8)
            bytes[dataStart + 2] ^= 0x40
            try Data(bytes).write(to: package)
            let tampered = try await CLIRunner.run(["verify", package.path, "--format", "json"])
            #expect(tampered.status == 1)
            #expect(tampered.standardOutput.contains("\"passed\": false"))
            #expect(tampered.standardOutput.contains("\"signed\": false"))
            #expect(tampered.standardOutput.contains("\"signature_verified\": false"))
            let text = try await CLIRunner.run(["verify", package.path])
            #expect(
                text.standardOutput.hasPrefix(
                    "\(package.path): error: digest mismatch: the archive changed after signing [signature-digest]\n\(package.path): error: "
                ))
            #expect(text.standardOutput.contains("\nsignature: the signature by CN=MiniApp, key sha256 "))
            #expect(text.standardOutput.hasSuffix(" did not verify\n"))
            // Every format of the renderers, SARIF for code scanning included.
            let sarif = try await CLIRunner.run(["verify", package.path, "--format", "sarif"])
            #expect(sarif.status == 1)
            #expect(sarif.standardOutput.contains("\"ruleId\": \"signature-digest\""))
            let github = try await CLIRunner.run(["verify", package.path, "--format", "github"])
            // The flipped byte also breaks an entry's data, reported on the next line.
            #expect(
                github.standardOutput.hasPrefix(
                    "::error file=\(package.path),title=signature-digest::digest mismatch: the archive changed after signing [signature-digest]\n::error file=\(package.path),title=archive-data::"
                ))
        }
    }
}

struct ShowcaseTests {
    static let showcase = CLIRunner.packageRoot.appendingPathComponent("Examples/showcase")

    @Test func theShowcaseLintsCleanPacksAndVerifies() async throws {
        let lint = try await CLIRunner.run(["lint", "Examples/showcase", "--strict"], in: CLIRunner.packageRoot)
        #expect(lint.status == 0, "\(lint.standardOutput)")
        #expect(lint.standardOutput.hasPrefix("Examples/showcase/manifest.json:45:17: note: on Android, SkipMiniApp cannot decode SVG"))
        #expect(lint.standardOutput.hasSuffix("0 errors, 0 warnings and 1 note in 20 files\n"))
        try await CLIRunner.withTemporaryFolder { folder in
            let package = folder.appendingPathComponent("showcase.ma")
            #expect(try await CLIRunner.run(["pack", Self.showcase.path, "-o", package.path]).status == 0)
            let verify = try await CLIRunner.run(["verify", package.path])
            #expect(verify.status == 0, "\(verify.standardOutput)")
            #expect(verify.standardOutput.contains(": 19 files, package sha256 "))
            #expect(verify.standardOutput.hasSuffix("\nsignature: unsigned\n"))
        }
    }
}

/// Budgets are checked by `lint` too (the archive built in memory as `pack` builds it), and
/// the finding lists the files that take the most room.
struct LintBudgetTests {
    @Test func lintReportsAPackageOverBudgetWithItsLargestFiles() async throws {
        try await CLIRunner.withTemporaryFolder { folder in
            #expect(try await CLIRunner.run(["new", "bud", "--template", "blank"], in: folder).status == 0)
            let app = folder.appendingPathComponent("bud")
            // 6,000 bytes that do not compress, from a fixed linear congruential sequence.
            var state: UInt32 = 1
            let noise = (0..<6000).map { _ -> UInt8 in
                state = state &* 1_664_525 &+ 1_013_904_223
                return UInt8(state >> 24)
            }
            try Data(noise).write(to: app.appendingPathComponent("pages/index/photo.png"))
            let page = app.appendingPathComponent("pages/index/index.html")
            let html = try String(contentsOf: page, encoding: .utf8)
            try Data(html.replacingOccurrences(of: "  <h1 x-text", with: "  <img src=\"photo.png\" alt=\"\">\n  <h1 x-text").utf8).write(
                to: page)
            try Data("budgets:\n  package: 6KB\n".utf8).write(to: app.appendingPathComponent(".mactl.yml"))
            let lint = try await CLIRunner.run(["lint", "bud", "--runtime", "w3c"], in: folder)
            #expect(lint.status == 0)
            #expect(
                lint.standardOutput == """
                    bud/manifest.json: warning: the package would be 7.5 KB (as 'mactl pack' packs it, unsigned), over the package budget of 6 KB; the files taking the most room follow [package-over-budget]
                    bud/pages/index/photo.png: note: 5.9 KB in the package, stored uncompressed
                    bud/pages/index/index.html: note: 212 B in the package (322 B before compression)
                    bud/manifest.json: note: 167 B in the package (252 B before compression)
                    bud/icons/app.svg: note: 153 B in the package (206 B before compression)
                    bud/i18n/en.json: note: 53 B in the package, stored uncompressed
                    i18n coverage (default locale 'en', 2 keys):
                      en  2 present, 0 missing, 0 extra
                    0 errors, 1 warning and 5 notes in 10 files

                    """)
            // pack reports the package it wrote, once: not lint's estimate as well.
            let pack = try await CLIRunner.run(["pack", "bud", "-o", "bud.ma", "--runtime", "w3c"], in: folder)
            #expect(pack.status == 0)
            #expect(!pack.standardOutput.contains("package-over-budget"))
            // Sizes are labelled: the package's, and its files' before compression.
            #expect(pack.standardOutput.hasPrefix("packed bud.ma: 9 files, package 7.5 KB (files 6.8 KB before compression), sha256 "))
            let inspect = try await CLIRunner.run(["inspect", "bud.ma"], in: folder)
            #expect(
                inspect.standardOutput.split(separator: "\n").dropFirst().first
                    == "9 files, 1 page, package 7.5 KB (files 6.8 KB before compression)")
            #expect(
                pack.standardError.hasPrefix(
                    "bud/manifest.json: warning: the package is 7.5 KB, over the package budget of 6 KB; the files taking the most room follow [package-over-budget]\nbud/pages/index/photo.png: note: 5.9 KB in the package, stored uncompressed\n"
                ))
            // Well within the budget, lint builds no archive and says nothing.
            try Data("budgets:\n  package: 16KB\n".utf8).write(to: app.appendingPathComponent(".mactl.yml"))
            #expect(
                try await CLIRunner.run(["lint", "bud", "--runtime", "w3c"], in: folder).standardOutput.hasSuffix(
                    "no problems found in 10 files\n"))
        }
    }
}
