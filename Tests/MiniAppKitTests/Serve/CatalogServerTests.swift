import Crypto
import Foundation
import MiniAppKitTestProcess
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import MiniAppKitTestSupport
import NIOCore
import Testing

@testable import MiniAppKit

#if canImport(Glibc)
import Glibc
#endif

/// `mactl catalog serve` in process, on Hummingbird's live test server: every route, the
/// static layout, conditional and range requests, and the requests that must not get out of
/// the catalog or stop the server.
@Suite struct CatalogServerTests {
    static let app = "com.example.shop"

    /// A catalog written by hand: two versions of one app, a package past one piece
    /// (`FileResponse.pieceBytes`), the files a publish holds back, and a file outside it.
    struct Catalog {
        let root: URL
        let package: [UInt8]
        let sha256: String
        let outside: URL

        init() throws {
            let base = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-server-\(UUID().uuidString)")
            root = base.appendingPathComponent("catalog")
            outside = base.appendingPathComponent("secret.txt")
            package = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 7) }
            sha256 = SHA256.hash(data: package).map { String(format: "%02x", $0) }.joined()
            let app = CatalogServerTests.app
            func version(_ code: Int, channel: String, rollout: Int) -> CatalogFiles.Version {
                CatalogFiles.Version(
                    code: code, name: "1.\(code).0", title: "Shop", channel: channel, rollout: rollout, sha256: sha256, size: package.count,
                    signer: nil, published: "2026-11-01T00:00:00Z", withdrawn: false, permissions: [],
                    manifest: CatalogFiles.manifestPath(app, code), icon: CatalogFiles.iconPath(app, code, extension: "svg"),
                    package: CatalogFiles.packagePath(app, code, sha256: sha256))
            }
            let list = CatalogFiles.VersionList(
                format: 1, app: app, versions: [version(3, channel: "stable", rollout: 100), version(4, channel: "beta", rollout: 100)])
            var files: [String: [UInt8]] = [
                CatalogFiles.indexPath: CatalogFiles.encode(CatalogFiles.index(from: [list])),
                CatalogFiles.versionsPath(app): CatalogFiles.encode(list),
                ".lock": [],
                ".staging/x.ma": Array("half written".utf8),
            ]
            for code in [3, 4] {
                files[CatalogFiles.manifestPath(app, code)] = Array(#"{"appID":"com.example.shop"}"#.utf8)
                files[CatalogFiles.iconPath(app, code, extension: "svg")] = Array("<svg xmlns=\"http://www.w3.org/2000/svg\"/>".utf8)
                files[CatalogFiles.packagePath(app, code, sha256: sha256)] = package
            }
            for (path, bytes) in files {
                let url = root.appendingPathComponent(path)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(bytes).write(to: url)
            }
            try Data("not the catalog's".utf8).write(to: outside)
        }

        func remove() { try? FileManager.default.removeItem(at: root.deletingLastPathComponent()) }

        func bytes(_ path: String) throws -> [UInt8] { [UInt8](try Data(contentsOf: root.appendingPathComponent(path))) }

