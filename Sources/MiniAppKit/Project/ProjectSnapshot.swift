import Foundation

/// What a project folder looks like on disk, cheaply: every file's path, size and modification
/// time. `lint --watch` compares snapshots to know when to lint again.
public struct ProjectSnapshot: Sendable, Equatable {
    public var files: [String: FileStamp]
    /// The folders the walk went through, the root first, as real paths: what `ProjectWatch`
    /// watches. Not compared: a new empty folder changes nothing to lint.
    public var folders: [String] = []

    public static func == (lhs: ProjectSnapshot, rhs: ProjectSnapshot) -> Bool { lhs.files == rhs.files }

    public struct FileStamp: Sendable, Equatable {
        public var size: Int
        public var modified: TimeInterval

        init(_ status: stat) {
            size = Int(status.st_size)
            modified = TimeInterval(status.st_mtim.tv_sec) + TimeInterval(status.st_mtim.tv_nsec) / 1_000_000_000
        }
    }

    /// Walks the folder as the loader does (`FolderWalk`), reading no file contents: a file
    /// reached through a link inside the project is stamped with the file's own `stat`, as the
    /// loader reads the file, not the link.
    public static func take(of root: URL) -> ProjectSnapshot {
        var files: [String: FileStamp] = [:]
        let (realRoot, entries) = FolderWalk.entries(under: root)
        var folders = [realRoot]
        for entry in entries {
            switch entry {
            case .file(_, let relative, let status): files[relative] = FileStamp(status)
            case .folder(let absolute, _): folders.append(absolute)
            case .issue: break
            }
        }
        // The configuration lives beside or above the project and counts as a change too.
        var status = stat()
        if let configuration = ConfigurationLocator.locate(forProjectAt: root), lstat(configuration.url.path, &status) == 0 {
            files[configuration.displayPath] = FileStamp(status)
        }
        return ProjectSnapshot(files: files, folders: folders)
    }
}
