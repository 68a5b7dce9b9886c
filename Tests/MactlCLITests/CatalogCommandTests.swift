import Foundation
import MiniAppKitTestProcess
import Testing
import MiniAppKit
#if canImport(Glibc)
import Glibc
#endif

/// `mactl publish`, `mactl catalog verify` and `mactl catalog serve`, on packages the showcase
/// packs and signs; served to curl by mactl and by nginx from the same folder.
@Suite(.serialized) struct CatalogCommandTests {
    static let epoch = ["SOURCE_DATE_EPOCH": "1700000000"]
    static let app = "com.example.showcase"

    /// A folder with the showcase signed as version 12 (v12.ma) and 13 (v13.ma), and key.pem.
    static func withPackages(_ body: (URL) async throws -> Void) async throws {
        try await CLIRunner.withTemporaryFolder { folder in
            let project = folder.appendingPathComponent("app")
            try FileManager.default.copyItem(at: CLIRunner.packageRoot.appendingPathComponent("Examples/showcase"), to: project)
            #expect(try await CLIRunner.run(["keygen", "key.pem", "--subject", "CN=Shop"], in: folder).status == 0)
            #expect(
                try await CLIRunner.run(["pack", "app", "--sign", "key.pem", "-o", "v12.ma"], in: folder, environment: epoch).status == 0)
            let manifest = project.appendingPathComponent("manifest.json")
            try CLIRunner.replace("\"code\": 12", with: "\"code\": 13", in: manifest)
            try CLIRunner.replace("\"name\": \"2.3.0\"", with: "\"name\": \"2.4.0\"", in: manifest)
            #expect(
                try await CLIRunner.run(["pack", "app", "--sign", "key.pem", "-o", "v13.ma"], in: folder, environment: epoch).status == 0)
            try await body(folder)
        }
    }

    static func publish(_ arguments: [String], in folder: URL, environment: [String: String] = [:]) async throws -> CLIRunner.Result {
        try await CLIRunner.run(["publish"] + arguments, in: folder, environment: epoch.merging(environment) { $1 })
    }

    static func sha256(_ url: URL) async throws -> String {
        let result = try await CLIRunner.run(["sha256sum", url.path], executable: URL(fileURLWithPath: "/usr/bin/env"))
        return String(result.standardOutput.prefix(64))
    }

    /// Every file of a folder with its bytes, to tell whether anything was written.
    static func snapshot(_ folder: URL) -> [String: Data] {
        var files: [String: Data] = [:]
        let walker = FileManager.default.enumerator(atPath: folder.path)
        while let path = walker?.nextObject() as? String {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent(path).path, isDirectory: &isFolder), !isFolder.boolValue
            {
                files[path] = FileManager.default.contents(atPath: folder.appendingPathComponent(path).path)
            }
        }
        return files
    }

    @Test func twoVersionsMakeTheDocumentedLayoutAndVerify() async throws {
        try await Self.withPackages { folder in
            let v12 = try await Self.sha256(folder.appendingPathComponent("v12.ma"))
            let v13 = try await Self.sha256(folder.appendingPathComponent("v13.ma"))
            // A dry run checks everything and says what it would write, writing none of it.
            let dry = try await Self.publish(["v12.ma", "--catalog", "catalog", "--dry-run"], in: folder)
            #expect(
                dry.standardOutput == """
                    would publish com.example.showcase 12 (2.3.0) on 'stable' at 100%, writing:
                      apps/com.example.showcase/12/\(v12).ma
                      apps/com.example.showcase/12/manifest.json
                      apps/com.example.showcase/12/icon.svg
                      apps/com.example.showcase/versions.json
                      index.json

                    """)
            #expect(Self.snapshot(folder.appendingPathComponent("catalog")).keys.sorted() == [".lock"])
            let first = try await Self.publish(["v12.ma", "--catalog", "catalog"], in: folder)
            #expect(first.status == 0)
            #expect(
                first.standardOutput.hasPrefix(
                    "published com.example.showcase 12 (2.3.0) on 'stable' at 100%: apps/com.example.showcase/12/\(v12).ma, "))
            let second = try await Self.publish(["v13.ma", "--catalog", "catalog", "--rollout", "25"], in: folder)
            #expect(second.status == 0)
            let catalog = folder.appendingPathComponent("catalog")
            #expect(
                Set(Self.snapshot(catalog).keys) == [
                    ".lock", "index.json", "apps/\(Self.app)/versions.json",
                    "apps/\(Self.app)/12/manifest.json", "apps/\(Self.app)/12/icon.svg", "apps/\(Self.app)/12/\(v12).ma",
                    "apps/\(Self.app)/13/manifest.json", "apps/\(Self.app)/13/icon.svg", "apps/\(Self.app)/13/\(v13).ma",
                ])
            // The package and its manifest are the bytes published.
            #expect(
                FileManager.default.contents(atPath: catalog.appendingPathComponent("apps/\(Self.app)/12/\(v12).ma").path)
                    == FileManager.default.contents(atPath: folder.appendingPathComponent("v12.ma").path))
            let versions =
                try JSONSerialization.jsonObject(with: Data(contentsOf: catalog.appendingPathComponent("apps/\(Self.app)/versions.json")))
                as! [String: Any]
            let listed = versions["versions"] as! [[String: Any]]
            #expect(listed.map { $0["code"] as! Int } == [12, 13])
            #expect(listed[1]["rollout"] as? Int == 25)
            #expect(listed[1]["published"] as? String == "2023-11-14T22:13:20Z")
            #expect(listed[1]["permissions"] as? [String] == ["system.permission.LOCATION"])
            #expect(listed[1]["withdrawn"] as? Bool == false)
            #expect(listed[0]["signer"] as? String == listed[1]["signer"] as? String)
            #expect((listed[0]["signer"] as? String)?.count == 64)
            let index = try String(contentsOf: catalog.appendingPathComponent("index.json"), encoding: .utf8)
            #expect(index.contains("\"code\": 13"))
            #expect(index.contains("\"name\": \"Showcase Shop\""))

            let verify = try await CLIRunner.run(["catalog", "verify", "catalog"], in: folder)
            #expect(verify.status == 0)
            #expect(verify.standardOutput == "no problems found in 9 files\n")
            // Every JSON file matches its published schema.
            let schemas = try await CLIRunner.run(
                [CLIRunner.packageRoot.appendingPathComponent("scripts/validate-catalog-schemas.py").path, catalog.path],
                executable: URL(fileURLWithPath: "/usr/bin/python3"))
            #expect(schemas.status == 0, "\(schemas.standardOutput)\(schemas.standardError)")

            // The same bytes again: nothing to do; withdraw keeps 13 listed, out of the channel.
            let again = try await Self.publish(["v13.ma", "--catalog", "catalog"], in: folder)
            #expect(again.standardOutput == "com.example.showcase 13 (2.4.0) is already published with these bytes; nothing to do\n")
            let withdraw = try await Self.publish(["--withdraw", Self.app, "13", "--catalog", "catalog"], in: folder)
            #expect(withdraw.status == 0)
            #expect(
                withdraw.standardOutput
                    == "withdrew com.example.showcase 13 (2.4.0) from 'stable'; it stays in apps/com.example.showcase/versions.json\n")
            let afterIndex = try String(contentsOf: catalog.appendingPathComponent("index.json"), encoding: .utf8)
            #expect(afterIndex.contains("\"code\": 12") && !afterIndex.contains("\"code\": 13"))
            #expect(try await CLIRunner.run(["catalog", "verify", "catalog"], in: folder).status == 0)
        }
    }

    /// A folder without index.json (here a project, .git/ and all) is no catalog: one line says
    /// so and how a catalog is made, exit 2, instead of every file in it reported unlisted.
    @Test func aFolderThatIsNotACatalogGetsOneLine() async throws {
        try await CLIRunner.withTemporaryFolder { folder in
            #expect(try await CLIRunner.run(["new", "shop"], in: folder).status == 0)
            let git = folder.appendingPathComponent("shop/.git")
            try FileManager.default.createDirectory(at: git.appendingPathComponent("objects/ab"), withIntermediateDirectories: true)
            try Data("ref: refs/heads/main\n".utf8).write(to: git.appendingPathComponent("HEAD"))
            try Data([0x78, 0x01]).write(to: git.appendingPathComponent("objects/ab/cdef"))
            for (argument, shown) in [("shop", "shop"), ("shop/", "shop/")] {
                let result = try await CLIRunner.run(["catalog", "verify", argument], in: folder)
                #expect(result.status == 2)
                #expect(result.standardOutput == "")
                #expect(
                    result.standardError
                        == "error: '\(shown)' is not a catalog: no index.json (make one with 'mactl publish PACKAGE --catalog \(shown)')\n")
            }
            // A catalog whose first publish stopped before its index has the publish's lock:
            // that one is a catalog, and verify says what it lacks.
            let stopped = folder.appendingPathComponent("stopped")
            try FileManager.default.createDirectory(at: stopped, withIntermediateDirectories: false)
            try Data().write(to: stopped.appendingPathComponent(".lock"))
            let result = try await CLIRunner.run(["catalog", "verify", "stopped"], in: folder)
            #expect(result.status == 1)
            #expect(
                result.standardOutput
                    == "stopped/index.json: error: the catalog has no index.json [catalog-missing-file]\n1 error, 0 warnings and 0 notes in 1 file\n"
            )
        }
    }

    /// An option publish does not have is ArgumentParser's "Unknown option", even when the
    /// value after it looks like a second package.
    @Test func anUnknownOptionOfPublishIsNamed() async throws {
        try await CLIRunner.withTemporaryFolder { folder in
            let cases: [([String], String)] = [
                (["app.ma", "--catalog", "catalog", "--key", "key.pem"], "Error: Unknown option '--key'. Did you mean '--cert'?"),
                (["--key", "key.pem", "app.ma", "--catalog", "catalog"], "Error: Unknown option '--key'. Did you mean '--cert'?"),
                (["app.ma", "--catalog", "catalog", "--frobnicate"], "Error: Unknown option '--frobnicate'"),
            ]
            for (arguments, message) in cases {
                let result = try await Self.publish(arguments, in: folder)
                #expect(result.status == 2)
                #expect(result.standardOutput == "")
                #expect(result.standardError.split(separator: "\n").first.map(String.init) == message, "\(result.standardError)")
                #expect(result.standardError.contains("\nUsage: mactl publish [<arguments> ...] --catalog <catalog>"))
            }
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [])
            // Two packages, or none, are refused in one line that shows the command's form.
            let two = try await Self.publish(["a.ma", "b.ma", "--catalog", "catalog"], in: folder)
            #expect(two.status == 2)
            #expect(two.standardError == "error: give one package to publish: mactl publish PACKAGE --catalog DIR (2 given)\n")
            let none = try await Self.publish(["--catalog", "catalog"], in: folder)
            #expect(none.standardError == "error: give one package to publish: mactl publish PACKAGE --catalog DIR (none given)\n")
            let withdraw = try await Self.publish(["--withdraw", "com.example.app", "--catalog", "catalog"], in: folder)
            #expect(withdraw.status == 2)
            #expect(
                withdraw.standardError
                    == "error: --withdraw takes the app id and the version code: mactl publish --withdraw com.example.app 12 --catalog DIR\n"
            )
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [])
        }
    }

    @Test func refusalsWriteNothing() async throws {
        try await Self.withPackages { folder in
            #expect(try await Self.publish(["v13.ma", "--catalog", "catalog"], in: folder).status == 0)
            let catalog = folder.appendingPathComponent("catalog")
            let before = Self.snapshot(catalog)

            let downgrade = try await Self.publish(["v12.ma", "--catalog", "catalog"], in: folder)
            #expect(downgrade.status == 1)
            #expect(
                downgrade.standardError
                    == "error: com.example.showcase version 12 is not above 13, the newest on channel 'stable'; raise 'version.code', or pass --allow-downgrade\n"
            )

            // Other bytes under a published code: an unsigned build of version 13.
            #expect(try await CLIRunner.run(["pack", "app", "-o", "unsigned13.ma"], in: folder, environment: Self.epoch).status == 0)
            let unsigned = try await Self.publish(["unsigned13.ma", "--catalog", "catalog"], in: folder)
            #expect(unsigned.status == 1)
            #expect(
                unsigned.standardError
                    == "error: 'unsigned13.ma' does not pass 'mactl verify', so it is not published:\n  the package is not signed [signature-missing]\n"
            )
            let immutable = try await Self.publish(["unsigned13.ma", "--catalog", "catalog", "--allow-unsigned"], in: folder)
            #expect(immutable.status == 1)
            #expect(
                immutable.standardError.hasPrefix("error: com.example.showcase version 13 is already published with other bytes (sha256 "))

            // Another key than the app's earlier versions.
            #expect(try await CLIRunner.run(["keygen", "other.pem"], in: folder).status == 0)
            let manifest = folder.appendingPathComponent("app/manifest.json")
            try CLIRunner.replace("\"code\": 13", with: "\"code\": 14", in: manifest)
            #expect(
                try await CLIRunner.run(["pack", "app", "--sign", "other.pem", "-o", "other14.ma"], in: folder, environment: Self.epoch)
                    .status
                    == 0)
            let otherSigner = try await Self.publish(["other14.ma", "--catalog", "catalog"], in: folder)
            #expect(otherSigner.status == 1)
            #expect(otherSigner.standardError.contains("but com.example.showcase's earlier versions are signed by key "))
            // --cert names the signer the package must have.
            let wrongCert = try await Self.publish(["v13.ma", "--catalog", "catalog", "--cert", "other.cert.pem"], in: folder)
            #expect(wrongCert.status == 1)
            #expect(wrongCert.standardError.contains("does not pass 'mactl verify'"))

            // A hand-edited index: named in the error, and nothing written.
            let index = catalog.appendingPathComponent("index.json")
            let original = try Data(contentsOf: index)
            try String(decoding: original, as: UTF8.self).replacingOccurrences(of: "\"rollout\": 100", with: "\"rollout\": \"all\"")
                .write(to: index, atomically: true, encoding: .utf8)
            let damaged = try await Self.publish(["other14.ma", "--catalog", "catalog", "--allow-downgrade"], in: folder)
            #expect(damaged.status == 1)
            #expect(
                damaged.standardError
                    == "error: index.json: 'apps[0].channels.stable.rollout' is not a whole number; nothing was written (see 'mactl catalog verify')\n"
            )
            let verify = try await CLIRunner.run(["catalog", "verify", "catalog"], in: folder)
            #expect(verify.status == 1)
            #expect(
                verify.standardOutput.hasPrefix(
                    "catalog/index.json: error: 'apps[0].channels.stable.rollout' is not a whole number [catalog-damaged-file]\n"))
            try original.write(to: index)
            #expect(Self.snapshot(catalog) == before)

            // A package tampered with in the catalog, and a file nobody listed.
            let package = catalog.appendingPathComponent(
                "apps/\(Self.app)/13/\(try await Self.sha256(folder.appendingPathComponent("v13.ma"))).ma")
            var bytes = try Data(contentsOf: package)
            bytes[100] ^= 0xFF
            try bytes.write(to: package)
            try Data("x".utf8).write(to: catalog.appendingPathComponent("apps/\(Self.app)/notes.txt"))
            let tampered = try await CLIRunner.run(["catalog", "verify", "catalog", "--format", "json"], in: folder)
            #expect(tampered.status == 1)
            #expect(tampered.standardOutput.contains("\"id\": \"catalog-package-mismatch\""))
            #expect(tampered.standardOutput.contains("catalog-unlisted-file"))
        }
    }

    /// The test's own publish, which kills itself after each step (`publish-kill-harness`,
    /// built beside `mactl`): then `mactl catalog verify` accepts the catalog, and the next
    /// `mactl publish` completes it.
    @Test func aPublishKilledAtEveryStepLeavesACatalogThatVerifies() async throws {
        let harness = CLIRunner.executable.deletingLastPathComponent().appendingPathComponent("publish-kill-harness")
        #expect(PublishStep.allCases.map(\.rawValue) == ["locked", "package", "manifest", "icon", "versions", "index"])
        try await Self.withPackages { folder in
            for step in PublishStep.allCases.map(\.rawValue) {
                let name = "catalog-\(step)"
                #expect(try await Self.publish(["v12.ma", "--catalog", name], in: folder).status == 0)
                let killed = try await CLIRunner.run([step, "v13.ma", name], in: folder, environment: Self.epoch, executable: harness)
                #expect(killed.signal == SIGKILL, "\(step): \(killed.standardError)")
                let verify = try await CLIRunner.run(["catalog", "verify", name], in: folder)
                #expect(verify.status == 0, "\(step): \(verify.standardOutput)")
                #expect(!verify.standardOutput.contains(": error:"), "\(step): \(verify.standardOutput)")
                // The next publish completes it, and the catalog is whole.
                #expect(try await Self.publish(["v13.ma", "--catalog", name], in: folder).status == 0, "\(step)")
                let after = try await CLIRunner.run(["catalog", "verify", name], in: folder)
                #expect(after.standardOutput == "no problems found in 9 files\n", "\(step): \(after.standardOutput)")
            }
        }
    }

    @Test func publishesAtOnceTakeTurns() async throws {
        try await Self.withPackages { folder in
            // A second app, so two publishes write the same index at the same time.
            let manifest = folder.appendingPathComponent("app/manifest.json")
            try CLIRunner.replace("com.example.showcase", with: "com.example.other", in: manifest)
            #expect(
                try await CLIRunner.run(["pack", "app", "--sign", "key.pem", "-o", "other.ma"], in: folder, environment: Self.epoch).status
                    == 0)
            for round in 0..<5 {
                let name = "catalog\(round)"
                async let first = CLIRunner.run(["publish", "v12.ma", "--catalog", name], in: folder)
                async let second = CLIRunner.run(["publish", "other.ma", "--catalog", name], in: folder)
                #expect(try await first.status == 0)
                #expect(try await second.status == 0)
                let index = try String(contentsOf: folder.appendingPathComponent("\(name)/index.json"), encoding: .utf8)
                #expect(index.contains("\"id\": \"com.example.other\"") && index.contains("\"id\": \"com.example.showcase\""))
                let verify = try await CLIRunner.run(["catalog", "verify", name], in: folder)
                #expect(verify.standardOutput == "no problems found in 10 files\n", "\(verify.standardOutput)")
            }
        }
    }

    // MARK: - Serving

    /// `curl`'s answer: the status, the headers (lowercased names) and the body.
    static func curl(
        _ url: String, headers: [String] = [], options: [String] = []
    ) async throws -> (status: Int, headers: [String: String], body: Data) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("curl-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let arguments =
            ["curl", "-sS", "-D", folder.appendingPathComponent("head").path, "-o", folder.appendingPathComponent("body").path]
            + headers.flatMap { ["-H", $0] } + options + [url]
        let result = try await CLIRunner.run(arguments, executable: URL(fileURLWithPath: "/usr/bin/env"))
        guard result.status == 0 else { throw WebDriver.Failure(description: "curl \(url): \(result.standardError)") }
        let head = try String(contentsOf: folder.appendingPathComponent("head"), encoding: .utf8).components(separatedBy: "\r\n")
        var fields: [String: String] = [:]
        for line in head.dropFirst() {
            let parts = line.split(separator: ":", maxSplits: 1)
            if parts.count == 2 { fields[parts[0].lowercased()] = parts[1].trimmingCharacters(in: .whitespaces) }
        }
        let status = Int(head[0].split(separator: " ")[1]) ?? 0
        let body = (try? Data(contentsOf: folder.appendingPathComponent("body"))) ?? Data()
        return (status, fields, body)
    }

    /// nginx from Debian's package, on loopback, serving `root` with the `server` block that
    /// docs/catalog.md gives, so the documented configuration is the one compared.
    final class Nginx {
        let process: TestProcess.Running
        let url: String

        /// The documented `server { ... }` block, listening on `port` and serving `root`.
        static func documentedServer(port: Int, root: URL) throws -> String {
            let guide = try String(contentsOf: CLIRunner.packageRoot.appendingPathComponent("docs/catalog.md"), encoding: .utf8)
            guard let start = guide.range(of: "```nginx\n"), let end = guide.range(of: "\n```", range: start.upperBound..<guide.endIndex)
            else {
                throw WebDriver.Failure(description: "docs/catalog.md has no nginx block")
            }
            let block = String(guide[start.upperBound..<end.lowerBound])
            guard block.contains("    listen 80;\n"), block.contains("    root /srv/catalog;\n") else {
                throw WebDriver.Failure(description: "the nginx block of docs/catalog.md no longer listens on 80 with root /srv/catalog")
            }
            return block.replacingOccurrences(of: "    listen 80;\n", with: "    listen 127.0.0.1:\(port);\n")
                .replacingOccurrences(of: "    root /srv/catalog;\n", with: "    root \(root.path);\n")
        }

        init(root: URL, scratch: URL) async throws {
            let port = try WebDriver.freePort()
            try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
            let configuration = """
                daemon off;
                master_process off;
                user root;
                pid \(scratch.path)/nginx.pid;
                error_log \(scratch.path)/error.log;
                events { worker_connections 64; }
                http {
                  access_log off;
                  client_body_temp_path \(scratch.path)/body;
                  proxy_temp_path \(scratch.path)/proxy;
                  fastcgi_temp_path \(scratch.path)/fastcgi;
                  uwsgi_temp_path \(scratch.path)/uwsgi;
                  scgi_temp_path \(scratch.path)/scgi;
                \(try Self.documentedServer(port: port, root: root))
                }
                """
            try configuration.write(to: scratch.appendingPathComponent("nginx.conf"), atomically: true, encoding: .utf8)
            process = try await TestProcess.start(
                URL(fileURLWithPath: "/usr/sbin/nginx"), ["-c", scratch.appendingPathComponent("nginx.conf").path, "-p", scratch.path])
            url = "http://127.0.0.1:\(port)/"
            // Until nginx answers: it says nothing on standard output when it is ready.
            for _ in 0..<100 where process.isRunning {
                if (try? await CatalogCommandTests.curl(url + "index.json")) != nil { break }
                try await Task.sleep(for: .milliseconds(50))
            }
        }

        func stop() { process.stop() }
    }

    /// Every path index.json and versions.json name (the lists themselves included).
    static func namedPaths(in catalog: URL) throws -> [String] {
        var paths = ["index.json"]
        let index = try JSONSerialization.jsonObject(with: Data(contentsOf: catalog.appendingPathComponent("index.json"))) as! [String: Any]
        for app in index["apps"] as! [[String: Any]] {
            for key in ["versions", "icon"] { if let path = app[key] as? String { paths.append(path) } }
            for channel in (app["channels"] as! [String: [String: Any]]).values {
                for key in ["manifest", "package", "icon"] { if let path = channel[key] as? String { paths.append(path) } }
            }
            let list =
                try JSONSerialization.jsonObject(with: Data(contentsOf: catalog.appendingPathComponent(app["versions"] as! String)))
                as! [String: Any]
            for version in list["versions"] as! [[String: Any]] {
                for key in ["manifest", "package", "icon"] { if let path = version[key] as? String { paths.append(path) } }
            }
        }
        return paths.reduce(into: []) { unique, path in if !unique.contains(path) { unique.append(path) } }
    }

    @Test func aHostUsesOneBaseURLWithNginxAndCatalogServe() async throws {
        try await Self.withPackages { folder in
            #expect(try await Self.publish(["v12.ma", "--catalog", "catalog"], in: folder).status == 0)
            #expect(try await Self.publish(["v13.ma", "--catalog", "catalog", "--rollout", "50"], in: folder).status == 0)
            let catalog = folder.appendingPathComponent("catalog")
            let server = try await ListeningProcess(mactl: ["catalog", "serve", "catalog", "--port", "0"], in: folder)
            defer { server.stop() }
            let nginx = try await Nginx(root: catalog, scratch: folder.appendingPathComponent("nginx"))
            defer { nginx.stop() }
            let paths = try Self.namedPaths(in: catalog)
            // index.json, versions.json, and a manifest, an icon and a package per version.
            #expect(paths.count == 8)
            let compared = ["content-type", "content-length", "etag", "last-modified", "cache-control", "accept-ranges", "content-range"]
            for path in paths {
                let etag = try await Self.curl(nginx.url + path).headers["etag"] ?? ""
                let modified = try await Self.curl(nginx.url + path).headers["last-modified"] ?? ""
                let requests: [[String]] = [
                    [], ["-I"], ["-H", "Range: bytes=10-99"], ["-H", "Range: bytes=-20"], ["-H", "If-None-Match: \(etag)"],
                    ["-H", "If-Modified-Since: \(modified)"], ["-H", "If-Match: \"other\""], ["-H", "Range: bytes=5-1"],
                    ["-H", "Range: bytes=10-", "-H", "If-Range: \(etag)"], ["-H", "Range: bytes=10-", "-H", "If-Range: \"older\""],
                ]
                for options in requests {
                    let fromMactl = try await Self.curl(server.url + path, options: options)
                    let fromNginx = try await Self.curl(nginx.url + path, options: options)
                    let label = "\(path) \(options.joined(separator: " "))"
                    #expect(fromMactl.status == fromNginx.status, "\(label)")
                    guard fromNginx.status < 400 else { continue }
                    // (With -I, curl writes the head where the body would go.)
                    if options != ["-I"] { #expect(fromMactl.body == fromNginx.body, "\(label)") }
                    for name in compared {
                        #expect(fromMactl.headers[name] == fromNginx.headers[name], "\(label): \(name)")
                    }
                }
                #expect(
                    try await Self.curl(server.url + path).body == (try Data(contentsOf: catalog.appendingPathComponent(path))), "\(path)")
            }
            // What neither serves: what a publish holds back, and nothing above the catalog.
            for path in [".lock", ".staging/", ".staging", "../v12.ma", "apps/%2e%2e/%2e%2e/v12.ma", "apps/\(Self.app)/12/"] {
                #expect(try await Self.curl(server.url + path, options: ["--path-as-is"]).status == 404, "\(path)")
                #expect(try await Self.curl(nginx.url + path, options: ["--path-as-is"]).status >= 400, "\(path)")
            }
            // SIGTERM stops it gracefully, exit 0.
            let (status, output) = await server.interrupt(SIGTERM)
            #expect(status == 0 && output == "stopped\n")
        }
    }

    @Test func theAPIServesTheFilesAndADownloadResumes() async throws {
        try await Self.withPackages { folder in
            #expect(try await Self.publish(["v12.ma", "--catalog", "catalog"], in: folder).status == 0)
            #expect(try await Self.publish(["v13.ma", "--catalog", "catalog", "--rollout", "50"], in: folder).status == 0)
            let catalog = folder.appendingPathComponent("catalog")
            let v13 = try await Self.sha256(folder.appendingPathComponent("v13.ma"))
            let server = try await ListeningProcess(mactl: ["catalog", "serve", "catalog", "--port", "0"], in: folder)
            defer { server.stop() }

            // A request with an empty query key once trapped the server; it answers, and lives on.
            #expect(try await Self.curl(server.url + "apps?=").status == 200)
            #expect(try await Self.curl(server.url + "apps?==&&").status == 200)

            // Each call and the file that answers it, with the file's own head.
            let pairs = [
                ("apps", "index.json"),
                ("apps/\(Self.app)/versions/13/manifest", "apps/\(Self.app)/13/manifest.json"),
                ("apps/\(Self.app)/versions/13/package", "apps/\(Self.app)/13/\(v13).ma"),
            ]
            for (call, file) in pairs {
                let fromCall = try await Self.curl(server.url + call)
                let fromFile = try await Self.curl(server.url + file)
                #expect(fromCall.status == 200 && fromFile.status == 200, "\(call)")
                #expect(fromCall.body == (try Data(contentsOf: catalog.appendingPathComponent(file))), "\(call)")
                #expect(
                    fromCall.headers["etag"] == fromFile.headers["etag"]
                        && fromCall.headers["content-type"] == fromFile.headers["content-type"], "\(call)")
            }
            let package = try await Self.curl(server.url + "apps/\(Self.app)/versions/13/package")
            #expect(package.headers["content-type"] == "application/miniapp-pkg+zip")

            // A download cut at 3000 bytes resumes with a range, and verifies.
            let path = "apps/\(Self.app)/versions/13/package"
            let head = try await Self.curl(server.url + path, headers: ["Range: bytes=0-2999"])
            #expect(head.status == 206)
            let rest = try await Self.curl(
                server.url + path, headers: ["Range: bytes=3000-", "If-Range: \(package.headers["etag"] ?? "")"])
            #expect(rest.status == 206)
            #expect(rest.headers["content-range"] == "bytes 3000-\(package.body.count - 1)/\(package.body.count)")
            let whole = head.body + rest.body
            #expect(whole == package.body)
            try whole.write(to: folder.appendingPathComponent("downloaded.ma"))
            #expect(try await CLIRunner.run(["verify", "downloaded.ma", "--cert", "key.cert.pem"], in: folder).status == 0)

            // Rollout: the same device always gets the same answer; without one, only 100%.
            let anonymous = try await Self.curl(server.url + "apps/\(Self.app)")
            #expect(String(decoding: anonymous.body, as: UTF8.self).contains("\"code\": 12"))
            var codes: Set<String> = []
            for device in (0..<40).map({ "device-\($0)" }) {
                let first = try await Self.curl(server.url + "apps/\(Self.app)?device=\(device)")
                let again = try await Self.curl(server.url + "apps/\(Self.app)?device=\(device)")
                #expect(first.body == again.body)
                codes.insert(String(decoding: first.body, as: UTF8.self).contains("\"code\": 13") ? "13" : "12")
            }
            #expect(codes == ["12", "13"])

            // Unknown app and version: 404 with a JSON error.
            let unknown = try await Self.curl(server.url + "apps/com.example.nothing")
            #expect(unknown.status == 404)
            #expect(
                String(decoding: unknown.body, as: UTF8.self) == "{\n  \"error\": \"no app 'com.example.nothing' in the catalog\"\n}\n")
            let noVersion = try await Self.curl(server.url + "apps/\(Self.app)/versions/99/package")
            #expect(noVersion.status == 404)
            #expect(String(decoding: noVersion.body, as: UTF8.self).contains("no version 99 of app 'com.example.showcase' in the catalog"))

            // A port in use is a clear error.
            let port = String(server.port)
            let second = try await CLIRunner.run(["catalog", "serve", "catalog", "--port", port], in: folder)
            #expect(second.status == 2)
            #expect(second.standardError == "error: port \(port) is in use; pick another with --port, or --port 0 for a free one\n")
        }
    }
}
