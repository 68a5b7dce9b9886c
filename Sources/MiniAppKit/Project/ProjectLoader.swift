import Foundation

/// Reads a project folder into a `Project`.
///
/// Version-control, build and dependency folders and dotfiles are skipped: they never ship
/// and can be huge. A symlink is followed only when it resolves inside the root; one that
/// leaves it is reported and never read, so linting a stranger's project cannot read
/// `~/.ssh` through a link.
public enum ProjectLoader {

    /// Folder names never descended into, at any depth.
    public static let skippedDirectoryNames: Set<String> = [".git", ".build", "dist", "node_modules"]

    public enum Failure: Error, Equatable, CustomStringConvertible {
        case notFound(String)
        case notADirectory(String)

        public var description: String {
            switch self {
            case .notFound(let path): "no such folder '\(path)'"
            case .notADirectory(let path): "'\(path)' is not a folder; expected a MiniApp project folder"
            }
        }
    }

    /// Loads the folder at `root`. Throws only when `root` itself is unusable; problems with
    /// entries inside it are `loadIssues` of the result.
    public static func load(root: URL) throws(Failure) -> Project {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isDirectory) else {
            throw .notFound(root.path)
        }
        guard isDirectory.boolValue else { throw .notADirectory(root.path) }
        let realRoot = Walker.realPath(root.path) ?? root.standardizedFileURL.path
        var walker = Walker(realRoot: realRoot)
        walker.walk(directory: realRoot, relative: "")
        return Project(files: walker.files, loadIssues: walker.issues)
    }

    private struct Walker {
        let realRoot: String
        var files: [SourceFile] = []
        var issues: [ProjectLoadIssue] = []
        /// Real paths of folders already walked, so a link cycle inside the root ends.
        var visitedDirectories: Set<String> = []

        init(realRoot: String) {
            self.realRoot = realRoot
        }

        mutating func walk(directory: String, relative: String) {
            guard visitedDirectories.insert(directory).inserted else { return }
            let names: [String]
            do {
                names = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
            } catch {
                issues.append(ProjectLoadIssue(path: relative.isEmpty ? "." : relative, kind: .unreadable(reason: "the folder cannot be listed")))
                return
            }
            for name in names where !name.hasPrefix(".") {
                let absolute = directory + "/" + name
                let relativePath = relative.isEmpty ? name : relative + "/" + name
                visit(absolute: absolute, relative: relativePath, name: name)
            }
        }

        mutating func visit(absolute: String, relative: String, name: String) {
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: absolute),
                  let type = attributes[.type] as? FileAttributeType else {
                issues.append(ProjectLoadIssue(path: relative, kind: .unreadable(reason: "its attributes cannot be read")))
                return
            }
            var target = absolute
            var targetType = type
            if type == .typeSymbolicLink {
                let destination = (try? FileManager.default.destinationOfSymbolicLink(atPath: absolute)) ?? "?"
                guard let resolved = Self.realPath(absolute) else {
                    issues.append(ProjectLoadIssue(path: relative, kind: .unreadable(reason: "it is a broken symbolic link")))
                    return
                }
                guard resolved == realRoot || resolved.hasPrefix(realRoot + "/") else {
                    issues.append(ProjectLoadIssue(path: relative, kind: .symlinkOutsideRoot(target: destination)))
                    return
                }
                guard let resolvedType = (try? FileManager.default.attributesOfItem(atPath: resolved))?[.type] as? FileAttributeType else {
                    issues.append(ProjectLoadIssue(path: relative, kind: .unreadable(reason: "its target cannot be read")))
                    return
                }
                target = resolved
                targetType = resolvedType
            }
            switch targetType {
            case .typeDirectory:
                if !ProjectLoader.skippedDirectoryNames.contains(name) {
                    walk(directory: target, relative: relative)
                }
            case .typeRegular:
                readFile(absolute: target, relative: relative)
            default:
                break  // sockets, devices and pipes are not project files
            }
        }

        /// The canonical path with every link resolved, or `nil` when a link dangles.
        static func realPath(_ path: String) -> String? {
            guard let resolved = realpath(path, nil) else { return nil }
            defer { free(resolved) }
            return String(cString: resolved)
        }

        mutating func readFile(absolute: String, relative: String) {
            let size = (try? FileManager.default.attributesOfItem(atPath: absolute))?[.size] as? Int ?? 0
            guard size <= Limits.fileSize else {
                issues.append(ProjectLoadIssue(path: relative, kind: .tooLarge(size: size)))
                return
            }
            guard let handle = FileHandle(forReadingAtPath: absolute) else {
                issues.append(ProjectLoadIssue(path: relative, kind: .unreadable(reason: "permission denied")))
                return
            }
            defer { try? handle.close() }
            do {
                let data = try handle.read(upToCount: Limits.fileSize + 1) ?? Data()
                guard data.count <= Limits.fileSize else {
                    issues.append(ProjectLoadIssue(path: relative, kind: .tooLarge(size: data.count)))
                    return
                }
                files.append(SourceFile(path: relative, bytes: [UInt8](data)))
            } catch {
                issues.append(ProjectLoadIssue(path: relative, kind: .unreadable(reason: "it cannot be read")))
            }
        }
    }
}
