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

    public static func verify(_ catalog: URL) -> Result {
        var findings: [Diagnostic] = []
        var checked: Set<String> = []
        func error(_ id: String, _ path: String, _ message: String) { findings.append(Diagnostic(id: id, severity: .error, message: message, span: .file(path))) }
        func note(_ id: String, _ path: String, _ message: String) { findings.append(Diagnostic(id: id, severity: .note, message: message, span: .file(path))) }

        let files = allFiles(catalog)
        var index: CatalogFiles.Index?
        do throws(CatalogFiles.Damaged) {
            index = try CatalogFiles.read(CatalogFiles.Index.self, at: CatalogFiles.indexPath, in: catalog)
            if index == nil { error("catalog-missing-file", CatalogFiles.indexPath, "the catalog has no index.json") }
        } catch {
            findings.append(Diagnostic(id: "catalog-damaged-file", severity: .error, message: error.reason, span: .file(error.path)))
        }
        checked.insert(CatalogFiles.indexPath)

        var lists: [CatalogFiles.VersionList] = []
        let appIDs = Set(files.compactMap { path -> String? in
            let parts = path.split(separator: "/")
            return parts.count >= 3 && parts[0] == "apps" ? String(parts[1]) : nil
        }).sorted()
        for id in appIDs {
            let path = CatalogFiles.versionsPath(id)
            guard files.contains(path) else { continue }
            checked.insert(path)
            do throws(CatalogFiles.Damaged) {
                guard let list = try CatalogFiles.read(CatalogFiles.VersionList.self, at: path, in: catalog) else { continue }
                if list.app != id { error("catalog-damaged-file", path, "'app' is '\(list.app)', not '\(id)', its folder"); continue }
                if list.format != CatalogFiles.format { error("catalog-damaged-file", path, "'format' is \(list.format); this mactl reads format \(CatalogFiles.format)") }
                lists.append(list)
            } catch {
                findings.append(Diagnostic(id: "catalog-damaged-file", severity: .error, message: error.reason, span: .file(error.path)))
            }
        }

        for list in lists {
            let versionsPath = CatalogFiles.versionsPath(list.app)
            var codes: Set<Int> = []
            for version in list.versions {
                if !codes.insert(version.code).inserted { error("catalog-duplicate-version", versionsPath, "version \(version.code) of \(list.app) is listed twice") }
                let expectedPackage = CatalogFiles.packagePath(list.app, version.code, sha256: version.sha256)
                let expectedManifest = CatalogFiles.manifestPath(list.app, version.code)
                guard version.package == expectedPackage, version.manifest == expectedManifest,
                      version.icon.map({ $0.hasPrefix(CatalogFiles.versionFolder(list.app, version.code) + "/icon.") }) ?? true
                else {
                    error("catalog-damaged-file", versionsPath, "version \(version.code) names files outside its folder \(CatalogFiles.versionFolder(list.app, version.code))/")
                    continue
                }
                checked.insert(version.package)
                checked.insert(version.manifest)
                if let icon = version.icon { checked.insert(icon) }
                guard let bytes = FileManager.default.contents(atPath: catalog.appendingPathComponent(version.package).path).map([UInt8].init) else {
                    error("catalog-missing-file", version.package, "version \(version.code) of \(list.app) is listed, but its package is missing")
                    continue
                }
                let digest = Hex.string(SHA256.hash(data: bytes))
                if bytes.count != version.size || digest != version.sha256 {
                    error("catalog-package-mismatch", version.package, "the package is \(bytes.count) bytes with sha256 \(digest); \(versionsPath) lists \(version.size) bytes with sha256 \(version.sha256)")
                    continue
                }
                let report = PackageVerifier.verify(bytes)
                if !report.passed {
                    let reasons = report.diagnostics(packagePath: version.package).map(\.message).joined(separator: "; ")
                    error("catalog-package-fails-verify", version.package, "the package does not pass 'mactl verify': \(reasons)")
                    continue
                }
                if report.publicKeyDigest != version.signer {
                    error("catalog-signer-mismatch", version.package, "the package is signed by key \(report.publicKeyDigest ?? "(none)"); \(versionsPath) lists \(version.signer ?? "(none)")")
                }
                let manifest = report.files.first { $0.path == "manifest.json" }?.bytes
                let stored = FileManager.default.contents(atPath: catalog.appendingPathComponent(version.manifest).path).map([UInt8].init)
                if stored == nil {
                    error("catalog-missing-file", version.manifest, "version \(version.code) of \(list.app) has no manifest.json")
                } else if stored != manifest {
                    error("catalog-manifest-mismatch", version.manifest, "differs from the manifest.json inside \(version.package)")
                }
                if let icon = version.icon {
                    let storedIcon = FileManager.default.contents(atPath: catalog.appendingPathComponent(icon).path).map([UInt8].init)
                    let packaged = CatalogFiles.packagedIcon(in: report.files)?.file.bytes
                    if storedIcon == nil || storedIcon != packaged {
                        error("catalog-manifest-mismatch", icon, storedIcon == nil ? "the listed icon is missing" : "differs from the icon inside \(version.package)")
                    }
                }
            }
        }

        if let index {
            let expected = CatalogFiles.index(from: lists)
            if index != expected {
                if let problem = indexProblem(index, lists: lists) {
                    error("catalog-index-mismatch", CatalogFiles.indexPath, problem)
                } else {
                    note("catalog-index-behind", CatalogFiles.indexPath, "does not yet list what the version lists do (a publish was stopped before its last step); the next publish or withdraw rewrites it")
                }
            }
        }

        // Nothing unlisted, except what a stopped publish leaves.
        var leftovers: [String: [String]] = [:]
        for path in files.sorted() where !checked.contains(path) {
            if path == CatalogFiles.lockName { continue }
            if path.hasPrefix(CatalogFiles.stagingName + "/") {
                note("catalog-staged-file", path, "a file staged by a publish that was stopped; the catalog does not use it, and it can be removed")
                continue
            }
            let parts = path.split(separator: "/").map(String.init)
            if parts.count == 4, parts[0] == "apps", Int(parts[2]) != nil {
                leftovers[parts[0...2].joined(separator: "/"), default: []].append(path)
                continue
            }
            error("catalog-unlisted-file", path, "no version list or index names this file")
        }
        for (folder, paths) in leftovers.sorted(by: { $0.key < $1.key }) {
            if isStoppedPublish(folder, paths: paths, catalog: catalog, lists: lists) {
                note("catalog-unlisted-version", folder, "holds a version a publish wrote but did not list before it was stopped; publishing the same package again completes it")
            } else {
                for path in paths { error("catalog-unlisted-file", path, "no version list or index names this file") }
            }
        }
        return Result(diagnostics: findings, fileCount: files.count)
    }

    /// Why an index that differs from the lists is not merely behind them, or nil when it is.
    static func indexProblem(_ index: CatalogFiles.Index, lists: [CatalogFiles.VersionList]) -> String? {
        if index.format != CatalogFiles.format { return "'format' is \(index.format); this mactl reads format \(CatalogFiles.format)" }
        for app in index.apps {
            guard let list = lists.first(where: { $0.app == app.id }) else { return "lists app '\(app.id)', which has no \(CatalogFiles.versionsPath(app.id))" }
            if app.versions != CatalogFiles.versionsPath(app.id) { return "'\(app.id)': 'versions' is '\(app.versions)', not '\(CatalogFiles.versionsPath(app.id))'" }
            for (channel, latest) in app.channels.sorted(by: { $0.key < $1.key }) {
                guard let version = list.versions.first(where: { $0.code == latest.code }), version.channel == channel,
                      version.sha256 == latest.sha256, version.size == latest.size, version.package == latest.package,
                      version.manifest == latest.manifest, version.name == latest.name, version.rollout == latest.rollout
                else { return "'\(app.id)' channel '\(channel)' names version \(latest.code) otherwise than \(CatalogFiles.versionsPath(app.id)) lists it" }
            }
        }
        return nil
    }

    /// A version folder holding exactly what a publish writes before its list: the package
    /// named by its own hash, and perhaps the manifest and icon from inside it.
    static func isStoppedPublish(_ folder: String, paths: [String], catalog: URL, lists: [CatalogFiles.VersionList]) -> Bool {
        let parts = folder.split(separator: "/").map(String.init)
        if let list = lists.first(where: { $0.app == parts[1] }), list.versions.contains(where: { String($0.code) == parts[2] }) { return false }
        let packages = paths.filter { $0.hasSuffix(".ma") }
        guard packages.count == 1, let package = packages.first,
              let bytes = FileManager.default.contents(atPath: catalog.appendingPathComponent(package).path).map([UInt8].init),
              (package as NSString).lastPathComponent == Hex.string(SHA256.hash(data: bytes)) + ".ma"
        else { return false }
        let others = paths.filter { $0 != package }.map { ($0 as NSString).lastPathComponent }
        return others.allSatisfy { $0 == "manifest.json" || $0.hasPrefix("icon.") }
    }

    /// Every regular file under the catalog, as paths relative to it.
    static func allFiles(_ catalog: URL) -> Set<String> {
        var found: Set<String> = []
        let root = catalog.standardizedFileURL.path
        guard let walker = FileManager.default.enumerator(atPath: root) else { return found }
        while let relative = walker.nextObject() as? String {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: root + "/" + relative, isDirectory: &isFolder), !isFolder.boolValue { found.insert(relative) }
        }
        return found
    }
}
