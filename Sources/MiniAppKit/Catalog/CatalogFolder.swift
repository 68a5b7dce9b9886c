import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A catalog's folder, opened once, and every path inside it reached from that descriptor one
/// component at a time without following a symbolic link (`openat` with `O_NOFOLLOW`). A
/// symlinked `apps/<id>`, `.staging` or version folder would otherwise send a publish's writes,
/// or a verify's and a server's reads, outside the catalog. The folder the user names may
/// itself be reached through a link: that one is followed, once, when it is opened.
///
/// Publish, `catalog verify` and `catalog serve` reach catalog files only through this type.
public final class CatalogFolder: @unchecked Sendable {
    // @unchecked: the descriptor is only read after init, and the system calls are thread-safe.
    public let url: URL
    private let descriptor: Int32

    /// Why a catalog path cannot be used: a link, something other than a file or folder, a
    /// path that leaves the catalog, or a system error. `path` is relative to the catalog.
    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        public var path: String
        public var reason: String
        public var isLink: Bool
        public var description: String { "'\(path)' \(reason)" }
    }

    /// Opens the catalog folder, creating it when `create` is set.
    public init(_ url: URL, create: Bool) throws(Failure) {
        self.url = url
        if create {
            // The folders above the catalog are the user's: made as `mkdir -p` makes them.
            do {
                try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            } catch {
                throw Failure(path: ".", reason: "cannot be created: \(FileProblem.reason(for: error, writing: true))", isLink: false)
            }
        }
        let opened = open(url.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard opened >= 0 else {
            throw Failure(
                path: ".", reason: "cannot be opened as a folder: \(FileProblem.reason(errno: errno, writing: false))", isLink: false)
        }
        descriptor = opened
    }

    deinit { close(descriptor) }

    /// The components of a catalog path, or why it is not one: each must be a plain name, so
    /// no path a JSON file names can climb out (`..`), start at the root or hide a NUL.
    public static func components(of path: String) throws(Failure) -> [String] {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        for part in parts where part.isEmpty || part == "." || part == ".." || part.utf8.contains(0) || part.contains("\\") {
            throw Failure(path: path, reason: "is not a path inside the catalog", isLink: false)
        }
        return parts
    }

    // MARK: - Folders

    /// The descriptor of the folder at `components` (the catalog itself when empty), made when
    /// missing and `create` is set; nil when missing otherwise. The caller closes it.
    private func folder(_ components: ArraySlice<String>, create: Bool) throws(Failure) -> Int32? {
        var current = dup(descriptor)
        guard current >= 0 else { throw Failure(path: ".", reason: "cannot be opened: \(String(cString: strerror(errno)))", isLink: false) }
        var walked: [String] = []
        for name in components {
            walked.append(name)
            var next = openat(current, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            if next < 0, errno == ENOENT, create {
                if mkdirat(current, name, 0o755) != 0, errno != EEXIST {
                    let code = errno
                    close(current)
                    throw Failure(
                        path: walked.joined(separator: "/"), reason: "cannot be created: \(FileProblem.reason(errno: code, writing: true))",
                        isLink: false)
                }
                next = openat(current, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            }
            let code = errno
            if next < 0 {
                let problem =
                    next < 0 && code == ENOENT
                    ? nil : describe(current, name, errno: code, path: walked.joined(separator: "/"), expected: "a folder")
                close(current)
                if let problem { throw problem }
                return nil
            }
            close(current)
            current = next
        }
        return current
    }

    /// The failure for `name` in `parent` that could not be opened as `expected`.
    private func describe(_ parent: Int32, _ name: String, errno code: Int32, path: String, expected: String) -> Failure {
        var status = stat()
        if fstatat(parent, name, &status, AT_SYMLINK_NOFOLLOW) == 0 {
            let type = status.st_mode & S_IFMT
            if type == S_IFLNK {
                return Failure(
                    path: path, reason: "is a symbolic link; a catalog holds no links, so nothing is read or written through it",
                    isLink: true)
            }
            let wanted: mode_t = expected == "a folder" ? S_IFDIR : S_IFREG
            if type != wanted { return Failure(path: path, reason: "is not \(expected)", isLink: false) }
        }
        return Failure(path: path, reason: "cannot be opened: \(FileProblem.reason(errno: code, writing: false))", isLink: false)
    }

    // MARK: - Files

    /// The bytes of the regular file at `path`, or nil when there is none.
    public func read(_ path: String) throws(Failure) -> [UInt8]? {
        guard let file = try openFile(path) else { return nil }
        guard let bytes = DescriptorReading.readAll(file.descriptor, size: file.size) else {
            throw Failure(path: path, reason: "cannot be read: \(FileProblem.reason(errno: errno, writing: false))", isLink: false)
        }
        return bytes
    }

    /// The regular file at `path`, open for reading, or nil when there is none. The file stays
    /// the one opened: a publish that renames another into its place does not change it.
    public func openFile(_ path: String) throws(Failure) -> OpenFile? {
        let parts = try Self.components(of: path)
        guard let parent = try folder(parts.dropLast(), create: false) else { return nil }
        defer { close(parent) }
        let file = openat(parent, parts.last!, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        guard file >= 0 else {
            if errno == ENOENT { return nil }
            throw describe(parent, parts.last!, errno: errno, path: path, expected: "a regular file")
        }
        var status = stat()
        guard fstat(file, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            close(file)
            throw Failure(path: path, reason: "is not a regular file", isLink: false)
        }
        return OpenFile(descriptor: file, size: Int(status.st_size), modified: Int(status.st_mtim.tv_sec))
    }

    /// A regular file of the catalog, open; closed when the last reference goes.
    public final class OpenFile: Sendable {
        fileprivate let descriptor: Int32
        public let size: Int
        /// The modification time, in whole seconds since 1970 (what HTTP dates carry).
        public let modified: Int

        init(descriptor: Int32, size: Int, modified: Int) {
            self.descriptor = descriptor
            self.size = size
            self.modified = modified
        }

        deinit { close(descriptor) }

        /// Reads up to `buffer.count` bytes from `offset`; fewer only at the end of the file.
        public func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) -> Int {
            var total = 0
            while total < buffer.count {
                let count = pread(descriptor, buffer.baseAddress! + total, buffer.count - total, off_t(offset + total))
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { break }
                total += count
            }
            return total
        }
    }

    /// Puts `bytes` at `path` whole or not at all: written and flushed in `staging` (a folder
    /// of the catalog), renamed into place, its folder flushed. Every folder on the way is
    /// made when missing and refused when it is a link; the place itself must be free or hold
    /// a regular file.
    public func place(_ bytes: [UInt8], at path: String, staging: String) throws(Failure) {
        let parts = try Self.components(of: path)
        guard let parent = try folder(parts.dropLast(), create: true),
            let stagingFolder = try folder(try Self.components(of: staging)[...], create: true)
        else {
            throw Failure(path: path, reason: "cannot be written: its folder is missing", isLink: false)
        }
        defer { close(parent); close(stagingFolder) }
        var status = stat()
        if fstatat(parent, parts.last!, &status, AT_SYMLINK_NOFOLLOW) == 0, status.st_mode & S_IFMT != S_IFREG {
            throw describe(parent, parts.last!, errno: EEXIST, path: path, expected: "a regular file")
        }
        let temporary = UUID().uuidString
        let file = openat(stagingFolder, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard file >= 0 else {
            throw Failure(path: path, reason: "cannot be staged: \(FileProblem.reason(errno: errno, writing: true))", isLink: false)
        }
        var placed = false
        defer { if !placed { unlinkat(stagingFolder, temporary, 0) } }
        if let code = DurableFile.writeAll(bytes, to: file) {
            close(file)
            throw Failure(path: path, reason: "cannot be written: \(FileProblem.reason(errno: code, writing: true))", isLink: false)
        }
        let flushed = fsync(file) == 0
        close(file)
        guard flushed else {
            throw Failure(path: path, reason: "cannot be flushed to disk: \(String(cString: strerror(errno)))", isLink: false)
        }
        guard renameat(stagingFolder, temporary, parent, parts.last!) == 0 else {
            throw Failure(path: path, reason: "cannot be put in place: \(FileProblem.reason(errno: errno, writing: true))", isLink: false)
        }
        placed = true
        guard fsync(parent) == 0 else {
            throw Failure(path: path, reason: "cannot be flushed to disk: \(String(cString: strerror(errno)))", isLink: false)
        }
    }

    /// Refuses `path` before anything is written: every folder on the way that exists must be
    /// a real folder, and the place itself free or a regular file. A publish checks all its
    /// paths first, so a link met halfway cannot leave a half-written version.
    public func checkWritable(_ path: String) throws(Failure) {
        let parts = try Self.components(of: path)
        var current = dup(descriptor)
        defer { close(current) }
        for (position, name) in parts.enumerated() {
            let walked = parts[...position].joined(separator: "/")
            var status = stat()
            guard fstatat(current, name, &status, AT_SYMLINK_NOFOLLOW) == 0 else { return }
            let isLast = position == parts.count - 1
            let type = status.st_mode & S_IFMT
            if type == S_IFLNK || type != (isLast ? S_IFREG : S_IFDIR) {
                throw describe(current, name, errno: EEXIST, path: walked, expected: isLast ? "a regular file" : "a folder")
            }
            if isLast { return }
            let next = openat(current, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            guard next >= 0 else { throw describe(current, name, errno: errno, path: walked, expected: "a folder") }
            close(current)
            current = next
        }
    }

    /// Opens (creating) the regular file at the top-level `name` for a lock; the caller closes it.
    public func openLockFile(_ name: String) throws(Failure) -> Int32 {
        let file = openat(descriptor, name, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard file >= 0 else { throw describe(descriptor, name, errno: errno, path: name, expected: "a regular file") }
        return file
    }

    // MARK: - Walking

    /// One thing found under the catalog.
    public enum Item: Sendable, Equatable {
        case file(String)
        /// A symbolic link, never followed.
        case link(String)
        /// A device, a socket, a FIFO.
        case other(String)
    }

    /// Every file, link and other non-folder under the catalog, as paths relative to it;
    /// folders are entered only when they are real folders.
    public func walk() -> [Item] {
        var items: [Item] = []
        walk(descriptor, prefix: "", into: &items)
        return items.sorted { Self.path(of: $0) < Self.path(of: $1) }
    }

    public static func path(of item: Item) -> String {
        switch item {
        case .file(let path), .link(let path), .other(let path): path
        }
    }

    /// The names in a folder, `.` and `..` left out, sorted.
    private static func names(in folder: Int32) -> [String] {
        let copy = dup(folder)
        guard copy >= 0, let stream = fdopendir(copy) else { return [] }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    private func walk(_ folder: Int32, prefix: String, into items: inout [Item]) {
        for name in Self.names(in: folder) {
            let path = prefix + name
            var status = stat()
            guard fstatat(folder, name, &status, AT_SYMLINK_NOFOLLOW) == 0 else { continue }
            switch status.st_mode & S_IFMT {
            case S_IFLNK: items.append(.link(path))
            case S_IFREG: items.append(.file(path))
            case S_IFDIR:
                let child = openat(folder, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
                guard child >= 0 else { continue }
                walk(child, prefix: path + "/", into: &items)
                close(child)
            default: items.append(.other(path))
            }
        }
    }

    /// Whether the catalog folder itself holds an entry named `name`, of any kind (a link is
    /// not followed, so a linked `index.json` counts, for verify to report).
    public func contains(_ name: String) -> Bool {
        var status = stat()
        return fstatat(descriptor, name, &status, AT_SYMLINK_NOFOLLOW) == 0
    }

    /// The names in the folder at `path` that are real folders (links left out), sorted.
    public func folders(in path: String) -> [String] {
        guard let components = try? Self.components(of: path), let folder = try? folder(components[...], create: false) else { return [] }
        defer { close(folder) }
        return Self.names(in: folder).filter { name in
            var status = stat()
            return fstatat(folder, name, &status, AT_SYMLINK_NOFOLLOW) == 0 && status.st_mode & S_IFMT == S_IFDIR
        }
    }
}
