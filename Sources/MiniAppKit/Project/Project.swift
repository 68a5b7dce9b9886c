/// A MiniApp project as mactl sees it: every file under the root (paths relative to it,
/// `/`-separated), whether it came from a folder, an archive or memory.
///
/// Every lookup is case-sensitive, whatever the file system: `Pages/Home` works on a Mac's
/// default volume and fails inside the package, where names are compared exactly.
public struct Project: Sendable {
    public private(set) var files: [String: SourceFile]
    /// Problems met while reading the tree (a symlink that leaves the root, an unreadable
    /// file), reported by the project rules.
    public var loadIssues: [ProjectLoadIssue]
    /// Each file's `stat` when the loader read it (empty for projects built in memory).
    public var signatures: [String: FileSignature] = [:]
    /// When the loader began to read the files, in nanoseconds since 1970.
    public var readStartedAt: Int64?

    public init(files: [SourceFile], loadIssues: [ProjectLoadIssue] = []) {
        var byPath: [String: SourceFile] = [:]
        for file in files { byPath[file.path] = file }
        self.files = byPath
        self.loadIssues = loadIssues
    }

    /// An in-memory project, as tests and examples build them.
    public init(contents: [String: String]) {
        self.init(files: contents.map { SourceFile(path: $0.key, text: $0.value) })
    }

    public var paths: [String] { files.keys.sorted() }

    /// `file` in place of the file at its path, or added: an editor's unsaved buffer, which
    /// `mactl lsp` checks instead of what is on disk. The file's `stat` goes with it, so
    /// nothing takes the disk's signature for the buffer's.
    public mutating func replace(with file: SourceFile) {
        files[file.path] = file
        signatures[file.path] = nil
    }

    public func file(_ path: String) -> SourceFile? { files[path] }

    public func contains(_ path: String) -> Bool { files[path] != nil }

    /// A file whose path differs from `path` only in letter case, for "names are
    /// case-sensitive" hints.
    public func caseInsensitiveMatch(for path: String) -> String? {
        let lowered = path.lowercased()
        return paths.first { $0 != path && $0.lowercased() == lowered }
    }

    /// True when some file lives under `directory/`.
    public func containsDirectory(_ directory: String) -> Bool {
        let prefix = directory.hasSuffix("/") ? directory : directory + "/"
        return files.keys.contains { $0.hasPrefix(prefix) }
    }
}

/// A problem reading one entry of the project tree.
public struct ProjectLoadIssue: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        case symlinkOutsideRoot(target: String)
        case unreadable(reason: String)
        case tooLarge(size: Int)
        /// Read, but it has other names (hard links), maybe outside the project.
        case hardLinked(count: Int)
    }

    public var path: String
    public var kind: Kind

    public init(path: String, kind: Kind) {
        self.path = path
        self.kind = kind
    }
}
