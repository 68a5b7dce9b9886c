import Crypto
import Foundation

/// `mactl catalog verify`: re-checks a whole catalog. Each package's size, hash and signature
/// and its verification; each version's manifest and icon against its package; the index
/// against the version lists; and that the folder holds nothing the lists do not name.
///
/// What a publish stopped halfway leaves (a complete version not yet listed, an index behind
/// its lists, a staged file) is a note, not an error: readers never see it, and the next
/// publish completes or replaces it.
public enum CatalogVerifier {
    public struct Result: Sendable {
        public var diagnostics: [Diagnostic]
        public var fileCount: Int
    }

    /// A folder that is not a catalog (`CatalogFiles.isCatalog`): nothing in it was checked.
    public struct NotACatalog: Error, Sendable {}

    public static func verify(_ catalog: URL) throws(NotACatalog) -> Result {
        var findings: [Diagnostic] = []
        var checked: Set<String> = []
        /// Reports `entry` on `path`, with the severity the catalogue gives it.
        func found(_ entry: DiagnosticEntry, _ path: String, _ message: String) {
            findings.append(Diagnostic(id: entry.id, severity: entry.defaultSeverity ?? .error, message: message, span: .file(path)))
        }

        let folder: CatalogFolder
        do throws(CatalogFolder.Failure) {
            folder = try CatalogFolder(catalog, create: false)
        } catch let failure {
            found(CatalogDiagnostic.missingFile, ".", "the catalog \(failure.reason)")
            return Result(diagnostics: findings, fileCount: 0)
        }
        guard CatalogFiles.isCatalog(folder) else { throw NotACatalog() }
        // Links are reported and never followed: a package or list replaced by a link would
        // otherwise be checked at, and served from, wherever it points.
        var files: Set<String> = []
        for item in folder.walk() {
            switch item {
            case .file(let path): files.insert(path)
            case .link(let path):
                found(
                    CatalogDiagnostic.symlink, path,
                    "is a symbolic link; a catalog holds regular files and folders only, and mactl neither reads nor serves through a link")
            case .other(let path):
                found(CatalogDiagnostic.unlistedFile, path, "is not a regular file or a folder")
            }
        }
        /// The bytes at a catalog path, or nil after reporting why there are none.
        func contents(_ path: String, missing: String) -> [UInt8]? {
            do throws(CatalogFolder.Failure) {
                if let bytes = try folder.read(path) { return bytes }
                found(CatalogDiagnostic.missingFile, path, missing)
            } catch let failure {
                // A link was reported by the walk; anything else is said here.
                if !failure.isLink {
                    found(CatalogDiagnostic.damagedFile, failure.path, failure.reason)
                }
            }
            return nil
        }
        var index: CatalogFiles.Index?
        do throws(CatalogFiles.Damaged) {
            index = try CatalogFiles.read(CatalogFiles.Index.self, at: CatalogFiles.indexPath, in: folder)
            if index == nil { found(CatalogDiagnostic.missingFile, CatalogFiles.indexPath, "the catalog has no index.json") }
        } catch {
            found(CatalogDiagnostic.damagedFile, error.path, error.reason)
        }
        checked.insert(CatalogFiles.indexPath)

        var lists: [CatalogFiles.VersionList] = []
        let appIDs = Set(
            files.compactMap { path -> String? in
                let parts = path.split(separator: "/")
                return parts.count >= 3 && parts[0] == "apps" ? String(parts[1]) : nil
            }
        ).sorted()
        for (position, id) in appIDs.enumerated() {
            for other in appIDs[(position + 1)...] where CatalogFiles.sameFolder(id, other) {
                found(
                    CatalogDiagnostic.caseCollision, "apps/\(other)",
                    "app '\(other)' and app '\(id)' differ only in letter case; on a case-insensitive volume they are one folder")
            }
        }
        for id in appIDs {
            let path = CatalogFiles.versionsPath(id)
            guard files.contains(path) else { continue }
            checked.insert(path)
            do throws(CatalogFiles.Damaged) {
                guard let list = try CatalogFiles.read(CatalogFiles.VersionList.self, at: path, in: folder) else { continue }
                if list.app != id {
                    found(CatalogDiagnostic.damagedFile, path, "'app' is '\(list.app)', not '\(id)', its folder"); continue
                }
                if list.format != CatalogFiles.format {
                    found(CatalogDiagnostic.damagedFile, path, "'format' is \(list.format); this mactl reads format \(CatalogFiles.format)")
                }
                lists.append(list)
            } catch {
                found(CatalogDiagnostic.damagedFile, error.path, error.reason)
            }
        }

        for list in lists {
            let versionsPath = CatalogFiles.versionsPath(list.app)
            var codes: Set<Int> = []
            for version in list.versions {
                if !codes.insert(version.code).inserted {
                    found(CatalogDiagnostic.duplicateVersion, versionsPath, "version \(version.code) of \(list.app) is listed twice")
                }
                if let problem = rolloutProblem(version) { found(CatalogDiagnostic.damagedFile, versionsPath, problem) }
                let expectedPackage = CatalogFiles.packagePath(
                    list.app, version.code, sha256: version.sha256, webBundle: version.isWebBundle)
                let expectedManifest = CatalogFiles.manifestPath(list.app, version.code)
                let iconPaths = CatalogFiles.iconExtensions.map { CatalogFiles.iconPath(list.app, version.code, extension: $0) }
                guard version.package == expectedPackage, version.manifest == expectedManifest, version.icon.map(iconPaths.contains) ?? true
                else {
                    found(
                        CatalogDiagnostic.damagedFile, versionsPath,
                        "version \(version.code) names files outside its folder \(CatalogFiles.versionFolder(list.app, version.code))/")
                    continue
                }
                checked.insert(version.package)
                checked.insert(version.manifest)
                if let icon = version.icon { checked.insert(icon) }
                guard
                    let bytes = contents(
                        version.package, missing: "version \(version.code) of \(list.app) is listed, but its package is missing")
                else { continue }
                let digest = Hex.string(SHA256.hash(data: bytes))
                if bytes.count != version.size || digest != version.sha256 {
                    found(
                        CatalogDiagnostic.packageMismatch, version.package,
                        "the package is \(bytes.count) bytes with sha256 \(digest); \(versionsPath) lists \(version.size) bytes with sha256 \(version.sha256)"
                    )
                    continue
                }
                let report = PackageVerifier.verify(bytes)
                if !report.passed {
                    let reasons = report.diagnostics(packagePath: version.package).map(\.message).joined(separator: "; ")
                    found(CatalogDiagnostic.packageFailsVerify, version.package, "the package does not pass 'mactl verify': \(reasons)")
                    continue
                }
                if (RuntimeProfile.forPackage(report.files).appKind == .webBundle) != version.isWebBundle {
                    found(
                        CatalogDiagnostic.damagedFile, versionsPath,
                        version.isWebBundle
                            ? "version \(version.code) is listed as a web bundle (.zip), but its package is a MiniApp"
                            : "version \(version.code) is listed as a MiniApp package (.ma), but its package is a web bundle")
                }
                if let problem = platformProblem(version, folder: folder) { found(CatalogDiagnostic.damagedFile, versionsPath, problem) }
                if report.publicKeyDigest != version.signer {
                    found(
                        CatalogDiagnostic.signerMismatch, version.package,
                        "the package is signed by key \(report.publicKeyDigest ?? "(none)"); \(versionsPath) lists \(version.signer ?? "(none)")"
                    )
                }
                let manifest = report.files.first { $0.path == "manifest.json" }?.bytes
                let stored = contents(version.manifest, missing: "version \(version.code) of \(list.app) has no manifest.json")
                if stored != nil, stored != manifest {
                    found(CatalogDiagnostic.manifestMismatch, version.manifest, "differs from the manifest.json inside \(version.package)")
                }
                if let icon = version.icon {
                    let packaged = CatalogFiles.packagedIcon(in: report.files)?.file.bytes
                    if let storedIcon = contents(icon, missing: "the listed icon is missing"), storedIcon != packaged {
                        found(CatalogDiagnostic.manifestMismatch, icon, "differs from the icon inside \(version.package)")
                    }
                }
            }
        }

        if let index {
            let expected = CatalogFiles.index(from: lists)
            if index != expected {
                if let problem = indexProblem(index, lists: lists) {
                    found(CatalogDiagnostic.indexMismatch, CatalogFiles.indexPath, problem)
                } else {
                    found(
                        CatalogDiagnostic.indexBehind, CatalogFiles.indexPath,
                        "does not yet list what the version lists do (a publish was stopped before its last step); the next publish, withdraw or rollout change rewrites it"
                    )
                }
            }
        }

        // The catalog's public keys, for Rakuten's SDK: each a whole record under its own id.
        for path in files.sorted() where path.hasPrefix(CatalogFiles.keysFolder + "/") {
            checked.insert(path)
            let record = try? CatalogFiles.read(CatalogFiles.KeyRecord.self, at: path, in: folder)
            guard let record = record ?? nil, CatalogPlatformKey.isValid(record), path == CatalogFiles.keyPath(record.id) else {
                found(
                    CatalogDiagnostic.damagedFile, path,
                    "is not a public key record of the catalog ({id, ecKey, pemKey} of one P-256 key, under its id)")
                continue
            }
        }

        // Nothing unlisted, except what a stopped publish leaves.
        var leftovers: [String: [String]] = [:]
        for path in files.sorted() where !checked.contains(path) {
            if path == CatalogFiles.lockName { continue }
            if path.hasPrefix(CatalogFiles.stagingName + "/") {
                found(
                    CatalogDiagnostic.stagedFile, path,
                    "a file staged by a publish that was stopped; the catalog does not use it, and it can be removed")
                continue
            }
            let parts = path.split(separator: "/").map(String.init)
            if parts.count == 4, parts[0] == "apps", Int(parts[2]) != nil {
                leftovers[parts[0...2].joined(separator: "/"), default: []].append(path)
                continue
            }
            found(CatalogDiagnostic.unlistedFile, path, "no version list or index names this file")
        }
        let catalogFolder = folder
        for (folder, paths) in leftovers.sorted(by: { $0.key < $1.key }) {
            if isStoppedPublish(folder, paths: paths, catalog: catalogFolder, lists: lists) {
                found(
                    CatalogDiagnostic.unlistedVersion, folder,
                    "holds a version a publish wrote but did not list before it was stopped; publishing the same package again completes it"
                )
            } else {
                for path in paths { found(CatalogDiagnostic.unlistedFile, path, "no version list or index names this file") }
            }
        }
        return Result(diagnostics: findings, fileCount: files.count)
    }

