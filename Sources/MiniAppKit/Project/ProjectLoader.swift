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

    /// Whether every walk of a project folder (the loader, `lint --watch`, the MiniApp-folder
    /// search the plugin asks for) leaves out an entry with this name: dotfiles, and the
    /// skipped folders.
    public static func skips(_ name: String, isDirectory: Bool) -> Bool {
        name.hasPrefix(".") || (isDirectory && skippedDirectoryNames.contains(name))
    }

    public enum Failure: Error, Equatable, CustomStringConvertible {
        case notFound(String)
        case notADirectory(String)

        public var description: String {
            switch self {
            case .notFound(let path): "no such folder '\(path)'"
            case .notADirectory(let path) where path.hasSuffix(".ma"):
                "'\(path)' is a package, not a project folder; 'mactl verify \(path)' checks a package"
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
            for name in names where !ProjectLoader.skips(name, isDirectory: false) {
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
                if !ProjectLoader.skips(name, isDirectory: true) {
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

        /// Opens the file without following a link in its last component and judges what was
        /// opened (`fstat`), not the path: a file swapped for a symbolic link between the walk
        /// and the read is refused, not followed.
        mutating func readFile(absolute: String, relative: String) {
            let descriptor = open(absolute, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
            guard descriptor >= 0 else {
                let reason = errno == ELOOP ? "it became a symbolic link while the project was read; it is not followed"
                    : errno == EACCES ? "permission denied" : "it cannot be opened: \(String(cString: strerror(errno)))"
                issues.append(ProjectLoadIssue(path: relative, kind: .unreadable(reason: reason)))
                return
            }
            defer { close(descriptor) }
            var status = stat()
            guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
                issues.append(ProjectLoadIssue(path: relative, kind: .unreadable(reason: "it is no longer a regular file")))
                return
            }
            let size = Int(status.st_size)
            guard size <= Limits.fileSize else {
                issues.append(ProjectLoadIssue(path: relative, kind: .tooLarge(size: size)))
                return
            }
            guard let bytes = DescriptorReading.readAll(descriptor, size: size) else {
                issues.append(ProjectLoadIssue(path: relative, kind: .unreadable(reason: "it cannot be read")))
                return
            }
            if status.st_nlink > 1 {
                issues.append(ProjectLoadIssue(path: relative, kind: .hardLinked(count: Int(status.st_nlink))))
            }
            files.append(SourceFile(path: relative, bytes: bytes))
        }
    }
}
