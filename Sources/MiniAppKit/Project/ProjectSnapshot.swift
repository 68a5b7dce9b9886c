import Foundation

/// What a project folder looks like on disk, cheaply: every file's path, size and modification
/// time. `lint --watch` compares snapshots to know when to lint again.
public struct ProjectSnapshot: Sendable, Equatable {
    public var files: [String: FileStamp]

    public struct FileStamp: Sendable, Equatable {
        public var size: Int
        public var modified: TimeInterval

        init(_ status: stat) {
            size = Int(status.st_size)
            modified = TimeInterval(status.st_mtim.tv_sec) + TimeInterval(status.st_mtim.tv_nsec) / 1_000_000_000
        }
    }

    /// Walks the folder as the loader does (same skipped names), reading no file contents.
    public static func take(of root: URL) -> ProjectSnapshot {
        var files: [String: FileStamp] = [:]
        var stack: [(url: URL, relative: String)] = [(root, "")]
        var visited: Set<String> = []
        while let (folder, relative) = stack.popLast() {
            guard visited.insert(folder.resolvingSymlinksInPath().path).inserted else { continue }
            for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            where !ProjectLoader.skips(name, isDirectory: false) {
                let url = folder.appendingPathComponent(name)
                let path = relative.isEmpty ? name : relative + "/" + name
                // lstat rather than FileManager's attributes, which also look up the owner's
                // and group's names: a watcher takes a snapshot several times per change.
                var status = stat()
                guard lstat(url.path, &status) == 0 else { continue }
                if status.st_mode & S_IFMT == S_IFDIR {
                    if !ProjectLoader.skips(name, isDirectory: true) { stack.append((url, path)) }
                } else {
                    files[path] = FileStamp(status)
                }
            }
        }
        // The configuration lives beside or above the project and counts as a change too.
        var status = stat()
        if let configuration = ConfigurationLocator.locate(forProjectAt: root), lstat(configuration.url.path, &status) == 0 {
            files[configuration.displayPath] = FileStamp(status)
        }
        return ProjectSnapshot(files: files)
    }
}
