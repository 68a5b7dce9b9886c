import Crypto
import Foundation

/// The files of a catalog (docs/catalog.md): static JSON and content-addressed packages that
/// any web server serves as they are.
///
///     index.json                                every app, the latest version per channel
///     apps/<app_id>/versions.json               every version of one app
///     apps/<app_id>/<code>/manifest.json        the package's manifest, as a host reads it first
///     apps/<app_id>/<code>/icon.<ext>           the app's icon from the package, when it has one
///     apps/<app_id>/<code>/<sha256>.ma          the package (`.zip` for a web bundle)
///     keys/<key_id>                             a public key of the catalog, for Rakuten's SDK
///
/// Key order, indentation and line ends are fixed, so the same catalog is the same bytes.
public enum CatalogFiles {
    public static let format = 1
    public static let indexPath = "index.json"
    /// Held by a publish for its whole run (flock), so two publishes take turns.
    public static let lockName = ".lock"
    /// Where a publish writes each file before renaming it into place.
    public static let stagingName = ".staging"
    public static let packageMediaType = "application/miniapp-pkg+zip"

    public struct Index: Codable, Equatable, Sendable {
        public var format: Int
        public var apps: [App]

        public struct App: Codable, Equatable, Sendable {
            public var id: String
            public var name: String
            /// The icon of the newest version that has one, a path in the catalog.
            public var icon: String?
            public var versions: String
            /// For each channel, its newest version that is not withdrawn.
            public var channels: [String: Latest]
        }

        public struct Latest: Codable, Equatable, Sendable {
            public var code: Int
            public var name: String
            public var sha256: String
            public var size: Int
            public var rollout: Int
            public var manifest: String
            public var package: String
        }
    }

    public struct VersionList: Codable, Equatable, Sendable {
        public var format: Int
        public var app: String
        public var versions: [Version]
    }

    public struct Version: Codable, Equatable, Sendable {
        public var code: Int
        /// The manifest's `version.name`.
        public var name: String
        /// The manifest's `name`: the app's name in this version.
        public var title: String
        public var channel: String
        /// The share of devices, 0 to 100, that get this version (`rolloutBucket`).
        public var rollout: Int
        public var sha256: String
        public var size: Int
        /// SHA-256 of the signer's public key (SubjectPublicKeyInfo DER); nil when unsigned.
        public var signer: String?
        public var published: String
        public var withdrawn: Bool
        public var permissions: [String]
        public var manifest: String
        public var icon: String?
        public var package: String
        /// Every rollout the version has had, oldest first, once `mactl catalog rollout` changed
        /// it: the first entry is the rollout it was published with. Absent until then.
        public var rolloutHistory: [RolloutChange]? = nil
        /// The version's id in the platform API of Rakuten's MiniApp SDK (`versionId`):
        /// `CatalogFiles.versionID`. Absent in versions published before mactl wrote it.
        public var versionId: String? = nil
        /// The catalog key's signature of a web bundle for Rakuten's SDK (`mactl catalog
        /// keygen`); absent for a MiniApp package, and for a web bundle of a catalog with no key.
        public var platformSignature: PlatformSignature? = nil

        /// Whether the package is a web bundle (`.zip`), which only Rakuten's SDK hosts get.
        public var isWebBundle: Bool { package.hasSuffix(".zip") }
        /// `versionId`, or for a version published before mactl wrote it, the one it would have.
        public var platformVersionID: String { versionId ?? CatalogFiles.versionID(code: code, sha256: sha256) }
    }

    /// What the SDK's file list carries: the `Signature` header, ECDSA P-256 with SHA-256 (DER,
    /// base64) over the UTF-8 `versionId` followed by the lowercase hex SHA-256 of the file, and
    /// the id of the key (`publicKeyId`) the host fetches from `keys/<id>`.
    public struct PlatformSignature: Codable, Equatable, Sendable {
        public var keyId: String
        public var signature: String

        public init(keyId: String, signature: String) {
            self.keyId = keyId
            self.signature = signature
        }
    }

    /// A public key of the catalog as the SDK fetches it from `keys/<id>`: the id, the 65-byte
    /// uncompressed P-256 point in base64 (`ecKey`) and the SubjectPublicKeyInfo PEM (`pemKey`).
    public struct KeyRecord: Codable, Equatable, Sendable {
        public var id: String
        public var ecKey: String
        public var pemKey: String
    }

