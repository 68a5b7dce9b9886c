import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// The platform API that Rakuten's MiniApp SDK asks (ios-miniapp `Sources/Classes/core/API`,
/// docs/rakuten.md), answered from a catalog's files: the list of apps, one app's info, a
/// version's file list with the catalog key's `Signature` header, its metadata and preview
/// codes, for one project id and subscription key. Only web bundles (`.zip` versions) are
/// offered: a MiniApp package has no `index.html` for the SDK to open. The keys (`keys/<id>`)
/// and the bundles are static files; what is answered here is what cannot be: the subscription
/// key check, the rollout choice and the header.
public struct CatalogPlatformAPI: Sendable {
    public var projectID: String
    public var apiKey: String
    /// The URL the file list's URLs start with (the catalog's static files, on a CDN or
    /// nginx); nil for this server, as the request's `Host` names it.
    public var filesURL: String?

    public init(projectID: String, apiKey: String, filesURL: String? = nil) {
        self.projectID = projectID
        self.apiKey = apiKey
        self.filesURL = filesURL
    }

    /// The SDK's models (ios-miniapp `Models/MiniAppInfo.swift`, `ManifestResponse.swift`,
    /// `PreviewMiniAppInfo.swift`).
    struct AppInfo: Encodable {
        var id: String
        var displayName: String
        var icon: String
        var version: VersionInfo
    }

    struct VersionInfo: Encodable {
        var versionTag: String
        var versionId: String
    }

    struct FileList: Encodable {
        var manifest: [String]
        var publicKeyId: String?
    }

    struct PreviewInfo: Encodable {
        var miniapp: AppInfo
        var host: PreviewHost
    }

    struct PreviewHost: Encodable {
        var id: String
        var subscriptionkey: String
    }

    /// The icon of a version without one: `icon` is not optional in the SDK's model, and a
    /// missing member fails the decode of the whole list. A transparent pixel.
    static let blankIcon = "data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7"

    /// Answers a request under `host/`: `parts` are the path's components after it.
    func respond(_ parts: [String], request: Request, folder: CatalogFolder) -> Response {
        guard request.method == .get || request.method == .head else {
            return Self.error(.methodNotAllowed, "the platform API is read-only: only GET and HEAD")
        }
        // The SDK prefixes the key with `ras-` unless it has it (`URLRequest.setSubscriptionKey`).
        guard let given = request.headers[HTTPField.Name("apiKey")!], given == "ras-" + apiKey else {
            let problem = request.headers[HTTPField.Name("apiKey")!] == nil ? "no apiKey header" : "the apiKey header is not this project's"
            return Self.unauthorized("\(problem): send 'apiKey: ras-<subscription key>', the host's RASProjectSubscriptionKey")
        }
        guard parts.count >= 2, parts[0] == projectID else {
            return Self.error(.notFound, "no project '\(parts.first ?? "")' here; this catalog serves project '\(projectID)'")
        }
        let rest = Array(parts.dropFirst())
        let base = filesURL ?? "http://\(request.head.authority ?? "127.0.0.1")"
        switch rest.count {
        case 1 where rest[0] == "miniapps", 2 where rest[0] == "miniapps" && rest[1] == "preview":
            let preview = rest.count == 2
            if let app = request.uri.queryParameters["miniAppId"].map(String.init) {
                guard let info = offeredInfo(app: app, preview: preview, folder: folder, base: base) else {
                    return Self.error(.notFound, "no mini app '\(app)' with a version offered to every device")
                }
                return Self.json(.ok, CatalogFiles.encode([info]))
            }
            let apps = Self.appIDs(folder).compactMap { offeredInfo(app: $0, preview: preview, folder: folder, base: base) }
            return Self.json(.ok, CatalogFiles.encode(apps))
        case 2 where rest[0] == "preview-codes":
            guard let (list, version) = Self.version(withID: rest[1], in: folder, app: nil) else {
                return Self.error(.notFound, "no preview code '\(rest[1])': a preview code is a web bundle's versionId")
            }
            return Self.json(
                .ok,
                CatalogFiles.encode(
                    PreviewInfo(miniapp: info(list, version, base: base), host: PreviewHost(id: projectID, subscriptionkey: apiKey))))
        case 5 where rest[0] == "miniapp" && rest[2] == "version",
            6 where rest[0] == "miniapp" && rest[2] == "version" && rest[4] == "preview":
            let app = rest[1]
            let versionID = rest[3]
            let preview = rest.count == 6
            guard let (list, version) = Self.version(withID: versionID, in: folder, app: app), preview || !version.withdrawn else {
                return Self.error(.notFound, "mini app '\(app)' has no version '\(versionID)' to download")
            }
            switch rest.last {
            case "manifest": return fileList(list, version, base: base)
            case "metadata": return metadata(version, folder: folder)
            default: return Self.error(.notFound, "nothing at this path of the platform API")
            }
        default:
            return Self.error(.notFound, "nothing at this path of the platform API; see docs/rakuten.md")
        }
    }

