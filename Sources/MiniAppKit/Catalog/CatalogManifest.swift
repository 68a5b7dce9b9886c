/// The manifest members a catalog records, read with mactl's own JSON parser. Foundation's
/// `JSONSerialization` on Linux gives the numbers 0 and 1 as an `NSNumber` that `is Bool`, so
/// a reading through it refused `"code": 1`, the code every new app starts with.
public struct CatalogManifest: Sendable, Equatable {
    public var appID: String
    public var name: String?
    public var versionCode: Int
    public var versionName: String?
    public var permissions: [String]
    /// `icons[0].src`, the app's icon.
    public var iconSource: String?

    public struct Problem: Error, Sendable, Equatable, CustomStringConvertible {
        public var description: String
    }

    /// The root object of `manifest.json`, or nil when it is not a JSON object.
    public static func object(_ bytes: [UInt8]) -> JSONNode? {
        let document = JSONParser.parse(SourceFile(path: ProjectModel.manifestPath, bytes: bytes))
        guard document.issues.allSatisfy({ $0.kind != .syntax }), let root = document.root, root.members != nil else { return nil }
        return root
    }

    public static func read(_ bytes: [UInt8]) throws(Problem) -> CatalogManifest {
        guard let root = object(bytes) else { throw Problem(description: "the manifest is not a JSON object") }
        guard let appID = root["app_id"]?.stringValue else { throw Problem(description: "the manifest has no 'app_id'") }
        let version = root["version"]
        guard let codeNode = version?["code"], let code = codeNode.integerValue, code >= 0 else {
            throw Problem(description: "the manifest's 'version.code' is not a whole number of 0 or more")
        }
        return CatalogManifest(
            appID: appID, name: root["name"]?.stringValue, versionCode: code, versionName: version?["name"]?.stringValue,
            // W3C's `req_permissions`; a web bundle's `reqPermissions` and `optPermissions`.
            permissions: ["req_permissions", "reqPermissions", "optPermissions"].flatMap { list in
                (root[list]?.elements ?? []).compactMap { $0["name"]?.stringValue }
            },
            iconSource: root["icons"]?.elements?.first?["src"]?.stringValue)
    }
}