    public static let keysFolder = "keys"
    public static func keyPath(_ id: String) -> String { "\(keysFolder)/\(id)" }
    public static let webBundleMediaType = "application/zip"

    /// A version's id for the SDK's API: its code and the start of its package's SHA-256, so
    /// the same version always has the same id and another package under the same code never
    /// does. One path component (digits, '-', hex).
    public static func versionID(code: Int, sha256: String) -> String { "\(code)-\(sha256.prefix(16))" }

    /// One rollout a version had, from a time on.
    public struct RolloutChange: Codable, Equatable, Sendable {
        public var rollout: Int
        /// From when, UTC, to the second (as `published`).
        public var at: String
        /// Set to 0 by `--halt`: an emergency stop, not a planned step down.
        public var halted: Bool? = nil

        public init(rollout: Int, at: String, halted: Bool? = nil) {
            self.rollout = rollout
            self.at = at
            self.halted = halted
        }
    }

    /// Whether `folder` is a catalog: it has `index.json`, or the `.lock` every publish takes
    /// before it writes anything (a catalog whose first publish stopped before its index).
    /// Read as a catalog, any other folder (a project, a home folder) would be reported file
    /// by file, `.git/` included, as files no list names.
    public static func isCatalog(_ folder: CatalogFolder) -> Bool {
        folder.contains(indexPath) || folder.contains(lockName)
    }

    // MARK: - Paths

    /// An app id that is one safe path component: letters, digits, '.', '_', '-', starting with a
    /// letter or digit (a leading dot would hide it from web servers, which deny dot files).
    public static func isSafeAppID(_ id: String) -> Bool {
        guard (1...128).contains(id.utf8.count), let first = id.unicodeScalars.first,
            CharacterSet.alphanumerics.contains(first), first.isASCII
        else { return false }
        return id.unicodeScalars.allSatisfy {
            CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-").contains($0)
        }
    }

    public static func isSafeChannel(_ name: String) -> Bool {
        guard (1...32).contains(name.utf8.count), let first = name.unicodeScalars.first,
            CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyz0123456789").contains(first)
        else { return false }
        return name.unicodeScalars.allSatisfy { CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyz0123456789-").contains($0) }
    }

    public static func versionsPath(_ app: String) -> String { "apps/\(app)/versions.json" }

    /// An app's version list as readers need it: nil for an id that is not one, a missing list
    /// or a damaged one (`catalog verify` says which).
    public static func versionList(_ app: String, in folder: CatalogFolder) -> VersionList? {
        guard isSafeAppID(app) else { return nil }
        return try? read(VersionList.self, at: versionsPath(app), in: folder)
    }
    /// The image types a version's icon may have, so its path is exactly one of a few.
    public static let iconExtensions = ["svg", "png", "jpg", "jpeg", "webp"]
    public static func iconPath(_ app: String, _ code: Int, extension: String) -> String {
        versionFolder(app, code) + "/icon." + `extension`
    }

    /// Whether two app ids name one folder on a case-insensitive volume (ids are ASCII).
    public static func sameFolder(_ lhs: String, _ rhs: String) -> Bool { lhs != rhs && lhs.lowercased() == rhs.lowercased() }
    public static func versionFolder(_ app: String, _ code: Int) -> String { "apps/\(app)/\(code)" }
    public static func manifestPath(_ app: String, _ code: Int) -> String { versionFolder(app, code) + "/manifest.json" }
    /// `<sha256>.ma`, or `<sha256>.zip` for a web bundle: the SDK unzips a file only when its
    /// URL ends in `.zip`.
    public static func packagePath(_ app: String, _ code: Int, sha256: String, webBundle: Bool = false) -> String {
        versionFolder(app, code) + "/\(sha256).\(webBundle ? "zip" : "ma")"
    }

    // MARK: - Reading and writing

    /// Fixed layout: members in byte order of their names, two-space indent, a final newline
    /// (`JSONOutputEncoder`; read back with `JSONDecoder`).
    public static func encode<T: Encodable>(_ value: T) -> [UInt8] {
        Array(((try? JSONOutputEncoder.encode(value).pretty()) ?? "{}").utf8) + [0x0A]
    }

    public struct Damaged: Error, Sendable, CustomStringConvertible {
        public var path: String
        public var reason: String
        public var description: String { "\(path): \(reason)" }
    }

    /// A catalog file, or nil when it does not exist; `Damaged` says what is wrong with it
    /// (a link in its place included: `CatalogFolder` never follows one).
    public static func read<T: Decodable>(_ type: T.Type, at path: String, in catalog: CatalogFolder) throws(Damaged) -> T? {
        let bytes: [UInt8]
        do throws(CatalogFolder.Failure) {
            guard let read = try catalog.read(path) else { return nil }
            bytes = read
        } catch {
            throw Damaged(path: error.path, reason: error.reason)
        }
        do {
            return try JSONDecoder().decode(T.self, from: Data(bytes))
        } catch let error as DecodingError {
            throw Damaged(path: path, reason: describe(error))
        } catch {
            throw Damaged(path: path, reason: "is not JSON")
        }
    }

    static func describe(_ error: DecodingError) -> String {
        func at(_ path: [any CodingKey]) -> String {
            path.isEmpty
                ? "the top level"
                : "'"
                    + path.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".").replacingOccurrences(
                        of: ".[", with: "[") + "'"
        }
        switch error {
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            return "is not JSON"
        case .dataCorrupted(let context):
            return "\(at(context.codingPath)) is not valid: \(context.debugDescription)"
        case .keyNotFound(let key, let context):
            return "\(at(context.codingPath + [key])) is missing"
        case .typeMismatch(let type, let context):
            return "\(at(context.codingPath)) is not \(typeName(type))"
        case .valueNotFound(let type, let context):
            return "\(at(context.codingPath)) is null, expected \(typeName(type))"
        @unknown default:
            return "is not a catalog file"
        }
    }

