import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A step of a publish, done once it is durable: the catalog locked, then each file placed.
public enum PublishStep: String, Sendable, CaseIterable {
    case locked, package, manifest, icon, versions, index
}

/// Hears of each step of a publish once it is done. The crash-recovery tests stop a publish
/// here, in a process of their own; the publisher itself never stops.
public protocol PublishObserver: Sendable {
    func stepDone(_ step: PublishStep)
}

/// The observer of a publish nobody watches: `mactl publish`'s.
public struct UnobservedPublish: PublishObserver {
    public init() {}

    public func stepDone(_ step: PublishStep) {}
}

/// `mactl publish`: puts a verified package into a catalog (CatalogFiles), or withdraws a
/// version. Under the catalog's lock, every check comes first and nothing is written when one
/// fails; then each file is staged, flushed and renamed into place: the version's files, then
/// its app's version list, then the index last. A reader following the index never reaches a
/// file that is not whole, and a publish killed at any point leaves a catalog
/// `CatalogVerifier` accepts.
public enum CatalogPublisher {
    public struct Options: Sendable {
        public var channel = "stable"
        /// `--rollout`; nil when not given: 100 for a new version, and an unchanged one for a
        /// version already published.
        public var rollout: Int?
        public var allowUnsigned = false
        public var allowDowngrade = false
        /// The signer the package must have (`--cert`), as `verify --cert` pins it.
        public var expectedSigner: ExpectedSigner?
        public var dryRun = false
        /// `published`: SOURCE_DATE_EPOCH's time when set, else now.
        public var published: Date
        /// Told of each step as it is done.
        public var observer: any PublishObserver = UnobservedPublish()
        /// The catalog's key (`--catalog-key`), which signs a web bundle for Rakuten's SDK; a
        /// catalog that has a key (`keys/`) refuses a web bundle without it.
        public var platformKey: CatalogPlatformKey?

        public init(published: Date) { self.published = published }
    }

    public struct Failure: Error, Sendable, CustomStringConvertible {
        public var description: String
        public init(_ description: String) { self.description = description }
    }

    public struct Outcome: Sendable {
        public var version: CatalogFiles.Version
        public var app: String
        /// The same bytes were already published under this code: nothing was written.
        public var alreadyPublished: Bool
        /// The catalog paths written, in the order written.
        public var written: [String]
    }

    /// A package refused by `mactl verify`'s checks, with each reason and its id.
    public static func notVerified(_ packageName: String, _ reasons: [(message: String, id: String)]) -> Failure {
        Failure(
            "'\(packageName)' does not pass 'mactl verify', so it is not published:\n"
                + reasons.map { "  \($0.message) [\($0.id)]" }.joined(separator: "\n"))
    }

