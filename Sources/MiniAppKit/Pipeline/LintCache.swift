import Crypto
import Foundation

/// What a lint found, kept between runs, as ESLint's `--cache` and SwiftLint's cache keep
/// theirs: an unchanged project is not linted again. The key is a SHA-256 of everything a
/// lint reads, so any change of any input lints from scratch: every file of the project (its
/// path and bytes) and what the walk met (links, unreadable files), the configuration file,
/// the runtime profile, and the mactl build. Entries are written whole (a temporary file,
/// then a rename), so concurrent runs each see a complete entry or none.
///
/// Beside each entry, a file of its own keeps the work a lint after a change can take
/// (`KeptWork`): it is read only then, so an unchanged re-lint does not decode it. Its parts
/// are keyed by the contents they come from, so the two files need not be from one lint.
public struct LintCache: Sendable {
    /// One project's last lint, stored as JSON.
    public struct Entry: Codable, Sendable {
        public var key: String
        public var diagnostics: [Diagnostic]
        public var localeCoverage: [LocaleCoverage]
        public var fileCount: Int
        /// What `pack` needs of the model, so a pack of an unchanged project builds none.
        public var pack: PackFacts
        /// Each file's SHA-256, `stat` and path, one line each (`FileRecord`): what lets
        /// `quickLookup` find this entry without reading the files.
        public var files: [String]
        /// When the lint began to read the project's files, in nanoseconds since 1970: a file
        /// whose times are older than this by `FileSignature.racyMargin` has new times if
        /// written since.
        public var readStartedAt: Int64
        public init(
            key: String, diagnostics: [Diagnostic], localeCoverage: [LocaleCoverage], fileCount: Int, pack: PackFacts, project: Project,
            readStartedAt: Int64
        ) {
            self.key = key
            self.diagnostics = diagnostics
            self.localeCoverage = localeCoverage
            self.fileCount = fileCount
            self.pack = pack
            files = project.paths.compactMap { path in
                guard let file = project.file(path), let signature = project.signatures[path] else { return nil }
                return FileRecord(sha256: file.sha256, signature: signature, path: path).line
            }
            self.readStartedAt = readStartedAt
        }

        /// Whether `quickLookup` can take this entry for files with these signatures: the
        /// same files, each with the `stat` it had when hashed, and none changed within
        /// `FileSignature.racyMargin` of the read (a change that soon after could keep its time
        /// and size, as in git's "racy clean" entries, on file systems with coarse times).
        public func isQuick(for signatures: [String: FileSignature]) -> Bool {
            quickRecords(for: signatures) != nil
        }

        func quickRecords(for signatures: [String: FileSignature]) -> [FileRecord]? {
            guard files.count == signatures.count else { return nil }
            var records: [FileRecord] = []
            records.reserveCapacity(files.count)
            for line in files {
                guard let record = FileRecord(line: line), let signature = signatures[record.path], signature == record.signature,
                    signature.isTrusted(readStartedAt: readStartedAt)
                else { return nil }
                records.append(record)
            }
            return records
        }
    }

    /// A file as an entry remembers it: `<sha256> <size> <modified> <changed> <inode> <device> <path>`
    /// (the path last, since it may hold spaces).
    struct FileRecord {
        var sha256: String
        var signature: FileSignature
        var path: String

        var line: String { "\(sha256) \(signature.text) \(path)" }

        init(sha256: String, signature: FileSignature, path: String) {
            self.sha256 = sha256
            self.signature = signature
            self.path = path
        }

        init?(line: String) {
            let fields = line.split(separator: " ", maxSplits: 6, omittingEmptySubsequences: false)
            guard fields.count == 7, let signature = FileSignature(text: fields[1...5].joined(separator: " ")[...]) else { return nil }
            self.init(sha256: String(fields[0]), signature: signature, path: String(fields[6]))
        }
    }

    private struct StoredKey: Decodable {
        var key: String
    }

    /// What a lint lends a lint of other inputs: the work of the files that did not change.
    public struct KeptWork: Codable, Sendable {
        /// The script runs the lint made or took (`ScriptRunStore`).
        public var scriptRuns: [String: ScriptRunStore.Run]
        /// The page rules' findings on each page (`PageFindingStore`).
        public var pageFindings: PageFindingStore.Kept

        public init(scriptRuns: [String: ScriptRunStore.Run] = [:], pageFindings: PageFindingStore.Kept = PageFindingStore.Kept()) {
            self.scriptRuns = scriptRuns
            self.pageFindings = pageFindings
        }
    }

    /// What a look in the cache gave.
    public enum Lookup: Sendable {
        case hit(Entry)
        /// No entry, or the entry of other inputs, with the work the last lint kept (what a
        /// lint after a change need not do again; empty without one).
        case miss(kept: KeptWork)
        /// An entry that cannot be read: the reason, for a note; the lint runs without it.
        case unreadable(String)
    }

    /// The folder of the cache files.
    public let folder: URL

    public init(folder: URL) {
        self.folder = folder
    }