        var packagePath: String { CatalogFiles.packagePath(CatalogServerTests.app, 3, sha256: sha256) }
    }

    /// The catalog served by the same application `mactl catalog serve` runs.
    static func withServer(
        idleTimeout: TimeAmount = LocalServer.idleTimeout, _ body: @Sendable (Catalog, any TestClientProtocol) async throws -> Void
    ) async throws {
        let catalog = try Catalog()
        defer { catalog.remove() }
        let application = LocalServer.application(responder: try CatalogServer(catalog: catalog.root), idleTimeout: idleTimeout)
        try await application.test(.live) { client in try await body(catalog, client) }
    }

    @Test func everyPathTheListsNameIsServedWithItsBytesTypeAndCaching() async throws {
        try await Self.withServer { catalog, client in
            let app = Self.app
            let expected: [(String, String, String)] = [
                ("index.json", "application/json", "no-cache"),
                ("apps/\(app)/versions.json", "application/json", "no-cache"),
                ("apps/\(app)/3/manifest.json", "application/json", "public, max-age=31536000, immutable"),
                ("apps/\(app)/3/icon.svg", "image/svg+xml", "public, max-age=31536000, immutable"),
                (catalog.packagePath, "application/miniapp-pkg+zip", "public, max-age=31536000, immutable"),
            ]
            for (path, type, caching) in expected {
                let bytes = try catalog.bytes(path)
                let response = try await client.execute(uri: "/" + path, method: .get)
                #expect(response.status == .ok, "\(path)")
                #expect(Array(buffer: response.body) == bytes, "\(path)")
                #expect(response.headers[.contentType] == type, "\(path)")
                #expect(response.headers[.cacheControl] == caching, "\(path)")
                #expect(response.headers[.contentLength] == String(bytes.count), "\(path)")
                #expect(response.headers[.acceptRanges] == "bytes", "\(path)")
                let part = try await client.execute(uri: "/" + path, method: .get, headers: [.range: "bytes=0-0"])
                #expect(part.status == .partialContent && part.headers[.acceptRanges] == nil, "\(path)")
                // nginx's ETag and Last-Modified: the modification time and the size.
                let status = try FileManager.default.attributesOfItem(atPath: catalog.root.appendingPathComponent(path).path)
                let modified = Int((status[.modificationDate] as! Date).timeIntervalSince1970)
                #expect(response.headers[.eTag] == "\"\(String(modified, radix: 16))-\(String(bytes.count, radix: 16))\"", "\(path)")
                #expect(response.headers[.lastModified] == HTTPDate.string(modified), "\(path)")
                // HEAD: the same head, no body.
                let head = try await client.execute(uri: "/" + path, method: .head)
                #expect(head.status == .ok && head.body.readableBytes == 0, "\(path)")
                #expect(head.headers[.contentLength] == String(bytes.count) && head.headers[.eTag] == response.headers[.eTag], "\(path)")
            }
        }
    }

    @Test func theAPIAnswersAsDocumented() async throws {
        try await Self.withServer { catalog, client in
            let app = Self.app
            for uri in ["/apps", "/apps/", "/apps?=", "/apps?==&&", "/apps?channel"] {
                let index = try await client.execute(uri: uri, method: .get)
                #expect(index.status == .ok, "\(uri)")
                #expect(Array(buffer: index.body) == (try catalog.bytes(CatalogFiles.indexPath)), "\(uri)")
            }
            let manifest = try await client.execute(uri: "/apps/\(app)/versions/3/manifest", method: .get)
            #expect(Array(buffer: manifest.body) == (try catalog.bytes(CatalogFiles.manifestPath(app, 3))))
            let package = try await client.execute(uri: "/apps/\(app)/versions/3/package", method: .get)
            #expect(Array(buffer: package.body) == catalog.package)
            #expect(package.headers[.contentType] == "application/miniapp-pkg+zip")

            let stable = try await client.execute(uri: "/apps/\(app)", method: .get)
            #expect(stable.status == .ok && String(buffer: stable.body).contains("\"code\": 3,"))
            let beta = try await client.execute(uri: "/apps/\(app)?channel=beta&device=d1", method: .get)
            #expect(beta.status == .ok && String(buffer: beta.body).contains("\"code\": 4,"))

            let answers: [(String, HTTPResponse.Status, String)] = [
                ("/apps/com.example.none", .notFound, "no app 'com.example.none' in the catalog"),
                ("/apps/\(app)?channel=nightly", .notFound, "app 'com.example.shop' has no version on channel 'nightly' for this device"),
                ("/apps/\(app)/versions/9/package", .notFound, "no version 9 of app 'com.example.shop' in the catalog"),
                ("/apps/\(app)/versions/03/package", .notFound, "no version 03 of app 'com.example.shop' in the catalog"),
                ("/apps/\(app)/3/nothing.ma", .notFound, "the catalog has no apps/com.example.shop/3/nothing.ma"),
                ("/nothing", .notFound, "nothing at /nothing; see docs/catalog.md for the layout and the API"),
                ("/apps/%zz", .badRequest, "the path is not percent-encoded UTF-8"),
                ("/apps/%00", .badRequest, "the path is not percent-encoded UTF-8"),
                ("/apps/%ff", .badRequest, "the path is not percent-encoded UTF-8"),
            ]
            for (uri, status, message) in answers {
                let response = try await client.execute(uri: uri, method: .get)
                #expect(response.status == status, "\(uri)")
                #expect(String(buffer: response.body) == "{\n  \"error\": \"\(message)\"\n}\n", "\(uri)")
                #expect(response.headers[.contentType] == "application/json", "\(uri)")
            }
            for method in [HTTPRequest.Method.post, .put, .delete, .patch, .options, .trace] {
                let refused = try await client.execute(uri: "/index.json", method: method, body: ByteBuffer(string: "{}"))
                #expect(refused.status == .methodNotAllowed, "\(method)")
                #expect(refused.headers[.allow] == "GET, HEAD", "\(method)")
            }
        }
    }

    @Test func conditionalRequestsFollowRFC9110() async throws {
        try await Self.withServer { catalog, client in
            let path = "/" + catalog.packagePath
            let first = try await client.execute(uri: path, method: .get)
            let etag = try #require(first.headers[.eTag])
            let modified = try #require(first.headers[.lastModified])
            let modifiedSeconds = try #require(HTTPDate.seconds(modified))
            let earlier = HTTPDate.string(modifiedSeconds - 60)
            let cases: [(HTTPFields, HTTPResponse.Status)] = [
                ([.ifNoneMatch: etag], .notModified),
                ([.ifNoneMatch: "W/" + etag], .notModified),
                ([.ifNoneMatch: "\"other\", " + etag], .notModified),
                ([.ifNoneMatch: "*"], .notModified),
                ([.ifNoneMatch: "\"other\""], .ok),
                ([.ifModifiedSince: modified], .notModified),
                ([.ifModifiedSince: earlier], .ok),
                ([.ifModifiedSince: "yesterday"], .ok),
                // If-None-Match wins over If-Modified-Since.
                ([.ifNoneMatch: "\"other\"", .ifModifiedSince: modified], .ok),
                ([.ifMatch: etag], .ok),
                ([.ifMatch: "*"], .ok),
                ([.ifMatch: "\"other\""], .preconditionFailed),
                ([.ifMatch: "W/" + etag], .preconditionFailed),
                ([.ifUnmodifiedSince: earlier], .preconditionFailed),
                ([.ifUnmodifiedSince: modified], .ok),
            ]
            for (headers, status) in cases {
                let response = try await client.execute(uri: path, method: .get, headers: headers)
                #expect(response.status == status, "\(headers)")
                if status == .notModified {
                    #expect(response.body.readableBytes == 0 && response.headers[.eTag] == etag, "\(headers)")
                }
            }
        }
    }

    @Test func rangesSendExactlyTheBytesAskedFor() async throws {
        try await Self.withServer { catalog, client in
            let path = "/" + catalog.packagePath
            let size = catalog.package.count
            let etag = try #require(try await client.execute(uri: path, method: .head).headers[.eTag])
            let satisfiable: [(String, Range<Int>)] = [
                ("bytes=0-99", 0..<100), ("bytes=1000-", 1000..<size), ("bytes=-500", (size - 500)..<size),
                ("bytes=299990-999999", 299_990..<size), ("bytes=-999999", 0..<size), ("bytes=10-10", 10..<11),
                ("bytes=0-99999999999999999999999", 0..<size),
            ]
            for (range, bounds) in satisfiable {
                let response = try await client.execute(uri: path, method: .get, headers: [.range: range])
                #expect(response.status == .partialContent, "\(range)")
                #expect(Array(buffer: response.body) == Array(catalog.package[bounds]), "\(range)")
                #expect(response.headers[.contentRange] == "bytes \(bounds.lowerBound)-\(bounds.upperBound - 1)/\(size)", "\(range)")
                #expect(response.headers[.contentLength] == String(bounds.count), "\(range)")
            }
            for range in ["bytes=300000-", "bytes=abc", "bytes=5-2", "bytes=-0", "bytes=-", "bytes=99999999999999999999999-"] {
                let response = try await client.execute(uri: path, method: .get, headers: [.range: range])
                #expect(response.status == .rangeNotSatisfiable, "\(range)")
                #expect(response.headers[.contentRange] == "bytes */\(size)", "\(range)")
            }
            for range in ["items=0-1", "bytes=0-1,5-6", "bytes="] {
                let response = try await client.execute(uri: path, method: .get, headers: [.range: range])
                #expect(response.status == .ok && Array(buffer: response.body) == catalog.package, "\(range)")
            }
            // If-Range: the range while the file is the one the client has, else all of it.
            let resumed = try await client.execute(uri: path, method: .get, headers: [.range: "bytes=100-", .ifRange: etag])
            #expect(resumed.status == .partialContent && resumed.body.readableBytes == size - 100)
            let replaced = try await client.execute(uri: path, method: .get, headers: [.range: "bytes=100-", .ifRange: "\"older\""])
            #expect(replaced.status == .ok && Array(buffer: replaced.body) == catalog.package)
        }
    }

    @Test func nothingOutsideTheCatalogOrHeldBackByAPublishIsServed() async throws {
        try await Self.withServer { catalog, client in
            let app = Self.app
            let fm = FileManager.default
            // A manifest that is a link to a file outside, a version folder that is a link, and a
            // list that names a path out of the catalog.
            let manifest = catalog.root.appendingPathComponent(CatalogFiles.manifestPath(app, 4))
            try fm.removeItem(at: manifest)
            try fm.createSymbolicLink(at: manifest, withDestinationURL: catalog.outside)
            try fm.createSymbolicLink(
                at: catalog.root.appendingPathComponent("apps/\(app)/5"), withDestinationURL: catalog.outside.deletingLastPathComponent())
            try fm.createSymbolicLink(
                at: catalog.root.appendingPathComponent("apps/com.example.link"),
                withDestinationURL: catalog.root.appendingPathComponent("apps/\(app)"))
            var list = try JSONDecoder().decode(
                CatalogFiles.VersionList.self, from: Data(try catalog.bytes(CatalogFiles.versionsPath(app))))
            list.versions[1].package = "../../../../../../../../etc/passwd"
            list.versions[1].manifest = "apps/\(app)/4/../../../../secret.txt"
            try Data(CatalogFiles.encode(list)).write(to: catalog.root.appendingPathComponent(CatalogFiles.versionsPath(app)))

            let refused = [
                "/apps/\(app)/4/manifest.json", "/apps/\(app)/versions/4/manifest", "/apps/\(app)/versions/4/package",
                "/apps/\(app)/5/secret.txt", "/apps/com.example.link/versions.json", "/apps/com.example.link/3/manifest.json",
                "/.lock", "/.staging/x.ma", "/.staging", "/apps/..%2f..%2fsecret.txt", "/apps/%2e%2e/%2e%2e/secret.txt",
                "/../secret.txt", "/apps/\(app)/3/..", "/apps/\(app)/3/.hidden", "//etc/passwd", "/apps/\(app)/3/%2fetc%2fpasswd",
            ]
            for uri in refused {
                let response = try await client.execute(uri: uri, method: .get)
                #expect(response.status == .notFound || response.status == .badRequest, "\(uri)")
                let body = String(buffer: response.body)
                #expect(!body.contains("not the catalog's") && !body.contains("root:") && !body.contains("half written"), "\(uri)")
            }
            // The rest of the catalog is still served.
            #expect(try await client.execute(uri: "/index.json", method: .get).status == .ok)
        }
    }

    /// What each malformed request gets, sent as raw bytes; after each the server still
    /// answers. The closing note of issue 39 and docs/serve.md carry this table.
    static let malformed: [(name: String, request: [UInt8], status: Int?)] = [
        ("a bare LF for line ends", Array("GET /index.json HTTP/1.1\nHost: x\n\n".utf8), 400),
        (
            "a head past 32 KB", Array("GET /index.json HTTP/1.1\r\nHost: x\r\nX-A: \(String(repeating: "a", count: 40_000))\r\n\r\n".utf8),
            400
        ),
        (
            "a thousand header fields",
            Array(("GET /index.json HTTP/1.1\r\nHost: x\r\n" + (0..<1000).map { "X-\($0): 1\r\n" }.joined() + "\r\n").utf8), 400
        ),
        ("a target past 32 KB", Array("GET /\(String(repeating: "a", count: 40_000)) HTTP/1.1\r\nHost: x\r\n\r\n".utf8), 400),
        ("a Content-Length that is not a number", Array("GET /index.json HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n".utf8), 400),
        ("a negative Content-Length", Array("GET /index.json HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n".utf8), 400),
        (
            "a Content-Length past 2^64",
            Array("POST /index.json HTTP/1.1\r\nHost: x\r\nContent-Length: 99999999999999999999999\r\n\r\n".utf8), 400
        ),
        (
            "two different Content-Lengths",
            Array("GET /index.json HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nab".utf8), 400
        ),
        (
            "Content-Length and chunked together",
            Array("POST /index.json HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n".utf8), 400
        ),
        ("a malformed chunk size", Array("POST /index.json HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n\r\n".utf8), 405),
        ("an HTTP/0.9 request line", Array("GET /index.json\r\n\r\n".utf8), 400),
        ("an unknown HTTP version", Array("GET /index.json HTTP/7.5\r\nHost: x\r\n\r\n".utf8), 400),
        ("binary bytes", [0, 1, 2, 255, 254, 13, 10, 13, 10], 400),
        ("a NUL in the target", Array("GET /index\u{0}.json HTTP/1.1\r\nHost: x\r\n\r\n".utf8), 400),
        ("a space in a header name", Array("GET /index.json HTTP/1.1\r\nHost: x\r\nBad Name: 1\r\n\r\n".utf8), 400),
        ("a folded header line", Array("GET /index.json HTTP/1.1\r\nHost: x\r\nX-A: 1\r\n 2\r\n\r\n".utf8), 400),
        ("an empty query key", Array("GET /apps?= HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".utf8), 200),
        ("a query of separators", Array("GET /apps?==&&=&%zz=%zz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".utf8), 200),
        ("an absolute-form target", Array("GET http://elsewhere/index.json HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".utf8), 200),
        ("OPTIONS *", Array("OPTIONS * HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".utf8), 405),
        ("CONNECT", Array("CONNECT elsewhere:443 HTTP/1.1\r\nHost: elsewhere:443\r\nConnection: close\r\n\r\n".utf8), 405),
        ("a method HTTP does not define", Array("BREW /index.json HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".utf8), 400),
        ("a body on a GET", Array("GET /index.json HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nConnection: close\r\n\r\nhello".utf8), 200),
        (
            "a 1 MB body on a POST",
            Array("POST /index.json HTTP/1.1\r\nHost: x\r\nContent-Length: 1048576\r\nConnection: close\r\n\r\n".utf8)
                + [UInt8](repeating: 97, count: 1 << 20), 405
        ),
    ]

    @Test func noMalformedRequestStopsTheServer() async throws {
        try await Self.withServer { catalog, client in
            let port = try #require(client.port)
            for shape in Self.malformed {
                let (answers, closed) = try await RawHTTP.exchange(shape.request, port: port)
                #expect(answers.first?.status == shape.status, "\(shape.name)")
                #expect(closed, "\(shape.name): the connection was left open")
                let after = try await client.execute(uri: "/index.json", method: .get)
                #expect(after.status == .ok, "after \(shape.name)")
            }
        }
    }

    @Test func aConnectionKeepsAliveAndAnswersPipelinedRequestsInOrder() async throws {
        try await Self.withServer { catalog, client in
            let port = try #require(client.port)
            let requests =
                "GET /index.json HTTP/1.1\r\nHost: x\r\n\r\n" + "HEAD /apps HTTP/1.1\r\nHost: x\r\n\r\n"
                + "GET /apps/\(Self.app)/versions.json HTTP/1.1\r\nHost: x\r\nRange: bytes=0-9\r\n\r\n"
                + "GET /nothing HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
            let connection = try RawHTTP.connect(port)
            defer { close(connection) }
            try await RawHTTP.send(Array(requests.utf8), on: connection)
            let (bytes, closed) = try await RawHTTP.readToEnd(connection)
            #expect(closed)
            // The HEAD answer carries the GET's Content-Length and no body: split by hand.
            let text = String(decoding: bytes, as: UTF8.self)
            let index = try catalog.bytes(CatalogFiles.indexPath)
            #expect(text.components(separatedBy: "HTTP/1.1 ").dropFirst().map { String($0.prefix(3)) } == ["200", "200", "206", "404"])
            #expect(text.contains("Content-Range: bytes 0-9/"))
            #expect(bytes.count > index.count * 1)
        }
    }

    @Test func aClientThatStopsMidRequestIsCutOffAtTheIdleTimeout() async throws {
        try await Self.withServer(idleTimeout: .milliseconds(500)) { catalog, client in
            let port = try #require(client.port)
            let connection = try RawHTTP.connect(port, timeout: 10)
            defer { close(connection) }
            try await RawHTTP.send(Array("GET /index.json HTTP/1.1\r\nHost: x\r\n".utf8), on: connection)
            // Closed within the connection's 10-second receive timeout: by this server's 0.5 s
            // idle timeout, since the default one is 20 s. (No wall-clock bound: on a loaded
            // machine the close can come seconds late.)
            let (bytes, closed) = try await RawHTTP.readToEnd(connection)
            #expect(closed && bytes.isEmpty)
            // A client that hangs up halfway through a body, and one that connects and says nothing.
            let halfway = try RawHTTP.connect(port)
            try await RawHTTP.send(Array("POST /index.json HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{\"a".utf8), on: halfway)
            close(halfway)
            let silent = try RawHTTP.connect(port)
            #expect(try await RawHTTP.readToEnd(silent).closed)
            close(silent)
            // (The test client's own idle connection is cut too: a new one is answered.)
            let after = try await RawHTTP.exchange("GET /index.json HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", port: port)
            #expect(after.answers.first?.status == 200)
        }
    }

    @Test func manyConnectionsAtOnceAreAllAnswered() async throws {
        try await Self.withServer { catalog, client in
            let port = try #require(client.port)
            let index = try catalog.bytes(CatalogFiles.indexPath)
            // Each waits up to a minute: the answers are what is judged, and on a loaded two-core
            // machine running the other suites at once, 200 threads can wait past ten seconds.
            try await withThrowingTaskGroup(of: (body: [UInt8]?, closed: Bool).self) { group in
                for _ in 0..<200 {
                    group.addTask {
                        let (answers, closed) = try await RawHTTP.exchange(
                            "GET /index.json HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", port: port, timeout: 60)
                        return (answers.first?.body, closed)
                    }
                }
                for try await (body, closed) in group {
                    #expect(closed, "the connection timed out before the server closed it")
                    #expect(body == index)
                }
            }
        }
    }

    /// curl's exit status and the body it fetched (`-g`: a URL with an IPv6 address).
    static func curl(_ url: String) async throws -> (status: Int32, body: [UInt8]) {
        let result = try await TestProcess.run(tool: "curl", ["-sg", "--max-time", "10", url], timeout: .seconds(60))
        return (result.status, [UInt8](result.standardOutputData))
    }

    @Test func aServerStartsOnIPv6AndStopsGracefully() async throws {
        let catalog = try Catalog()
        defer { catalog.remove() }
        let server = try await CatalogServer.start(catalog: catalog.root, host: "::1", port: 0)
        #expect(server.url == "http://[::1]:\(server.port)/")
        let fetched = try await Self.curl(server.url + "index.json")
        #expect(fetched.status == 0)
        #expect(fetched.body == (try catalog.bytes(CatalogFiles.indexPath)))
        await server.stop()
        #expect(try await Self.curl(server.url + "index.json").status == 7)  // curl: could not connect

        // A port in use, and an address that is not this machine's, are clear failures.
        let first = try await CatalogServer.start(catalog: catalog.root, port: 0)
        await #expect(throws: LocalServer.StartFailure.portInUse(first.port)) {
            _ = try await CatalogServer.start(catalog: catalog.root, port: first.port)
        }
        await first.stop()
        await #expect(throws: LocalServer.StartFailure.self) {
            _ = try await CatalogServer.start(catalog: catalog.root, host: "192.0.2.1", port: 0)
        }
    }
}