    public static func publish(_ bytes: [UInt8], packageName: String, catalog: URL, options: Options) throws(Failure) -> Outcome {
        let rollout = options.rollout ?? 100
        guard (0...100).contains(rollout) else { throw Failure("--rollout must be between 0 and 100, found \(rollout)") }
        try checkChannel(options.channel)
        let report = PackageVerifier.verify(bytes, expected: options.expectedSigner, requireSignature: !options.allowUnsigned)
        guard report.passed else {
            throw notVerified(packageName, report.diagnostics(packagePath: packageName).map { ($0.message, $0.id) })
        }
        guard let manifestFile = report.files.first(where: { $0.path == "manifest.json" }) else {
            throw Failure("'\(packageName)' has no manifest.json object")
        }
        let manifest: CatalogManifest
        do throws(CatalogManifest.Problem) {
            manifest = try CatalogManifest.read(manifestFile.bytes)
        } catch {
            throw Failure("'\(packageName)': \(error.description)")
        }
        let app = manifest.appID
        guard CatalogFiles.isSafeAppID(app) else {
            throw Failure(
                "'\(packageName)': the app id '\(app)' cannot be a catalog folder: use letters, digits, '.', '_' and '-' (at most 128), starting with a letter or digit"
            )
        }
        let code = manifest.versionCode
        let versionName = manifest.versionName ?? String(code)
        let digest = report.packageDigest ?? ""
        let isWebBundle = RuntimeProfile.forPackage(report.files).appKind == .webBundle
        let versionID = CatalogFiles.versionID(code: code, sha256: digest)

        return try withLock(catalog) { (folder) throws(Failure) -> Outcome in
            options.observer.stepDone(.locked)
            var lists = try readLists(folder)
            // One folder on macOS and Windows volumes: two signers could own one app there.
            if let other = (lists.map(\.app) + folder.folders(in: "apps")).first(where: { CatalogFiles.sameFolder($0, app) }) {
                throw Failure(
                    "the catalog already has app '\(other)', which differs from '\(app)' only in letter case; on a case-insensitive volume they are one folder, so '\(packageName)' is not published"
                )
            }
            var list = lists.first { $0.app == app } ?? CatalogFiles.VersionList(format: CatalogFiles.format, app: app, versions: [])
            if let existing = list.versions.first(where: { $0.code == code }) {
                if existing.sha256 == digest {
                    // Publishing again is not how a rollout changes: saying "nothing to do" would
                    // leave the author believing it did.
                    if let requested = options.rollout, requested != existing.rollout {
                        throw Failure(
                            "\(app) version \(code) is already published, at \(existing.rollout)%; publishing it again does not change its rollout: mactl catalog rollout \(ShellWord.quoted(catalog.path)) \(app) \(code) \(requested)"
                        )
                    }
                    // A publish stopped after the version list leaves the index behind: bring it up.
                    let index = CatalogFiles.encode(CatalogFiles.index(from: lists))
                    let current = try? folder.read(CatalogFiles.indexPath)
                    if current != index, !options.dryRun {
                        try CatalogWriter.place(index, at: CatalogFiles.indexPath, in: folder)
                        return Outcome(version: existing, app: app, alreadyPublished: true, written: [CatalogFiles.indexPath])
                    }
                    return Outcome(version: existing, app: app, alreadyPublished: true, written: [])
                }
                throw Failure(
                    "\(app) version \(code) is already published with other bytes (sha256 \(existing.sha256)); versions are immutable: raise 'version.code' and pack again"
                )
            }
            let signer = report.publicKeyDigest
            if let known = list.versions.last(where: { $0.signer != nil })?.signer, signer != known {
                throw Failure(
                    "'\(packageName)' is signed by key \(signer ?? "(unsigned)"), but \(app)'s earlier versions are signed by key \(known); publish with that key"
                )
            }
            let newest = list.versions.filter { $0.channel == options.channel && !$0.withdrawn }.map(\.code).max()
            if let newest, code <= newest, !options.allowDowngrade {
                throw Failure(
                    "\(app) version \(code) is not above \(newest), the newest on channel '\(options.channel)'; raise 'version.code', or pass --allow-downgrade"
                )
            }
            let platformSignature =
                isWebBundle ? try platformSignature(versionID: versionID, sha256: digest, folder: folder, options: options) : nil
            let icon = CatalogFiles.packagedIcon(in: report.files)
            var version = CatalogFiles.Version(
                code: code, name: versionName, title: manifest.name ?? app, channel: options.channel, rollout: rollout,
                sha256: digest, size: bytes.count, signer: signer, published: InternetTimestamp.string(options.published), withdrawn: false,
                permissions: manifest.permissions,
                manifest: CatalogFiles.manifestPath(app, code),
                icon: icon.map { CatalogFiles.versionFolder(app, code) + "/icon." + $0.extension },
                package: CatalogFiles.packagePath(app, code, sha256: digest, webBundle: isWebBundle))
            version.versionId = versionID
            version.platformSignature = platformSignature
            list.versions.append(version)
            list.versions.sort { $0.code < $1.code }
            lists.removeAll { $0.app == app }
            lists.append(list)
            var files: [(String, [UInt8], PublishStep)] = [
                (version.package, bytes, .package),
                (version.manifest, manifestFile.bytes, .manifest),
            ]
            if let path = version.icon, let icon { files.append((path, icon.file.bytes, .icon)) }
            files.append((CatalogFiles.versionsPath(app), CatalogFiles.encode(list), .versions))
            files.append((CatalogFiles.indexPath, CatalogFiles.encode(CatalogFiles.index(from: lists)), .index))
            do throws(CatalogFolder.Failure) {
                for path in files.map(\.0) + [CatalogFiles.stagingName + "/file"] { try folder.checkWritable(path) }
            } catch {
                throw Failure("in the catalog '\(catalog.path)', \(error.description); nothing was written")
            }
            if options.dryRun { return Outcome(version: version, app: app, alreadyPublished: false, written: files.map(\.0)) }
            for (path, content, step) in files {
                try CatalogWriter.place(content, at: path, in: folder)
                options.observer.stepDone(step)
            }
            return Outcome(version: version, app: app, alreadyPublished: false, written: files.map(\.0))
        }
    }

