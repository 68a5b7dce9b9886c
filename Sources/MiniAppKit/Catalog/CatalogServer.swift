import Crypto
import Foundation

/// `mactl catalog serve`: a catalog's read-only HTTP API, for a host app in development.
/// Every answer but `GET /apps/<id>` (rollout) is the bytes of one file of the catalog, so a
/// static server of the same folder answers the same (docs/catalog.md).
public final class CatalogServer: @unchecked Sendable {
    public let catalog: URL
    public private(set) var http: HTTPServer?

    public init(catalog: URL) {
        self.catalog = catalog
    }

    public func start(host: String = "127.0.0.1", port: Int) throws(HTTPServer.StartFailure) {
        http = try HTTPServer(host: host, port: port) { [self] request in .response(handle(request)) }
    }

    public var url: String { "http://\(http?.host ?? "127.0.0.1"):\(http?.port ?? 0)/" }

    func handle(_ request: HTTPServer.Request) -> HTTPServer.Response {
        guard request.method == "GET" else {
            return Self.error(405, "the catalog is read-only: only GET")
        }
        let parts = request.path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        switch parts.count {
        case 1 where parts[0] == "apps":
            return file(CatalogFiles.indexPath, type: "application/json", request: request)
        case 2 where parts[0] == "apps":
            return offered(app: parts[1], channel: request.query["channel"] ?? "stable", device: request.query["device"])
        case 5 where parts[0] == "apps" && parts[2] == "versions" && (parts[4] == "manifest" || parts[4] == "package"):
            guard let version = listedVersion(app: parts[1], code: parts[3]) else {
                return Self.error(404, "no version \(parts[3]) of app '\(parts[1])' in the catalog")
            }
            return parts[4] == "manifest"
                ? file(version.manifest, type: "application/json", request: request)
                : file(version.package, type: CatalogFiles.packageMediaType, request: request, etag: "\"\(version.sha256)\"")
        default:
            return Self.error(404, "no such call: \(request.path); see docs/catalog.md")
        }
    }

    private func versionList(_ app: String) -> CatalogFiles.VersionList? {
        guard CatalogFiles.isSafeAppID(app) else { return nil }
        guard let folder = try? CatalogFolder(catalog, create: false) else { return nil }
        return try? CatalogFiles.read(CatalogFiles.VersionList.self, at: CatalogFiles.versionsPath(app), in: folder)
    }

    private func listedVersion(app: String, code: String) -> CatalogFiles.Version? {
        guard let number = Int(code), let list = versionList(app) else { return nil }
        return list.versions.first { $0.code == number }
    }

    /// The version a device gets in a channel (`CatalogFiles.offered`), as its entry in versions.json.
    private func offered(app: String, channel: String, device: String?) -> HTTPServer.Response {
        guard let list = versionList(app) else { return Self.error(404, "no app '\(app)' in the catalog") }
        guard let version = CatalogFiles.offered(list, channel: channel, device: device) else {
            return Self.error(404, "app '\(app)' has no version on channel '\(channel)' for this device")
        }
        return HTTPServer.Response(contentType: "application/json", body: CatalogFiles.encode(version), headers: [("Cache-Control", "no-cache")])
    }

    /// A file of the catalog, with its ETag, If-None-Match and a single byte range.
    private func file(_ path: String, type: String, request: HTTPServer.Request, etag given: String? = nil) -> HTTPServer.Response {
        // Through CatalogFolder: no link is followed and no path a list names leaves the catalog.
        guard let folder = try? CatalogFolder(catalog, create: false), let bytes = (try? folder.read(path)) ?? nil else {
            return Self.error(404, "the catalog has no \(path)")
        }
        let etag = given ?? "\"\(Hex.string(SHA256.hash(data: bytes)))\""
        var headers: [(String, String)] = [("ETag", etag), ("Accept-Ranges", "bytes"), ("Cache-Control", given == nil ? "no-cache" : "public, max-age=31536000, immutable")]
        if let match = request.headers["if-none-match"], match.split(separator: ",").contains(where: { $0.trimmingCharacters(in: .whitespaces) == etag || $0.trimmingCharacters(in: .whitespaces) == "*" }) {
            return HTTPServer.Response(status: 304, contentType: type, body: [], headers: headers)
        }
        var body = bytes
        var status = 200
        if let range = request.headers["range"] {
            switch Self.byteRange(range, size: bytes.count) {
            case .satisfiable(let bounds):
                body = Array(bytes[bounds])
                status = 206
                headers.append(("Content-Range", "bytes \(bounds.lowerBound)-\(bounds.upperBound - 1)/\(bytes.count)"))
            case .unsatisfiable:
                headers.append(("Content-Range", "bytes */\(bytes.count)"))
                return HTTPServer.Response(status: 416, contentType: "application/json", body: Self.errorBody("the range '\(range)' is malformed or outside the file's \(bytes.count) bytes"), headers: headers)
            case .ignored:
                break
            }
        }
        return HTTPServer.Response(status: status, contentType: type, body: body, headers: headers)
    }

    enum RangeAnswer: Equatable {
        case satisfiable(Range<Int>)
        /// Outside the file, or a malformed `bytes=` range: 416, as nginx answers both.
        case unsatisfiable
        /// Another unit, several ranges or an empty `bytes=`: the whole file is sent, as nginx does.
        case ignored
    }

    /// One `bytes=first-last`, `bytes=first-` or `bytes=-suffix` range (RFC 9110 §14.1.2).
    static func byteRange(_ header: String, size: Int) -> RangeAnswer {
        guard header.hasPrefix("bytes="), !header.contains(",") else { return .ignored }
        let spec = header.dropFirst(6).trimmingCharacters(in: .whitespaces)
        if spec.isEmpty { return .ignored }
        let sides = spec.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        guard sides.count == 2, sides.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }) else { return .unsatisfiable }
        switch (Int(sides[0]), Int(sides[1])) {
        case (let first?, let last?):
            guard first <= last else { return .unsatisfiable }
            guard first < size else { return .unsatisfiable }
            return .satisfiable(first..<min(last + 1, size))
        case (let first?, nil) where sides[1].isEmpty:
            guard first < size else { return .unsatisfiable }
            return .satisfiable(first..<size)
        case (nil, let suffix?) where sides[0].isEmpty:
            guard suffix > 0, size > 0 else { return .unsatisfiable }
            return .satisfiable(max(0, size - suffix)..<size)
        default:
            return .unsatisfiable
        }
    }

    static func errorBody(_ message: String) -> [UInt8] { CatalogFiles.encode(["error": message]) }

    static func error(_ status: Int, _ message: String) -> HTTPServer.Response {
        HTTPServer.Response(status: status, contentType: "application/json", body: errorBody(message), headers: [("Cache-Control", "no-cache")])
    }
}
