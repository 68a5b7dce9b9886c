import Crypto
import Foundation
import MiniAppKit
import Testing

/// A web bundle from `pack` to a host built on Rakuten's MiniApp SDK: published with the
/// catalog's key, served by `catalog serve --project-id --api-key`, and downloaded by a client
/// that does what the SDK's source does (ios-miniapp b514deef), step by step:
/// `MiniAppClient.getMiniAppsList`/`getMiniApp` → `getAppManifest` (the `Signature` header and
/// `publicKeyId`) → `SignatureFetcher.fetchKey` (`keys/{id}`, its id checked) → each file with a
/// plain GET → `SignatureVerifier.verify` over versionId + sha256hex(file) →
/// `UrlParser.getFileStoragePath` and `unzipFile` (a `.zip` with `index.html` at its root) →
/// `getMiniAppMetaData`. A tampered bundle or signature is refused by it.
@Suite(.serialized) struct RakutenPlatformTests {
    static let app = "com.example.greeter"
    static let project = "p-42"
    static let subscriptionKey = "s3cret"

    /// The SDK's models, decoded as it decodes them (`Models/*.swift`): a member of another
    /// type, or a missing one it requires, fails the decode.
    struct MiniAppInfo: Decodable {
        struct Version: Decodable {
            var versionTag: String
            var versionId: String
        }
        var id: String
        var displayName: String?
        var icon: URL
        var version: Version
    }

    struct ManifestResponse: Decodable {
        var manifest: [String]
        var publicKeyId: String?
    }

    struct KeyModel: Decodable {
        var id: String
        var ecKey: String
        var pemKey: String
    }

    struct MetaDataResponse: Decodable {
        struct Permission: Decodable, Equatable {
            var name: String?
            var reason: String?
        }
        struct TokenScopes: Decodable, Equatable {
            var audience: String
            var scopes: [String]
        }
        struct BundleManifest: Decodable {
            var reqPermissions: [Permission]?
            var optPermissions: [Permission]?
            var customMetaData: [String: String]?
            var accessTokenPermissions: [TokenScopes]?
        }
        var bundleManifest: BundleManifest
    }

    struct PreviewMiniAppInfo: Decodable {
        struct Host: Decodable {
            var id: String?
            var subscriptionkey: String?
        }
        var miniapp: MiniAppInfo
        var host: Host?
    }

    struct ErrorData: Decodable {
        var code: Int
        var message: String
    }

    struct UnauthorizedData: Decodable {
        var error: String
        var error_description: String
    }

    /// A web bundle project that lints clean under the `rakuten` profile.
    static let files: [String: String] = [
        ".mactl.yml": "runtime: rakuten\n",
        "manifest.json": """
        {
          "app_id": "com.example.greeter",
          "name": "Greeter",
          "version": { "code": 3, "name": "1.2.0" },
          "reqPermissions": [{ "name": "rakuten.miniapp.user.USER_NAME", "reason": "To greet you." }],
          "optPermissions": [{ "name": "rakuten.miniapp.device.LOCATION" }],
          "accessTokenPermissions": [{ "audience": "rae", "scopes": ["idinfo_read_openid"] }],
          "customMetaData": { "theme": "dark" }
        }

        """,
        "index.html": """
        <!DOCTYPE html>
        <html>
        <head>
          <link rel="stylesheet" href="style.css">
          <script src="main.js" defer></script>
        </head>
        <body><p id="greeting">Hello!</p></body>
        </html>

        """,
        "main.js": """
        const sdk = window.MiniApp.default;
        sdk.user.getUserName().then((name) => { document.getElementById('greeting').textContent = name; });
        navigator.geolocation.getCurrentPosition((position) => console.log(position.coords));

        """,
        "style.css": "body { margin: 0; }\n",
    ]

