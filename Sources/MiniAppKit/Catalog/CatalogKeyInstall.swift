import Foundation

extension CatalogPublisher {
    /// What `mactl catalog keygen` changed in the catalog.
    public struct KeyInstallOutcome: Sendable {
        public var keyID: String
        /// `keys/<id>` was written (false when it was there already).
        public var wroteRecord: Bool
        /// The web bundles signed with the key, as "app code".
        public var signed: [String]
    }

    /// Makes `key` the catalog's key for Rakuten's SDK: writes its public half to `keys/<id>`,
    /// then signs every web bundle that the key has not signed, under the lock and with the
    /// checks of publish, app by app (`versions.json`; the index does not change). Run again
    /// with the same key, it completes what a stopped run left, or does nothing.
    public static func installKey(_ key: CatalogPlatformKey, catalog: URL) throws(Failure) -> KeyInstallOutcome {
        // A new catalog may start with its key; a folder of other files must not become one.
        let isNew = !FileManager.default.fileExists(atPath: catalog.appendingPathComponent(CatalogFiles.indexPath).path)
        if isNew, let entries = try? FileManager.default.contentsOfDirectory(atPath: catalog.path), !entries.isEmpty {
            throw Failure("'\(catalog.path)' is not a catalog (it has no \(CatalogFiles.indexPath)) and is not empty; nothing was written")
        }
        return try withLock(catalog) { (folder) throws(Failure) -> KeyInstallOutcome in
            let lists = try readLists(folder)
            if !folder.contains(CatalogFiles.indexPath) {
                try CatalogWriter.place(CatalogFiles.encode(CatalogFiles.index(from: [])), at: CatalogFiles.indexPath, in: folder)
            }
            var outcome = KeyInstallOutcome(keyID: key.id, wroteRecord: false, signed: [])
            let recordPath = CatalogFiles.keyPath(key.id)
            let existing: CatalogFiles.KeyRecord?
            do throws(CatalogFiles.Damaged) {
                existing = try CatalogFiles.read(CatalogFiles.KeyRecord.self, at: recordPath, in: folder)
            } catch {
                throw Failure("\(error.description); nothing was written (see 'mactl catalog verify')")
            }
            if existing != key.record {
                try CatalogWriter.place(CatalogFiles.encode(key.record), at: recordPath, in: folder)
                outcome.wroteRecord = true
            }
            for var list in lists {
                var changed = false
                for position in list.versions.indices where list.versions[position].isWebBundle {
                    var version = list.versions[position]
                    guard version.platformSignature?.keyId != key.id else { continue }
                    let versionID = version.platformVersionID
                    do throws(CatalogPlatformKey.Failure) {
                        version.platformSignature = try key.sign(versionID: versionID, fileSHA256: version.sha256)
                    } catch {
                        throw Failure(error.description)
                    }
                    version.versionId = versionID
                    list.versions[position] = version
                    outcome.signed.append("\(list.app) \(version.code)")
                    changed = true
                }
                if changed { try CatalogWriter.place(CatalogFiles.encode(list), at: CatalogFiles.versionsPath(list.app), in: folder) }
            }
            return outcome
        }
    }
}