    private static func typeName(_ type: Any.Type) -> String {
        switch type {
        case is Int.Type: "a whole number"
        case is String.Type: "a string"
        case is Bool.Type: "true or false"
        default: "the expected shape"
        }
    }

    // MARK: - Derived values

    /// The app icon a version's folder holds: the manifest's first icon, read from the package's
    /// files, when it is an image a host shows as it is.
    public static func packagedIcon(in files: [SourceFile]) -> (file: SourceFile, extension: String)? {
        guard let manifest = files.first(where: { $0.path == "manifest.json" }),
            let source = (try? CatalogManifest.read(manifest.bytes))?.iconSource,
            let file = files.first(where: { $0.path == source })
        else { return nil }
        let fileExtension = (source as NSString).pathExtension.lowercased()
        return iconExtensions.contains(fileExtension) ? (file, fileExtension) : nil
    }

    /// The index the version lists make: each app's newest version per channel, withdrawn ones
    /// left out; apps in id order.
    public static func index(from lists: [VersionList]) -> Index {
        Index(
            format: format,
            apps: lists.sorted { $0.app < $1.app }.map { list in
                var channels: [String: Index.Latest] = [:]
                for version in list.versions where !version.withdrawn {
                    if let current = channels[version.channel], current.code >= version.code { continue }
                    channels[version.channel] = Index.Latest(
                        code: version.code, name: version.name, sha256: version.sha256, size: version.size, rollout: version.rollout,
                        manifest: version.manifest, package: version.package)
                }
                let newest = list.versions.filter { !$0.withdrawn }.max { $0.code < $1.code }
                let icon = list.versions.filter { !$0.withdrawn && $0.icon != nil }.max { $0.code < $1.code }?.icon
                return Index.App(
                    id: list.app, name: newest?.title ?? list.app, icon: icon, versions: versionsPath(list.app), channels: channels)
            })
    }

    /// Which of 100 buckets a device falls in for one version: the first four bytes of
    /// SHA-256("<app_id>/<code>/<device>") as a big-endian number, modulo 100. A version with
    /// rollout R reaches the devices in buckets 0..<R, so the same device always gets the same
    /// answer, and raising R only adds devices.
    public static func rolloutBucket(app: String, code: Int, device: String) -> Int {
        let digest = Array(SHA256.hash(data: Array("\(app)/\(code)/\(device)".utf8)))
        let number = digest[0..<4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        return Int(number % 100)
    }

    /// The version a device is offered in a channel: the newest not withdrawn whose rollout
    /// reaches it. Without a device id only versions rolled out to everyone are offered.
    public static func offered(_ list: VersionList, channel: String, device: String?) -> Version? {
        list.versions.filter { $0.channel == channel && !$0.withdrawn }.sorted { $0.code > $1.code }.first { version in
            if version.rollout >= 100 { return true }
            guard let device else { return false }
            return rolloutBucket(app: list.app, code: version.code, device: device) < version.rollout
        }
    }
}