    /// Marks a version withdrawn: it stays in the version list and on disk, for audit, and
    /// leaves the index's channels.
    public static func withdraw(app: String, code: Int, catalog: URL) throws(Failure) -> CatalogFiles.Version {
        guard CatalogFiles.isSafeAppID(app) else { throw Failure("'\(app)' is not an app id of this catalog") }
        return try withLock(catalog) { (folder) throws(Failure) -> CatalogFiles.Version in
            var lists = try readLists(folder)
            var (list, position) = try listedVersion(app: app, code: code, in: lists)
            if list.versions[position].withdrawn { return list.versions[position] }
            list.versions[position].withdrawn = true
            lists.removeAll { $0.app == app }
            lists.append(list)
            try CatalogWriter.place(CatalogFiles.encode(list), at: CatalogFiles.versionsPath(app), in: folder)
            try CatalogWriter.place(CatalogFiles.encode(CatalogFiles.index(from: lists)), at: CatalogFiles.indexPath, in: folder)
            return list.versions[position]
        }
    }

    /// The catalog key's signature of a web bundle, when the catalog has a key: then the key
    /// must be given, and be one of the catalog's (`keys/<id>`). A catalog without a key
    /// publishes the bundle unsigned for the SDK (its hosts then check no signature).
    static func platformSignature(
        versionID: String, sha256: String, folder: CatalogFolder, options: Options
    ) throws(Failure) -> CatalogFiles.PlatformSignature? {
        guard let key = options.platformKey else {
            if folder.contains(CatalogFiles.keysFolder) {
                throw Failure(
                    "the catalog signs web bundles for Rakuten's SDK (it has \(CatalogFiles.keysFolder)/): give its key with --catalog-key"
                )
            }
            return nil
        }
        guard let record = try? CatalogFiles.read(CatalogFiles.KeyRecord.self, at: CatalogFiles.keyPath(key.id), in: folder),
            record == key.record
        else {
            throw Failure(
                "the key given with --catalog-key (id \(key.id)) is not this catalog's: it has no \(CatalogFiles.keyPath(key.id)) (make the catalog's key with 'mactl catalog keygen')"
            )
        }
        do throws(CatalogPlatformKey.Failure) {
            return try key.sign(versionID: versionID, fileSHA256: sha256)
        } catch {
            throw Failure(error.description)
        }
    }

    static func checkChannel(_ channel: String) throws(Failure) {
        guard CatalogFiles.isSafeChannel(channel) else {
            throw Failure(
                "'\(channel)' is not a channel name: use lowercase letters, digits and '-', starting with a letter or digit, at most 32")
        }
    }

