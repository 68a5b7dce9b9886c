import Foundation

/// Writes a `PageScaffolder.Plan` into the project folder: all of it or none of it. New files
/// are created first and never overwrite anything; each edited file is replaced whole (a
/// temporary file renamed over it). On any failure, what was created is removed and what was
/// replaced gets its old bytes back, so the project is as it was.
public enum ProjectChangeWriter {
    public struct Failure: Error, Equatable, CustomStringConvertible {
        public var path: String
        public var reason: String

        public var description: String { "cannot write '\(path)': \(reason); nothing was changed" }
    }

    /// Writes `changes` in order (a plan lists new files before edited ones, so a failure
    /// usually comes before any existing file is touched).
    public static func write(_ changes: [ProjectChange], into root: URL) throws(Failure) {
        let manager = FileManager.default
        var createdFiles: [URL] = []
        var createdFolders: [URL] = []
        var replaced: [(url: URL, original: Data)] = []
        func undo() {
            for (url, original) in replaced.reversed() { try? original.write(to: url, options: .atomic) }
            for url in createdFiles.reversed() { try? manager.removeItem(at: url) }
            for url in createdFolders.reversed() { try? manager.removeItem(at: url) }
        }
        for change in changes {
            let url = root.appendingPathComponent(change.path)
            do {
                switch change.kind {
                case .created:
                    for folder in missingFolders(above: url, below: root) {
                        try manager.createDirectory(at: folder, withIntermediateDirectories: false)
                        createdFolders.append(folder)
                    }
                    guard !manager.fileExists(atPath: url.path) else {
                        undo()
                        throw Failure(path: change.path, reason: "it exists, and mactl never overwrites a file it creates")
                    }
                    try Data(change.bytes).write(to: url, options: .withoutOverwriting)
                    createdFiles.append(url)
                case .updated:
                    let original = try Data(contentsOf: url)
                    try Data(change.bytes).write(to: url, options: .atomic)
                    replaced.append((url, original))
                }
            } catch let failure as Failure {
                throw failure
            } catch {
                undo()
                throw Failure(path: change.path, reason: FileProblem.reason(for: error, writing: true))
            }
        }
    }

    /// The folders between `root` and `url` that do not exist yet, outermost first.
    private static func missingFolders(above url: URL, below root: URL) -> [URL] {
        var folders: [URL] = []
        var folder = url.deletingLastPathComponent()
        while folder.standardizedFileURL.path.count > root.standardizedFileURL.path.count,
            !FileManager.default.fileExists(atPath: folder.path)
        {
            folders.insert(folder, at: 0)
            folder = folder.deletingLastPathComponent()
        }
        return folders
    }

}
