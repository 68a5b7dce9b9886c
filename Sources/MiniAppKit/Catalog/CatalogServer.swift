import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// `mactl catalog serve`: a catalog as a static server serves it, plus a small read-only API,
/// for a host app in development. Every path `index.json` and `versions.json` name answers
/// with the bytes and headers nginx sends for it (docs/catalog.md), so a host uses one base
/// URL with either. Files are opened from the catalog's folder one component at a time
/// without following a link (`CatalogFolder`); `.lock`, `.staging` and any path outside the
/// layout are never opened.
public struct CatalogServer: HTTPResponder {
    public typealias Context = BasicRequestContext
    let folder: CatalogFolder
    /// Rakuten's SDK's platform API under `/host/`, when a project id and key are given.
    let platform: CatalogPlatformAPI?

    /// Opens the catalog once: every file is then reached from this folder's descriptor.
    public init(catalog: URL, platform: CatalogPlatformAPI? = nil) throws(CatalogFolder.Failure) {
        folder = try CatalogFolder(catalog, create: false)
        self.platform = platform
    }

    /// Serves the catalog on `host:port` until stopped.
    public static func start(
        catalog: URL, host: String = "127.0.0.1", port: Int, platform: CatalogPlatformAPI? = nil, stopsOnInterrupt: Bool = false
    ) async throws(LocalServer.StartFailure) -> LocalServer {
        let responder: CatalogServer
        do {
            responder = try CatalogServer(catalog: catalog, platform: platform)
        } catch {
            throw .cannotListen(host: host, port: port, reason: "the catalog \(error.description)")
        }
        return try await LocalServer.start(host: host, port: port, responder: responder, stopsOnInterrupt: stopsOnInterrupt)
    }

    public func respond(to request: Request, context: Context) async throws -> Response {
        answer(request).answering(request)
    }

    private func answer(_ request: Request) -> Response {
        // The SDK's API answers in the SDK's error shapes, a wrong method included.
        let platform = request.uri.path.hasPrefix("/host/") ? self.platform : nil
        guard platform != nil || request.method == .get || request.method == .head else {
            return Self.error(.methodNotAllowed, "the catalog is read-only: only GET and HEAD", headers: [.allow: "GET, HEAD"])
        }
        guard let path = Self.decodedPath(request.uri.path) else {
            return Self.error(.badRequest, "the path is not percent-encoded UTF-8")
        }
        var parts = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard parts.first == "" else { return Self.error(.badRequest, "the path does not start with '/'") }
        parts.removeFirst()
        if parts.last == "", parts.count > 1 { parts.removeLast() }
        if let platform { return platform.respond(Array(parts.dropFirst()), request: request, folder: folder) }
        switch parts.count {
        case 2 where parts[0] == CatalogFiles.keysFolder && Self.isKeyID(parts[1]):
            return file(CatalogFiles.keyPath(parts[1]), request: request)
        case 1 where parts[0] == "index.json" || parts[0] == "apps":
            return file(CatalogFiles.indexPath, request: request)
        case 2 where parts[0] == "apps":
            return offered(app: parts[1], request: request)
        case 3 where parts[0] == "apps" && parts[2] == "versions.json" && CatalogFiles.isSafeAppID(parts[1]):
            return file(CatalogFiles.versionsPath(parts[1]), request: request)
        case 4 where parts[0] == "apps" && CatalogFiles.isSafeAppID(parts[1]) && Self.isCode(parts[2]) && !parts[3].hasPrefix("."):
            return file(parts.joined(separator: "/"), request: request)
        case 5 where parts[0] == "apps" && parts[2] == "versions" && (parts[4] == "manifest" || parts[4] == "package"):
            guard let version = listedVersion(app: parts[1], code: parts[3]) else {
                return Self.error(.notFound, "no version \(parts[3]) of app '\(parts[1])' in the catalog")
            }
            return file(parts[4] == "manifest" ? version.manifest : version.package, request: request)
        default:
            return Self.error(.notFound, "nothing at \(path); see docs/catalog.md for the layout and the API")
        }
    }