    /// What is wrong with a version's rollout and its history, which only `publish` and
    /// `catalog rollout` write: a share outside 0 to 100, or a history that does not end where
    /// the version is (so an index behind it could not be told from a hand edit).
    static func rolloutProblem(_ version: CatalogFiles.Version) -> String? {
        guard (0...100).contains(version.rollout) else {
            return "version \(version.code) has rollout \(version.rollout); a rollout is 0 to 100"
        }
        guard let history = version.rolloutHistory else { return nil }
        if let outside = history.first(where: { !(0...100).contains($0.rollout) }) {
            return "version \(version.code)'s rolloutHistory holds rollout \(outside.rollout); a rollout is 0 to 100"
        }
        if history.count < 2 || history.last?.rollout != version.rollout {
            return
                "version \(version.code)'s rolloutHistory does not end at its rollout \(version.rollout): it starts with the published rollout and gains one entry per change"
        }
        return nil
    }

    /// What is wrong with a version's id and platform signature: an id other than its code and
    /// hash make, a signature on a MiniApp package, or one that its key (`keys/<id>`) does not
    /// verify, so every Rakuten host would refuse the download.
    static func platformProblem(_ version: CatalogFiles.Version, folder: CatalogFolder) -> String? {
        let derived = CatalogFiles.versionID(code: version.code, sha256: version.sha256)
        if let id = version.versionId, id != derived {
            return "version \(version.code) has versionId '\(id)'; its code and sha256 make '\(derived)'"
        }
        guard let signature = version.platformSignature else { return nil }
        guard version.isWebBundle else { return "version \(version.code) is a MiniApp package, which carries no platformSignature" }
        let record = try? CatalogFiles.read(CatalogFiles.KeyRecord.self, at: CatalogFiles.keyPath(signature.keyId), in: folder)
        guard let record = record ?? nil else {
            return
                "version \(version.code) is signed by catalog key \(signature.keyId), but \(CatalogFiles.keyPath(signature.keyId)) is missing"
        }
        guard CatalogPlatformKey.verify(signature, record: record, versionID: version.platformVersionID, fileSHA256: version.sha256)
        else {
            return
                "version \(version.code)'s platformSignature does not verify with \(CatalogFiles.keyPath(signature.keyId)): Rakuten hosts refuse its download"
        }
        return nil
    }

