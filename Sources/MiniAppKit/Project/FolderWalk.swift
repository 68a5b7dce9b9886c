import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The one walk of a project folder. The loader, `scan`, `lint --watch`'s snapshots and change
/// notifier and the MiniApp-folder search all go through it, so they agree on what is in a
/// project:
///
/// - names `ProjectLoader.skips` are left out (dotfiles, version-control, build and dependency
///   folders);
/// - a symbolic link is followed only when it resolves inside the root; one that leaves it, or
///   dangles, is reported as an issue and never followed, so walking a stranger's project
///   cannot reach `~/.ssh` through a link;
/// - a folder reached twice (a link back up the tree) is walked once;
/// - sockets, devices and pipes are not project files;
/// - names come in byte order, a folder's contents where the folder is, so every walk of the
///   same tree gives the same list.
public struct FolderWalk {
    public enum Entry: Sendable {
        /// A regular file, or a link inside the root to one: `absolute` is the file itself, and
        /// `status` its `stat` as the walk found it (the walk stats every entry anyway, so a
        /// snapshot or a scan need not stat it again).
        case file(absolute: String, relative: String, status: stat)
        /// A folder walked (the root's own entry is not given; a folder reached again through
        /// a link is not walked again), before its contents.
        case folder(absolute: String, relative: String)
        case issue(ProjectLoadIssue)
    }

    /// Asked before a folder's contents are walked, with the folder's path relative to the root
    /// (`""` for the root) and the names in it: false leaves them out. The MiniApp-folder
    /// search stops at a folder that is an app.
    public typealias Descend = (_ relative: String, _ names: [String]) -> Bool

    /// The root with every link resolved: what the entries' absolute paths start with.
    public let realRoot: String
    private let descend: Descend
    private var entries: [Entry] = []
    /// Real paths of folders already walked, so a link cycle inside the root ends.
    private var visitedFolders: Set<String> = []

    /// Every entry under `root`, in walk order. A root that does not resolve is walked as
    /// written (the caller has checked that it is a folder).
    public static func entries(under root: URL, descend: @escaping Descend = { _, _ in true }) -> (realRoot: String, entries: [Entry]) {
        var walk = FolderWalk(realRoot: realPath(root.path) ?? root.standardizedFileURL.path, descend: descend)
        walk.walk(folder: walk.realRoot, relative: "")
        return (walk.realRoot, walk.entries)
    }

    private init(realRoot: String, descend: @escaping Descend) {
        self.realRoot = realRoot
        self.descend = descend
    }

    private mutating func walk(folder: String, relative: String) {
        guard visitedFolders.insert(folder).inserted else { return }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        } catch {
            let path = relative.isEmpty ? "." : relative
            entries.append(.issue(ProjectLoadIssue(path: path, kind: .unreadable(reason: "the folder cannot be listed"))))
            return
        }
        guard descend(relative, names) else { return }
        for name in names where !ProjectLoader.skips(name, isDirectory: false) {
            visit(absolute: folder + "/" + name, relative: relative.isEmpty ? name : relative + "/" + name, name: name)
        }
    }

    private mutating func visit(absolute: String, relative: String, name: String) {
        // lstat rather than FileManager's attributes, which also look up the owner's and
        // group's names: on a project of hundreds of files that was most of the walk.
        guard var status = Self.status(absolute, followingLinks: false) else {
            entries.append(.issue(ProjectLoadIssue(path: relative, kind: .unreadable(reason: "its attributes cannot be read"))))
            return
        }
        var target = absolute
        if status.st_mode & S_IFMT == S_IFLNK {
            let destination = (try? FileManager.default.destinationOfSymbolicLink(atPath: absolute)) ?? "?"
            guard let resolved = Self.realPath(absolute) else {
                entries.append(.issue(ProjectLoadIssue(path: relative, kind: .unreadable(reason: "it is a broken symbolic link"))))
                return
            }
            guard resolved == realRoot || resolved.hasPrefix(realRoot + "/") else {
                entries.append(.issue(ProjectLoadIssue(path: relative, kind: .symlinkOutsideRoot(target: destination))))
                return
            }
            guard let resolvedStatus = Self.status(resolved, followingLinks: true) else {
                entries.append(.issue(ProjectLoadIssue(path: relative, kind: .unreadable(reason: "its target cannot be read"))))
                return
            }
            target = resolved
            status = resolvedStatus
        }
        switch status.st_mode & S_IFMT {
        case S_IFDIR:
            if !ProjectLoader.skips(name, isDirectory: true), !visitedFolders.contains(target) {
                entries.append(.folder(absolute: target, relative: relative))
                walk(folder: target, relative: relative)
            }
        case S_IFREG:
            entries.append(.file(absolute: target, relative: relative, status: status))
        default:
            break
        }
    }

    /// The `stat` of the entry at `path` (of the link itself unless `followingLinks`).
    static func status(_ path: String, followingLinks: Bool) -> stat? {
        var status = stat()
        let result = followingLinks ? stat(path, &status) : lstat(path, &status)
        return result == 0 ? status : nil
    }

    /// The canonical path with every link resolved, or `nil` when a link dangles.
    public static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