    /// `MACTL_CACHE_DIR` when set, else `$XDG_CACHE_HOME/mactl`, else `~/.cache/mactl`: the
    /// platform's cache folder, outside the project, so the cache is never linted or packed.
    public static func defaultFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let folder = environment["MACTL_CACHE_DIR"], !folder.isEmpty { return URL(fileURLWithPath: folder) }
        if let folder = environment["XDG_CACHE_HOME"], folder.hasPrefix("/") {
            return URL(fileURLWithPath: folder).appendingPathComponent("mactl")
        }
        let home = environment["HOME"].map { URL(fileURLWithPath: $0) } ?? FileManager.default.homeDirectoryForCurrentUser
        return home.appendingPathComponent(".cache/mactl")
    }

    /// The digest of every input of a lint. `tool` names the mactl build (its version and
    /// executable), so a rebuilt mactl with changed rules never reads an older build's result.
    public static func key(project: Project, configuration: Configuration, tool: String) -> String {
        // The files are hashed on every core first (each file keeps its digest for pack).
        let files = project.paths.compactMap(project.file)
        _ = ParallelMap.map(files) {
            ()
        } transform: { _, file in
            file.sha256
        }
        return key(files: files.map { ($0.path, $0.sha256) }, loadIssues: project.loadIssues, configuration: configuration, tool: tool)
    }

    /// The key of files given by path and SHA-256, in path order.
    static func key(
        files: [(path: String, sha256: String)], loadIssues: [ProjectLoadIssue], configuration: Configuration, tool: String
    ) -> String {
        var key = ContentKey()
        key.add("mactl lint cache 2")
        key.add(tool)
        key.add(configuration.runtime.id)
        if let file = configuration.file {
            key.add(file.path)
            key.add(file.sha256)
        }
        for file in files {
            key.add(file.path)
            key.add(file.sha256)
        }
        for issue in loadIssues {
            key.add("\(issue.path) \(issue.kind)")
        }
        return key.hex
    }

    /// The cache file of the project at `root`: one per project folder (its real path).
    public func file(forProjectAt root: URL) -> URL {
        let real = root.resolvingSymlinksInPath().standardizedFileURL.path
        return folder.appendingPathComponent("lint-\(Hex.string(SHA256.hash(data: Array(real.utf8))).prefix(32)).json")
    }

    public func lookup(key: String, projectAt root: URL) -> Lookup {
        let url = file(forProjectAt: root)
        guard let data = FileManager.default.contents(atPath: url.path) else { return .miss(kept: keptWork(projectAt: root)) }
        // The key first: an entry of other inputs, or of another mactl whose entries had
        // other fields, is a plain miss; only an entry of these inputs that cannot be read is
        // worth a note.
        guard let stored = try? JSONDecoder().decode(StoredKey.self, from: data) else {
            return .unreadable("the lint cache '\(url.path)' is not a cache mactl wrote; it is replaced")
        }
        guard stored.key == key else {
            return .miss(kept: keptWork(projectAt: root))
        }
        guard let entry = try? JSONDecoder().decode(Entry.self, from: data) else {
            return .unreadable("the lint cache '\(url.path)' is not a cache mactl wrote; it is replaced")
        }
        return .hit(entry)
    }

    /// The entry of the project at `root` when no file changed since it was written, found
    /// from the files' `stat` alone, without reading them (`Entry.isQuick`); the key is
    /// worked out from the SHA-256 each file had then, so the configuration, the runtime and
    /// the mactl build still decide. With the entry, each file's SHA-256 as it recorded it, by
    /// path. Nil whenever that cannot be told: the caller reads the project and looks it up by
    /// its contents (`lookup`).
    public func quickLookup(projectAt root: URL, configuration: Configuration, tool: String) -> (entry: Entry, digests: [String: String])? {
        let url = file(forProjectAt: root)
        guard let signatures = ProjectLoader.scan(root: root), !Self.changed(signatures, after: url),
            let data = FileManager.default.contents(atPath: url.path),
            let entry = try? JSONDecoder().decode(Entry.self, from: data),
            let records = entry.quickRecords(for: signatures)
        else { return nil }
        let files = records.sorted { $0.path < $1.path }.map { (path: $0.path, sha256: $0.sha256) }
        guard Self.key(files: files, loadIssues: [], configuration: configuration, tool: tool) == entry.key else { return nil }
        return (entry, Dictionary(records.map { ($0.path, $0.sha256) }, uniquingKeysWith: { first, _ in first }))
    }

    /// Whether a file was changed after the entry at `url` was written (or there is none): its
    /// signature then cannot be the one the entry records, which one `stat` tells before the
    /// entry is decoded, on the usual way here, just after an edit.
    static func changed(_ signatures: [String: FileSignature], after url: URL) -> Bool {
        var status = stat()
        guard stat(url.path, &status) == 0 else { return true }
        let written = FileSignature(status).modified
        return signatures.values.contains { $0.changed >= written || $0.modified >= written }
    }

    /// Stores the lint's result, and with `kept` the work it lends the next lint after a
    /// change (nil leaves what the file holds); a cache that cannot be written is skipped
    /// without a word (the next run lints from scratch, which is all a cache miss costs).
    public func store(_ entry: Entry, kept: KeptWork?, projectAt root: URL) {
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        if let kept, let text = try? JSONOutputEncoder.encode(kept).compact() {
            try? DurableFile.replace(keptFile(forProjectAt: root), with: Array(text.utf8), flushed: false)
        }
        guard let text = try? JSONOutputEncoder.encode(entry).compact() else { return }
        try? DurableFile.replace(file(forProjectAt: root), with: Array(text.utf8), flushed: false)
    }

    /// The file of the work the last lint of the project at `root` kept, beside its entry.
    public func keptFile(forProjectAt root: URL) -> URL {
        file(forProjectAt: root).deletingPathExtension().appendingPathExtension("kept.json")
    }

    /// The work the last lint of the project kept; none when there is no such file, or one
    /// that cannot be read (the lint then does that work itself, which is all it costs).
    public func keptWork(projectAt root: URL) -> KeptWork {
        guard let data = FileManager.default.contents(atPath: keptFile(forProjectAt: root).path) else { return KeptWork() }
        return (try? JSONDecoder().decode(KeptWork.self, from: data)) ?? KeptWork()
    }
}