    /// Why an index that differs from the lists is not merely behind them, or nil when it is.
    static func indexProblem(_ index: CatalogFiles.Index, lists: [CatalogFiles.VersionList]) -> String? {
        if index.format != CatalogFiles.format { return "'format' is \(index.format); this mactl reads format \(CatalogFiles.format)" }
        for app in index.apps {
            guard let list = lists.first(where: { $0.app == app.id }) else {
                return "lists app '\(app.id)', which has no \(CatalogFiles.versionsPath(app.id))"
            }
            if app.versions != CatalogFiles.versionsPath(app.id) {
                return "'\(app.id)': 'versions' is '\(app.versions)', not '\(CatalogFiles.versionsPath(app.id))'"
            }
            if let icon = app.icon, !list.versions.contains(where: { $0.icon == icon }) {
                return "'\(app.id)': 'icon' is '\(icon)', which no version of \(CatalogFiles.versionsPath(app.id)) lists"
            }
            for (channel, latest) in app.channels.sorted(by: { $0.key < $1.key }) {
                // A rollout change stopped before its last step leaves the index at a rollout the
                // version had before: one it never had is a hand edit.
                guard let version = list.versions.first(where: { $0.code == latest.code }), version.channel == channel,
                    version.sha256 == latest.sha256, version.size == latest.size, version.package == latest.package,
                    version.manifest == latest.manifest, version.name == latest.name,
                    version.rollout == latest.rollout || (version.rolloutHistory ?? []).contains(where: { $0.rollout == latest.rollout })
                else {
                    return
                        "'\(app.id)' channel '\(channel)' names version \(latest.code) otherwise than \(CatalogFiles.versionsPath(app.id)) lists it"
                }
            }
        }
        return nil
    }

    /// A version folder holding exactly what a publish writes before its list: the package
    /// named by its own hash, and perhaps the manifest and icon from inside it.
    static func isStoppedPublish(_ folder: String, paths: [String], catalog: CatalogFolder, lists: [CatalogFiles.VersionList]) -> Bool {
        let parts = folder.split(separator: "/").map(String.init)
        if let list = lists.first(where: { $0.app == parts[1] }), list.versions.contains(where: { String($0.code) == parts[2] }) {
            return false
        }
        let packages = paths.filter { $0.hasSuffix(".ma") || $0.hasSuffix(".zip") }
        guard packages.count == 1, let package = packages.first,
            let bytes = try? catalog.read(package) ?? nil,
            (package as NSString).deletingPathExtension.split(separator: "/").last.map(String.init) == Hex.string(SHA256.hash(data: bytes))
        else { return false }
        let others = paths.filter { $0 != package }.map { ($0 as NSString).lastPathComponent }
        return others.allSatisfy { $0 == "manifest.json" || $0.hasPrefix("icon.") }
    }

}
