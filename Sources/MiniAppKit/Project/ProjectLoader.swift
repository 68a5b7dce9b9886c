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
    /// entries inside it are `loadIssues` of the result. `previous`, an earlier load of the
    /// same folder (`lint --watch` keeps the last one), lends each file whose `stat` is the
    /// one it was read with, when that read began well after the file last changed
    /// (`FileSignature.isTrusted`): the file is opened and looked at, not read again.
    public static func load(root: URL, reusing previous: Project? = nil) throws(Failure) -> Project {
        let readStartedAt = FileSignature.now()
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isDirectory) else {
            throw .notFound(root.path)
        }
        guard isDirectory.boolValue else { throw .notADirectory(root.path) }
        // The walk only finds the files; they are read on every core, and what each read
        // gave is put back in walk order, so the project is the same as a serial read's.
        var files: [SourceFile] = []
        var issues: [ProjectLoadIssue] = []
        var signatures: [String: FileSignature] = [:]
        let read = ParallelMap.map(FileRead.walk(root)) {
            ()
        } transform: { _, found -> FileRead.Found in
            guard case .file(let absolute, let relative, _) = found else { return found }
            var lent: (SourceFile, FileSignature)?
            if let previous, let started = previous.readStartedAt, let file = previous.file(relative),
                let signature = previous.signatures[relative],
                signature.isTrusted(readStartedAt: started)
            {
                lent = (file, signature)
            }
            return FileRead.read(absolute: absolute, relative: relative, lent: lent)
        }
        for found in read {
            switch found {
            case .read(let file, let issue, let signature):
                if let file {
                    files.append(file)
                    signatures[file.path] = signature
                }
                if let issue { issues.append(issue) }
            case .issue(let issue): issues.append(issue)
            case .file: break
            }
        }
        var project = Project(files: files, loadIssues: issues)
        project.signatures = signatures
        project.readStartedAt = readStartedAt
        return project
    }

    /// The project's files and their `stat`, without reading any: nil when the walk meets
    /// anything a read would report (a link leaving the root, an unlistable folder, a file
    /// too large or hard-linked), since only a read tells those apart.
    public static func scan(root: URL) -> [String: FileSignature]? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isDirectory), isDirectory.boolValue else { return nil }
        var signatures: [String: FileSignature] = [:]
        for found in FileRead.walk(root) {
            guard case .file(_, let relative, let status) = found, FileRead.issue(for: status, relative: relative) == nil else {
                return nil
            }
            signatures[relative] = FileSignature(status)
        }
        return signatures
    }

    /// One file of the project at `root` (a path relative to it), read as the loader reads
    /// it; nil when it cannot be.
    public static func readFile(root: URL, path: String) -> SourceFile? {
        let realRoot = FolderWalk.realPath(root.path) ?? root.standardizedFileURL.path
        guard let absolute = FolderWalk.realPath(realRoot + "/" + path), absolute.hasPrefix(realRoot + "/"),
            case .read(let file, nil, _) = FileRead.read(absolute: absolute, relative: path)
        else { return nil }
        return file
    }

    /// Reading one file the walk found.
    private enum FileRead {
        /// What the walk met at one path, in walk order.
        enum Found: Sendable {
            case issue(ProjectLoadIssue)
            /// A regular file to read, with its `stat` as the walk found it.
            case file(absolute: String, relative: String, status: stat)
            /// A file read: its contents, an issue (a hard link is both), and its `stat`.
            case read(SourceFile?, ProjectLoadIssue?, FileSignature?)
        }

        /// The files and issues of a walk of `root`, in walk order (its folders are not read).
        static func walk(_ root: URL) -> [Found] {
            FolderWalk.entries(under: root).entries.compactMap { entry in
                switch entry {
                case .file(let absolute, let relative, let status): .file(absolute: absolute, relative: relative, status: status)
                case .issue(let issue): .issue(issue)
                case .folder: nil
                }
            }
        }

        /// What the loader reports of a file from its `stat`: one that is not a regular file or
        /// is too large is not read; a hard-linked one is read and reported too. `scan` takes
        /// the `stat` of a file with none of these for its signature.
        static func issue(for status: stat, relative: String) -> ProjectLoadIssue? {
            guard status.st_mode & S_IFMT == S_IFREG else {
                return ProjectLoadIssue(path: relative, kind: .unreadable(reason: "it is no longer a regular file"))
            }
            guard Int(status.st_size) <= Limits.fileSize else {
                return ProjectLoadIssue(path: relative, kind: .tooLarge(size: Int(status.st_size)))
            }
            guard status.st_nlink <= 1 else { return ProjectLoadIssue(path: relative, kind: .hardLinked(count: Int(status.st_nlink))) }
            return nil
        }

        /// Opens the file without following a link in its last component and judges what was
        /// opened (`fstat`), not the path: a file swapped for a symbolic link between the walk
        /// and the read is refused, not followed.
        /// `lent`: the file as an earlier read gave it, with its `stat` then; taken instead of
        /// reading when the file's `stat` is still that.
        static func read(absolute: String, relative: String, lent: (file: SourceFile, signature: FileSignature)? = nil) -> Found {
            let descriptor = open(absolute, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
            guard descriptor >= 0 else {
                let reason =
                    errno == ELOOP
                    ? "it became a symbolic link while the project was read; it is not followed"
                    : errno == EACCES ? "permission denied" : "it cannot be opened: \(String(cString: strerror(errno)))"
                return .read(nil, ProjectLoadIssue(path: relative, kind: .unreadable(reason: reason)), nil)
            }
            defer { close(descriptor) }
            var status = stat()
            guard fstat(descriptor, &status) == 0 else {
                return .read(nil, ProjectLoadIssue(path: relative, kind: .unreadable(reason: "it is no longer a regular file")), nil)
            }
            // A hard-linked file is read and reported; any other issue stops the read.
            let issue = issue(for: status, relative: relative)
            var hardLink: ProjectLoadIssue?
            if let issue {
                guard case .hardLinked = issue.kind else { return .read(nil, issue, nil) }
                hardLink = issue
            }
            if let lent, lent.signature == FileSignature(status) { return .read(lent.file, hardLink, lent.signature) }
            guard let bytes = DescriptorReading.readAll(descriptor, size: Int(status.st_size)) else {
                return .read(nil, ProjectLoadIssue(path: relative, kind: .unreadable(reason: "it cannot be read")), nil)
            }
            return .read(SourceFile(path: relative, bytes: bytes), hardLink, FileSignature(status))
        }
    }
}
