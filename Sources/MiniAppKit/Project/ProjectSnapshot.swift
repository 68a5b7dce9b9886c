import Foundation

/// What a project folder looks like on disk, cheaply: every file's path, size and modification
/// time. `lint --watch` compares snapshots to know when to lint again.
public struct ProjectSnapshot: Sendable, Equatable {
    public var files: [String: FileStamp]

    public struct FileStamp: Sendable, Equatable {
        public var size: Int
        public var modified: TimeInterval
    }

    /// Walks the folder as the loader does (same skipped names), reading no file contents.
    public static func take(of root: URL) -> ProjectSnapshot {
        var files: [String: FileStamp] = [:]
        var stack: [(url: URL, relative: String)] = [(root, "")]
        var visited: Set<String> = []
        while let (folder, relative) = stack.popLast() {
            guard visited.insert(folder.resolvingSymlinksInPath().path).inserted else { continue }
            for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] where !ProjectLoader.skips(name, isDirectory: false) {
                let url = folder.appendingPathComponent(name)
                let path = relative.isEmpty ? name : relative + "/" + name
                guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path) else { continue }
                if attributes[.type] as? FileAttributeType == .typeDirectory {
                    if !ProjectLoader.skips(name, isDirectory: true) { stack.append((url, path)) }
                } else {
                    let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
                    files[path] = FileStamp(size: attributes[.size] as? Int ?? 0, modified: modified)
                }
            }
        }
        // The configuration lives beside or above the project and counts as a change too.
        if let configuration = ConfigurationLocator.locate(forProjectAt: root),
           let attributes = try? FileManager.default.attributesOfItem(atPath: configuration.url.path) {
            files[configuration.displayPath] = FileStamp(
                size: attributes[.size] as? Int ?? 0, modified: (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0)
        }
        return ProjectSnapshot(files: files)
    }
}