    /// The app's version list and the position of version `code` in it, for a change to one
    /// published version (withdraw, rollout).
    static func listedVersion(
        app: String, code: Int, in lists: [CatalogFiles.VersionList]
    ) throws(Failure) -> (
        CatalogFiles.VersionList, Int
    ) {
        guard let list = lists.first(where: { $0.app == app }) else { throw Failure("the catalog has no app '\(app)'") }
        guard let position = list.versions.firstIndex(where: { $0.code == code }) else {
            throw Failure("\(app) has no version \(code); it has \(list.versions.map { String($0.code) }.joined(separator: ", "))")
        }
        return (list, position)
    }

    /// Every app's version list, checked against the index: a damaged or hand-edited file stops
    /// the publish before anything is written.
    static func readLists(_ catalog: CatalogFolder) throws(Failure) -> [CatalogFiles.VersionList] {
        let index: CatalogFiles.Index?
        do throws(CatalogFiles.Damaged) {
            index = try CatalogFiles.read(CatalogFiles.Index.self, at: CatalogFiles.indexPath, in: catalog)
        } catch {
            throw Failure("\(error.description); nothing was written (see 'mactl catalog verify')")
        }
        // The index's apps too: a linked app folder is not among the folders, and reading its
        // list says it is a link.
        let ids = Set(
            catalog.folders(in: "apps").filter { !$0.hasPrefix(".") } + (index?.apps.map(\.id) ?? []).filter(CatalogFiles.isSafeAppID)
        ).sorted()
        var lists: [CatalogFiles.VersionList] = []
        for id in ids {
            do throws(CatalogFiles.Damaged) {
                guard let list = try CatalogFiles.read(CatalogFiles.VersionList.self, at: CatalogFiles.versionsPath(id), in: catalog) else {
                    continue
                }
                guard list.app == id else {
                    throw CatalogFiles.Damaged(
                        path: CatalogFiles.versionsPath(id), reason: "'app' is '\(list.app)', not '\(id)', its folder")
                }
                lists.append(list)
            } catch {
                throw Failure("\(error.description); nothing was written (see 'mactl catalog verify')")
            }
        }
        // The index may be behind the lists (a publish stopped before its last step), never
        // ahead of them or different: that is a hand edit.
        if let index, let problem = CatalogVerifier.indexProblem(index, lists: lists) {
            throw Failure("index.json: \(problem); nothing was written (see 'mactl catalog verify')")
        }
        return lists
    }

    /// Runs `body` with the catalog folder opened (made when missing) and its lock held.
    static func withLock<T>(_ catalog: URL, _ body: (CatalogFolder) throws(Failure) -> T) throws(Failure) -> T {
        let folder: CatalogFolder
        let descriptor: Int32
        do throws(CatalogFolder.Failure) {
            folder = try CatalogFolder(catalog, create: true)
            descriptor = try folder.openLockFile(CatalogFiles.lockName)
        } catch {
            throw Failure("the catalog '\(catalog.path)': \(error.description); nothing was written")
        }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 {
            if errno != EINTR { throw Failure("cannot lock the catalog '\(catalog.path)': \(String(cString: strerror(errno)))") }
        }
        defer { flock(descriptor, LOCK_UN) }
        return try body(folder)
    }
}

/// Writes one catalog file as readers must see it: whole or not at all.
enum CatalogWriter {
    /// Staged in `.staging/` and flushed, renamed over `path`, then its folder flushed
    /// (`CatalogFolder.place`, which follows no link). Staged outside the version folders, so a
    /// publish killed mid-write leaves nothing there that `CatalogVerifier` would take for an
    /// unlisted file.
    static func place(_ bytes: [UInt8], at path: String, in catalog: CatalogFolder) throws(CatalogPublisher.Failure) {
        do throws(CatalogFolder.Failure) {
            try catalog.place(bytes, at: path, staging: CatalogFiles.stagingName)
        } catch {
            throw CatalogPublisher.Failure("cannot write '\(path)': \(error.description)")
        }
    }
}
