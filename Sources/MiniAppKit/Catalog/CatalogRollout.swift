import Foundation

/// `mactl catalog rollout`: raises, lowers or halts the rollout of a published version. It
/// takes the catalog's lock and reads every list as publish does (a damaged or hand-edited
/// catalog stops it before anything is written), then places the version list and the index
/// last, each whole. A change killed after the list leaves an index one rollout behind, which
/// `CatalogVerifier` accepts (the old value is in the version's history) and the next publish,
/// withdraw or rollout change rewrites.
extension CatalogPublisher {
    public enum RolloutTarget: Sendable, Equatable {
        /// The share of devices, 0 to 100.
        case percent(Int)
        /// Offered to no device from now on: 0, marked as a stop in the history.
        case halt
    }

    public struct RolloutOptions: Sendable {
        /// `--channel`: the channel the version must be on, so a script that names one never
        /// changes a version of another.
        public var channel: String?
        /// When the change is made: SOURCE_DATE_EPOCH's time when set, else now.
        public var at: Date
        public var observer: any PublishObserver = UnobservedPublish()

        public init(at: Date) { self.at = at }
    }

    public struct RolloutOutcome: Sendable {
        public var version: CatalogFiles.Version
        /// The rollout before the change.
        public var previous: Int
        /// False when the version already had this rollout (then only a stale index is rewritten).
        public var changed: Bool
        /// The catalog paths written, in the order written.
        public var written: [String]
    }

    public static func changeRollout(
        app: String, code: Int, to target: RolloutTarget, catalog: URL, options: RolloutOptions
    ) throws(Failure) -> RolloutOutcome {
        let rollout: Int
        switch target {
        case .percent(let percent):
            guard (0...100).contains(percent) else { throw Failure("the rollout must be between 0 and 100, found \(percent)") }
            rollout = percent
        case .halt:
            rollout = 0
        }
        if let channel = options.channel { try checkChannel(channel) }
        guard CatalogFiles.isSafeAppID(app) else { throw Failure("'\(app)' is not an app id of this catalog") }
        guard FileManager.default.fileExists(atPath: catalog.appendingPathComponent(CatalogFiles.indexPath).path) else {
            throw Failure("'\(catalog.path)' is not a catalog: it has no \(CatalogFiles.indexPath)")
        }
        return try withLock(catalog) { (folder) throws(Failure) -> RolloutOutcome in
            options.observer.stepDone(.locked)
            var lists = try readLists(folder)
            var (list, position) = try listedVersion(app: app, code: code, in: lists)
            var version = list.versions[position]
            if let channel = options.channel, channel != version.channel {
                throw Failure("\(app) version \(code) is on channel '\(version.channel)', not '\(channel)'; nothing was written")
            }
            guard !version.withdrawn else {
                throw Failure("\(app) version \(code) is withdrawn: it is offered to no device at any rollout; nothing was written")
            }
            let previous = version.rollout
            let halted = target == .halt
            let lastHalted = version.rolloutHistory?.last?.halted ?? false
            guard previous != rollout || halted != lastHalted else {
                // Already so: a change stopped before its last step leaves the index behind.
                let index = CatalogFiles.encode(CatalogFiles.index(from: lists))
                guard (try? folder.read(CatalogFiles.indexPath)) != index else {
                    return RolloutOutcome(version: version, previous: previous, changed: false, written: [])
                }
                try CatalogWriter.place(index, at: CatalogFiles.indexPath, in: folder)
                options.observer.stepDone(.index)
                return RolloutOutcome(version: version, previous: previous, changed: false, written: [CatalogFiles.indexPath])
            }
            var history = version.rolloutHistory ?? [CatalogFiles.RolloutChange(rollout: previous, at: version.published)]
            history.append(
                CatalogFiles.RolloutChange(rollout: rollout, at: InternetTimestamp.string(options.at), halted: halted ? true : nil))
            version.rollout = rollout
            version.rolloutHistory = history
            list.versions[position] = version
            lists.removeAll { $0.app == app }
            lists.append(list)
            let files: [(String, [UInt8], PublishStep)] = [
                (CatalogFiles.versionsPath(app), CatalogFiles.encode(list), .versions),
                (CatalogFiles.indexPath, CatalogFiles.encode(CatalogFiles.index(from: lists)), .index),
            ]
            do throws(CatalogFolder.Failure) {
                for path in files.map(\.0) + [CatalogFiles.stagingName + "/file"] { try folder.checkWritable(path) }
            } catch {
                throw Failure("in the catalog '\(catalog.path)', \(error.description); nothing was written")
            }
            for (path, content, step) in files {
                try CatalogWriter.place(content, at: path, in: folder)
                options.observer.stepDone(step)
            }
            return RolloutOutcome(version: version, previous: previous, changed: true, written: files.map(\.0))
        }
    }
}