    /// Packs the bundle, gives a catalog its key and publishes the bundle with it, then runs
    /// `body` with the folder and the catalog served with the platform API.
    static func withServedBundle(_ body: (URL, String) async throws -> Void) async throws {
        try await CLIRunner.withTemporaryFolder { folder in
            let projectFolder = folder.appendingPathComponent("greeter")
            for (path, text) in files {
                let url = projectFolder.appendingPathComponent(path)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(text.utf8).write(to: url)
            }
            let lint = try await CLIRunner.run(["lint", "greeter"], in: folder)
            #expect(lint.status == 0, "\(lint.standardOutput)")
            #expect(try await CLIRunner.run(["keygen", "author.pem"], in: folder).status == 0)
            let pack = try await CLIRunner.run(
                ["pack", "greeter", "--sign", "author.pem", "-o", "greeter.zip"], in: folder, environment: CatalogCommandTests.epoch)
            #expect(pack.status == 0, "\(pack.standardError)")
            let keygen = try await CLIRunner.run(["catalog", "keygen", "catalog"], in: folder)
            #expect(keygen.status == 0, "\(keygen.standardError)")
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("catalog-key.pem").path))
            let publish = try await CatalogCommandTests.publish(
                ["greeter.zip", "--catalog", "catalog", "--catalog-key", "catalog-key.pem"], in: folder)
            #expect(publish.status == 0, "\(publish.standardError)")
            let verify = try await CLIRunner.run(["catalog", "verify", "catalog"], in: folder)
            #expect(verify.status == 0, "\(verify.standardOutput)")
            let server = try await ListeningProcess(
                mactl: ["catalog", "serve", "catalog", "--port", "0", "--project-id", Self.project, "--api-key", subscriptionKey],
                in: folder)
            defer { server.stop() }
            // The host's RMAAPIEndpoint: the server's root, without a final '/'.
            try await body(folder, String(server.url.dropLast()))
        }
    }

    /// What the SDK sends with every platform request (`URLRequest.setSubscriptionKey`).
    static let apiKeyHeader = "apiKey: ras-\(subscriptionKey)"

    static func decode<T: Decodable>(_ type: T.Type, _ answer: (status: Int, headers: [String: String], body: Data)) throws -> T {
        #expect(answer.status == 200, "\(String(decoding: answer.body, as: UTF8.self))")
        return try JSONDecoder().decode(T.self, from: answer.body)
    }

    /// The SDK's download of one version: the file list, the key, each file checked against the
    /// signature and unzipped into the version folder. Returns why it refused, or nil.
    static func download(base: String, app: String, versionID: String, into folder: URL) async throws -> String? {
        let manifestAnswer = try await CatalogCommandTests.curl(
            "\(base)/host/\(project)/miniapp/\(app)/version/\(versionID)/manifest", headers: [apiKeyHeader])
        let list = try decode(ManifestResponse.self, manifestAnswer)
        guard let signature = manifestAnswer.headers["signature"], let keyID = list.publicKeyId else {
            return "no Signature or publicKeyId"
        }
        let key = try decode(KeyModel.self, try await CatalogCommandTests.curl("\(base)/keys/\(keyID)", headers: [apiKeyHeader]))
        guard key.id == keyID else { return "the key's id is not the one asked for" }
        let versionFolder = folder.appendingPathComponent(app).appendingPathComponent(versionID)
        for url in list.manifest {
            // A plain GET: the SDK's download sends no apiKey.
            let file = try await CatalogCommandTests.curl(url)
            guard file.status == 200 else { return "\(url) answered \(file.status)" }
            let digest = SHA256.hash(data: file.body).map { String(format: "%02hhx", $0) }.joined()
            guard let point = Data(base64Encoded: key.ecKey), let publicKey = try? P256.Signing.PublicKey(x963Representation: point),
                let der = Data(base64Encoded: signature), let parsed = try? P256.Signing.ECDSASignature(derRepresentation: der),
                publicKey.isValidSignature(parsed, for: Data((versionID + digest).utf8))
            else { return "the signature does not verify" }
            // UrlParser: the URL less the base, less its first two path components.
            let components = url.replacingOccurrences(of: base, with: "").components(separatedBy: "/").dropFirst(2)
            let stored = versionFolder.appendingPathComponent(components.joined(separator: "/"))
            try FileManager.default.createDirectory(at: stored.deletingLastPathComponent(), withIntermediateDirectories: true)
            try file.body.write(to: stored)
            guard stored.pathExtension == "zip" else { continue }
            let unzip = try await CLIRunner.run(
                ["unzip", "-q", "-o", stored.path, "-d", versionFolder.path], executable: URL(fileURLWithPath: "/usr/bin/env"))
            guard unzip.status == 0 else { return "unzip: \(unzip.standardError)" }
            try FileManager.default.removeItem(at: stored)
            guard FileManager.default.fileExists(atPath: versionFolder.appendingPathComponent("index.html").path) else { return "noRoot" }
        }
        return nil
    }

    @Test func aClientFollowingTheSDKListsDownloadsVerifiesAndReadsTheMetadata() async throws {
        try await Self.withServedBundle { folder, base in
            let apps = try Self.decode(
                [MiniAppInfo].self,
                try await CatalogCommandTests.curl("\(base)/host/\(Self.project)/miniapps", headers: [Self.apiKeyHeader]))
            #expect(apps.map(\.id) == [Self.app])
            let info = try #require(apps.first)
            #expect(info.displayName == "Greeter")
            #expect(info.version.versionTag == "1.2.0")
            let one = try Self.decode(
                [MiniAppInfo].self,
                try await CatalogCommandTests.curl(
                    "\(base)/host/\(Self.project)/miniapps?miniAppId=\(Self.app)", headers: [Self.apiKeyHeader]))
            #expect(one.map(\.version.versionId) == [info.version.versionId])
            let versions = try JSONDecoder().decode(
                CatalogFiles.VersionList.self,
                from: Data(contentsOf: folder.appendingPathComponent("catalog/apps/\(Self.app)/versions.json")))
            #expect(versions.versions.first?.versionId == info.version.versionId)
            #expect(versions.versions.first?.package.hasSuffix(".zip") == true)

            let device = folder.appendingPathComponent("device")
            #expect(try await Self.download(base: base, app: Self.app, versionID: info.version.versionId, into: device) == nil)
            let installed = device.appendingPathComponent(Self.app).appendingPathComponent(info.version.versionId)
            #expect(
                try String(contentsOf: installed.appendingPathComponent("main.js"), encoding: .utf8) == Self.files["main.js"])

            let metadata = try Self.decode(
                MetaDataResponse.self,
                try await CatalogCommandTests.curl(
                    "\(base)/host/\(Self.project)/miniapp/\(Self.app)/version/\(info.version.versionId)/metadata?lang=en",
                    headers: [Self.apiKeyHeader]))
            #expect(metadata.bundleManifest.reqPermissions == [.init(name: "rakuten.miniapp.user.USER_NAME", reason: "To greet you.")])
            #expect(metadata.bundleManifest.optPermissions == [.init(name: "rakuten.miniapp.device.LOCATION", reason: nil)])
            #expect(metadata.bundleManifest.customMetaData == ["theme": "dark"])
            #expect(metadata.bundleManifest.accessTokenPermissions == [.init(audience: "rae", scopes: ["idinfo_read_openid"])])

            let preview = try Self.decode(
                PreviewMiniAppInfo.self,
                try await CatalogCommandTests.curl(
                    "\(base)/host/\(Self.project)/preview-codes/\(info.version.versionId)", headers: [Self.apiKeyHeader]))
            #expect(preview.miniapp.id == Self.app)
            #expect(preview.host?.id == Self.project)
            #expect(preview.host?.subscriptionkey == Self.subscriptionKey)
        }
    }

    @Test func theSignatureVerifiesWithOpenSSLAsWithTheSDKsKey() async throws {
        try await Self.withServedBundle { folder, base in
            let apps = try Self.decode(
                [MiniAppInfo].self,
                try await CatalogCommandTests.curl("\(base)/host/\(Self.project)/miniapps", headers: [Self.apiKeyHeader]))
            let versionID = try #require(apps.first?.version.versionId)
            let answer = try await CatalogCommandTests.curl(
                "\(base)/host/\(Self.project)/miniapp/\(Self.app)/version/\(versionID)/manifest", headers: [Self.apiKeyHeader])
            let list = try Self.decode(ManifestResponse.self, answer)
            let key = try Self.decode(KeyModel.self, try await CatalogCommandTests.curl("\(base)/keys/\(list.publicKeyId ?? "")"))
            let bundle = try await CatalogCommandTests.curl(try #require(list.manifest.first))
            let digest = SHA256.hash(data: bundle.body).map { String(format: "%02hhx", $0) }.joined()
            try Data((versionID + digest).utf8).write(to: folder.appendingPathComponent("message"))
            try Data(base64Encoded: try #require(answer.headers["signature"]))!.write(to: folder.appendingPathComponent("signature.der"))
            try Data(key.pemKey.utf8).write(to: folder.appendingPathComponent("public.pem"))
            let openssl = try await CLIRunner.run(
                ["openssl", "dgst", "-sha256", "-verify", "public.pem", "-signature", "signature.der", "message"], in: folder,
                executable: URL(fileURLWithPath: "/usr/bin/env"))
            #expect(openssl.standardOutput == "Verified OK\n", "\(openssl.standardError)")
        }
    }

    @Test func aTamperedBundleOrSignatureIsRefusedByTheClient() async throws {
        try await Self.withServedBundle { folder, base in
            let apps = try Self.decode(
                [MiniAppInfo].self,
                try await CatalogCommandTests.curl("\(base)/host/\(Self.project)/miniapps", headers: [Self.apiKeyHeader]))
            let versionID = try #require(apps.first?.version.versionId)
            let listURL = folder.appendingPathComponent("catalog/apps/\(Self.app)/versions.json")
            var list = try JSONDecoder().decode(CatalogFiles.VersionList.self, from: Data(contentsOf: listURL))
            let bundleURL = folder.appendingPathComponent("catalog").appendingPathComponent(list.versions[0].package)
            let original = try Data(contentsOf: bundleURL)

            // One byte of the bundle changed on the server.
            var changed = original
            changed[changed.count / 2] ^= 0x01
            try changed.write(to: bundleURL)
            #expect(
                try await Self.download(base: base, app: Self.app, versionID: versionID, into: folder.appendingPathComponent("d1"))
                    == "the signature does not verify")
            try original.write(to: bundleURL)

            // The signature of another message in the list.
            let other = CatalogPlatformKey.generate()
            let forged = try other.sign(versionID: versionID, fileSHA256: list.versions[0].sha256)
            list.versions[0].platformSignature?.signature = forged.signature
            try Data(CatalogFiles.encode(list)).write(to: listURL)
            #expect(
                try await Self.download(base: base, app: Self.app, versionID: versionID, into: folder.appendingPathComponent("d2"))
                    == "the signature does not verify")
            let verify = try await CLIRunner.run(["catalog", "verify", "catalog"], in: folder)
            #expect(verify.status == 1)
            #expect(verify.standardOutput.contains("platformSignature does not verify with keys/"))
        }
    }

    /// The static half (the key record, the bundle) served by nginx with the documented block
    /// as by `catalog serve`, and a host whose file lists point at nginx (`--files-url`).
    @Test func theStaticHalfComesAlikeFromNginx() async throws {
        try await Self.withServedBundle { folder, base in
            let catalog = folder.appendingPathComponent("catalog")
            let nginx = try await CatalogCommandTests.Nginx(root: catalog, scratch: folder.appendingPathComponent("nginx"))
            defer { nginx.stop() }
            let list = try JSONDecoder().decode(
                CatalogFiles.VersionList.self, from: Data(contentsOf: catalog.appendingPathComponent("apps/\(Self.app)/versions.json")))
            let version = try #require(list.versions.first)
            let keyPath = CatalogFiles.keyPath(try #require(version.platformSignature?.keyId))
            for path in [keyPath, version.package] {
                let fromMactl = try await CatalogCommandTests.curl("\(base)/\(path)")
                let fromNginx = try await CatalogCommandTests.curl(nginx.url + path)
                #expect(fromMactl.status == 200)
                #expect(fromNginx.status == 200)
                #expect(fromMactl.body == fromNginx.body)
                for name in ["content-type", "cache-control", "content-length"] {
                    #expect(fromMactl.headers[name] == fromNginx.headers[name], "\(path) \(name)")
                }
            }
            let apiOnly = try await ListeningProcess(
                mactl: [
                    "catalog", "serve", "catalog", "--port", "0", "--project-id", Self.project, "--api-key", Self.subscriptionKey,
                    "--files-url", String(nginx.url.dropLast()),
                ], in: folder)
            defer { apiOnly.stop() }
            let apiBase = String(apiOnly.url.dropLast())
            let manifest = try Self.decode(
                ManifestResponse.self,
                try await CatalogCommandTests.curl(
                    "\(apiBase)/host/\(Self.project)/miniapp/\(Self.app)/version/\(version.versionId ?? "")/manifest",
                    headers: [Self.apiKeyHeader]))
            #expect(manifest.manifest == [nginx.url + version.package])
            #expect(
                try await Self.download(
                    base: apiBase, app: Self.app, versionID: version.versionId ?? "", into: folder.appendingPathComponent("device")) == nil)
        }
    }

    @Test func requestsWithoutTheKeyOrForAnotherProjectGetTheSDKsErrorShapes() async throws {
        try await Self.withServedBundle { _, base in
            let missing = try await CatalogCommandTests.curl("\(base)/host/\(Self.project)/miniapps")
            #expect(missing.status == 401)
            let unauthorized = try JSONDecoder().decode(UnauthorizedData.self, from: missing.body)
            #expect(unauthorized.error == "invalid_client")
            #expect(unauthorized.error_description.hasPrefix("no apiKey header"))
            let wrong = try await CatalogCommandTests.curl("\(base)/host/\(Self.project)/miniapps", headers: ["apiKey: ras-other"])
            #expect(wrong.status == 401)
            let otherProject = try await CatalogCommandTests.curl("\(base)/host/other/miniapps", headers: [Self.apiKeyHeader])
            #expect(otherProject.status == 404)
            #expect(try JSONDecoder().decode(ErrorData.self, from: otherProject.body).code == 404)
            let unknownVersion = try await CatalogCommandTests.curl(
                "\(base)/host/\(Self.project)/miniapp/\(Self.app)/version/9-0000000000000000/manifest", headers: [Self.apiKeyHeader])
            #expect(unknownVersion.status == 404)
            #expect(try JSONDecoder().decode(ErrorData.self, from: unknownVersion.body).message.contains("no version '9-0000000000000000'"))
        }
    }
}