    /// The path with its `%XX` escapes decoded, or nil when they are malformed or not UTF-8.
    static func decodedPath(_ path: String) -> String? {
        var bytes: [UInt8] = []
        var iterator = path.utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next().flatMap(Self.hexValue), let low = iterator.next().flatMap(Self.hexValue) else { return nil }
            bytes.append(high << 4 | low)
        }
        guard !bytes.contains(0) else { return nil }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 48...57: byte - 48
        case 65...70: byte - 55
        case 97...102: byte - 87
        default: nil
        }
    }

    /// A key id as `CatalogPlatformKey` makes it: 32 lowercase hex digits.
    static func isKeyID(_ text: String) -> Bool {
        text.utf8.count == 32 && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }

    /// A version code as the layout writes it: decimal digits, no sign, no leading zero.
    private static func isCode(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { (48...57).contains($0) } && (text == "0" || !text.hasPrefix("0")) && Int(text) != nil
    }

    /// The media type a static server of the catalog gives a path (the nginx `types` block of
    /// docs/catalog.md).
    static func mediaType(_ path: String) -> String {
        if path.hasPrefix(CatalogFiles.keysFolder + "/") { return "application/json" }
        return switch path.split(separator: ".").last.map({ $0.lowercased() }) {
        case "zip": CatalogFiles.webBundleMediaType
        case "json": "application/json"
        case "ma": CatalogFiles.packageMediaType
        case "svg": "image/svg+xml"
        case "png": "image/png"
        case "jpg", "jpeg": "image/jpeg"
        case "webp": "image/webp"
        default: "application/octet-stream"
        }
    }

    /// The lists change with every publish; everything else never changes once written.
    static func cacheControl(_ path: String) -> String {
        path == CatalogFiles.indexPath || path.hasSuffix("/versions.json") ? "no-cache" : "public, max-age=31536000, immutable"
    }

    private func file(_ path: String, request: Request) -> Response {
        let opened: CatalogFolder.OpenFile?
        do {
            opened = try folder.openFile(path)
        } catch {
            return Self.error(.notFound, "the catalog's \(error.description)")
        }
        guard let opened else { return Self.error(.notFound, "the catalog has no \(path)") }
        do {
            return try FileResponse.make(
                for: request, file: opened, contentType: Self.mediaType(path), cacheControl: Self.cacheControl(path))
        } catch {
            return Self.error(.internalServerError, "cannot read \(path)")
        }
    }

    private func versionList(_ app: String) -> CatalogFiles.VersionList? { CatalogFiles.versionList(app, in: folder) }

    private func listedVersion(app: String, code: String) -> CatalogFiles.Version? {
        guard Self.isCode(code), let number = Int(code), let list = versionList(app) else { return nil }
        return list.versions.first { $0.code == number }
    }

    /// The version a device gets in a channel (`CatalogFiles.offered`), as its entry in
    /// versions.json: the one answer that is not a file, because of rollout.
    private func offered(app: String, request: Request) -> Response {
        let query = request.uri.queryParameters
        let channel = query["channel"].map(String.init) ?? "stable"
        guard let list = versionList(app) else { return Self.error(.notFound, "no app '\(app)' in the catalog") }
        guard let version = CatalogFiles.offered(list, channel: channel, device: query["device"].map(String.init)) else {
            return Self.error(.notFound, "app '\(app)' has no version on channel '\(channel)' for this device")
        }
        return Self.json(.ok, CatalogFiles.encode(version))
    }

    static func error(_ status: HTTPResponse.Status, _ message: String, headers: HTTPFields = [:]) -> Response {
        var response = json(status, CatalogFiles.encode(["error": message]))
        response.headers.append(contentsOf: headers)
        return response
    }

    private static func json(_ status: HTTPResponse.Status, _ bytes: [UInt8]) -> Response {
        Response(
            status: status, headers: [.contentType: "application/json", .cacheControl: "no-cache"],
            body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
    }
}