    // MARK: - Answers

    /// The app's version the SDK is offered: the newest web bundle on `stable` that every
    /// device gets (its requests carry no device id, so a partial rollout reaches none); in
    /// preview, the newest web bundle on any channel, whatever its rollout.
    private func offeredInfo(app: String, preview: Bool, folder: CatalogFolder, base: String) -> AppInfo? {
        guard let list = CatalogFiles.versionList(app, in: folder) else { return nil }
        let candidates = list.versions.filter { $0.isWebBundle && !$0.withdrawn }.sorted { $0.code > $1.code }
        let offered = preview ? candidates.first : candidates.first { $0.channel == "stable" && $0.rollout >= 100 }
        return offered.map { info(list, $0, base: base) }
    }

    private func info(_ list: CatalogFiles.VersionList, _ version: CatalogFiles.Version, base: String) -> AppInfo {
        AppInfo(
            id: list.app, displayName: version.title, icon: version.icon.map { "\(base)/\($0)" } ?? Self.blankIcon,
            version: VersionInfo(versionTag: version.name, versionId: version.platformVersionID))
    }

    /// The one file of a version (the bundle, which the SDK unzips because its URL ends in
    /// `.zip`), the key id, and the signature in the `Signature` header.
    private func fileList(_ list: CatalogFiles.VersionList, _ version: CatalogFiles.Version, base: String) -> Response {
        var response = Self.json(
            .ok, CatalogFiles.encode(FileList(manifest: ["\(base)/\(version.package)"], publicKeyId: version.platformSignature?.keyId)))
        if let signature = version.platformSignature {
            response.headers[HTTPField.Name("Signature")!] = signature.signature
        }
        return response
    }

    /// `{"bundleManifest": {...}}`: the members of the version's manifest the SDK decodes
    /// (`MetaDataResponse`), as the manifest writes them. The manifest has one language, so
    /// `?lang=` changes nothing.
    private func metadata(_ version: CatalogFiles.Version, folder: CatalogFolder) -> Response {
        guard let bytes = try? folder.read(version.manifest), let root = CatalogManifest.object(bytes) else {
            return Self.error(.internalServerError, "the version's manifest cannot be read; run 'mactl catalog verify'")
        }
        var members: [String] = []
        for name in ["reqPermissions", "optPermissions", "customMetaData", "accessTokenPermissions"] {
            guard let node = root[name] else { continue }
            var key = ""
            JSONOutput.writeString(name, into: &key)
            members.append(key + ":" + String(decoding: bytes[node.range], as: UTF8.self))
        }
        let text = "{\"bundleManifest\":{" + members.joined(separator: ",") + "}}\n"
        return Self.json(.ok, Array(text.utf8))
    }

    // MARK: - Reading the catalog

    /// The apps of the index, in its order.
    static func appIDs(_ folder: CatalogFolder) -> [String] {
        ((try? CatalogFiles.read(CatalogFiles.Index.self, at: CatalogFiles.indexPath, in: folder)) ?? nil)?.apps.map(\.id) ?? []
    }

    /// The web bundle version with this id, in one app or in any.
    static func version(withID id: String, in folder: CatalogFolder, app: String?) -> (CatalogFiles.VersionList, CatalogFiles.Version)? {
        for appID in app.map({ [$0] }) ?? appIDs(folder) {
            guard let list = CatalogFiles.versionList(appID, in: folder) else { continue }
            if let version = list.versions.first(where: { $0.isWebBundle && $0.platformVersionID == id }) { return (list, version) }
        }
        return nil
    }

    // MARK: - The SDK's error shapes

    /// 401 and 403 are `{error, error_description}` (`UnauthorizedData`); the others `{code,
    /// message}` (`ErrorData`).
    static func unauthorized(_ description: String) -> Response {
        json(.unauthorized, CatalogFiles.encode(["error": "invalid_client", "error_description": description]))
    }

    static func error(_ status: HTTPResponse.Status, _ message: String) -> Response {
        struct ErrorData: Encodable {
            var code: Int
            var message: String
        }
        return json(status, CatalogFiles.encode(ErrorData(code: status.code, message: message)))
    }

    static func json(_ status: HTTPResponse.Status, _ bytes: [UInt8]) -> Response {
        Response(
            status: status, headers: [.contentType: "application/json", .cacheControl: "no-cache"],
            body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
    }
}
