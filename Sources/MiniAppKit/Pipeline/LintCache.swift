import Crypto
import Foundation

/// What a lint found, kept between runs, as ESLint's `--cache` and SwiftLint's cache keep
/// theirs: an unchanged project is not linted again. The key is a SHA-256 of everything a
/// lint reads, so any change of any input lints from scratch: every file of the project (its
/// path and bytes) and what the walk met (links, unreadable files), the configuration file,
/// the runtime profile, and the mactl build. Entries are written whole (a temporary file,
/// then a rename), so concurrent runs each see a complete entry or none.
public struct LintCache: Sendable {
    /// One project's last lint, stored as JSON.
    public struct Entry: Codable, Sendable {
        public var key: String
        public var diagnostics: [Diagnostic]
        public var localeCoverage: [LocaleCoverage]
        public var fileCount: Int
        /// What `pack` needs of the model, so a pack of an unchanged project builds none.
        public var pack: PackFacts

        public init(key: String, diagnostics: [Diagnostic], localeCoverage: [LocaleCoverage], fileCount: Int, pack: PackFacts) {
            self.key = key
            self.diagnostics = diagnostics
            self.localeCoverage = localeCoverage
            self.fileCount = fileCount
            self.pack = pack
        }
    }

    private struct StoredKey: Decodable {
        var key: String
    }

    /// What a look in the cache gave.
    public enum Lookup: Sendable {
        case hit(Entry)
        /// No entry, or the entry of other inputs.
        case miss
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
        if let folder = environment["XDG_CACHE_HOME"], folder.hasPrefix("/") { return URL(fileURLWithPath: folder).appendingPathComponent("mactl") }
        let home = environment["HOME"].map { URL(fileURLWithPath: $0) } ?? FileManager.default.homeDirectoryForCurrentUser
        return home.appendingPathComponent(".cache/mactl")
    }

    /// The digest of every input of a lint. `tool` names the mactl build (its version and
    /// executable), so a rebuilt mactl with changed rules never reads an older build's result.
    public static func key(project: Project, configuration: Configuration, tool: String) -> String {
        var hasher = SHA256()
        func add(_ text: String) {
            hasher.update(data: Array(text.utf8))
            hasher.update(data: [0])
        }
        add("mactl lint cache 2")
        add(tool)
        add(configuration.runtime.id)
        if let file = configuration.file {
            add(file.path)
            add(file.sha256)
        }
        // The files are hashed on every core first (each file keeps its digest for pack).
        let files = project.paths.compactMap(project.file)
        _ = ParallelMap.map(files) { () } transform: { _, file in file.sha256 }
        for file in files {
            add(file.path)
            add(file.sha256)
        }
        for issue in project.loadIssues {
            add("\(issue.path) \(issue.kind)")
        }
        return Hex.string(hasher.finalize())
    }

    /// The cache file of the project at `root`: one per project folder (its real path).
    public func file(forProjectAt root: URL) -> URL {
        let real = root.resolvingSymlinksInPath().standardizedFileURL.path
        return folder.appendingPathComponent("lint-\(Hex.string(SHA256.hash(data: Array(real.utf8))).prefix(32)).json")
    }

    public func lookup(key: String, projectAt root: URL) -> Lookup {
        let url = file(forProjectAt: root)
        guard let data = FileManager.default.contents(atPath: url.path) else { return .miss }
        // The key first: an entry of other inputs, or of another mactl whose entries had
        // other fields, is a plain miss; only an entry of these inputs that cannot be read is
        // worth a note.
        guard let stored = try? JSONDecoder().decode(StoredKey.self, from: data) else {
            return .unreadable("the lint cache '\(url.path)' is not a cache mactl wrote; it is replaced")
        }
        guard stored.key == key else { return .miss }
        guard let entry = try? JSONDecoder().decode(Entry.self, from: data) else {
            return .unreadable("the lint cache '\(url.path)' is not a cache mactl wrote; it is replaced")
        }
        return .hit(entry)
    }

    /// Stores the lint's result; a cache that cannot be written is skipped without a word (the
    /// next run lints from scratch, which is all a cache miss costs).
    public func store(_ entry: Entry, projectAt root: URL) {
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(entry) else { return }
        try? DurableFile.replace(file(forProjectAt: root), with: [UInt8](data))
    }
}
