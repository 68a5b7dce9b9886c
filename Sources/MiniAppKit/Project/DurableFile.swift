import Foundation

/// Writes that survive a crash: a file's bytes reach the disk before it is renamed into place,
/// and the rename itself reaches the disk with the folder's flush. Without both, a power loss
/// right after `pack` can leave an empty or old package under the new name.
enum DurableFile {
    struct Failure: Error {
        var message: String
        /// The reason alone ("permission denied"), for messages that name the file the user
        /// knows rather than the temporary one.
        var reason: String

        init(_ action: String, _ url: URL, errno code: Int32) {
            self.init(action, url, reason: FileProblem.reason(errno: code, writing: true))
        }

        init(_ action: String, _ url: URL, reason: String) {
            self.reason = reason
            message = "\(action) '\(url.path)': \(reason)"
        }
    }

    /// What a file replacing another keeps of it: its mode bits and its owner.
    struct Attributes {
        var permissions: mode_t
        var owner: uid_t
        var group: gid_t

        /// The attributes of the file at `url`, following symbolic links.
        init?(of url: URL) {
            var status = stat()
            guard stat(url.path, &status) == 0 else { return nil }
            permissions = status.st_mode & 0o7777
            owner = status.st_uid
            group = status.st_gid
        }
    }

    /// Writes `bytes` to `url` (created or truncated) and flushes them to disk unless not
    /// `flushed`. `attributes`, when given, are set exactly (the umask does not narrow the
    /// mode), so a rewritten file keeps the ones it had.
    static func write(_ bytes: [UInt8], to url: URL, attributes: Attributes? = nil, flushed: Bool = true) throws(Failure) {
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw Failure("cannot write", url, errno: errno) }
        defer { close(descriptor) }
        if let attributes {
            // As `cp -p` does, the owner is kept where the system allows it: root (a build in a
            // container on a mounted folder) must not leave the author's files owned by root,
            // and a user can only give a file to itself, which it already is. Before the mode,
            // which a change of owner may clear bits of.
            _ = fchown(descriptor, attributes.owner, attributes.group)
            if fchmod(descriptor, attributes.permissions) != 0 { throw Failure("cannot set the permissions of", url, errno: errno) }
        }
        if let code = writeAll(bytes, to: descriptor) { throw Failure("cannot write", url, errno: code) }
        guard !flushed || fsync(descriptor) == 0 else { throw Failure("cannot flush to disk", url, errno: errno) }
    }

    /// Writes all of `bytes` to an open file, retrying short writes and interruptions; the
    /// `errno` of a failure, or nil.
    static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Int32? {
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { buffer in
                Foundation.write(descriptor, buffer.baseAddress! + written, bytes.count - written)
            }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return errno }
            written += count
        }
        return nil
    }

    /// Puts `bytes` at `destination` whole or not at all: a temporary file beside it, flushed,
    /// renamed over it, and the folder flushed. On failure the destination is untouched and
    /// the temporary file removed. `attributes` as for `write`. Not `flushed` (a cache): the
    /// rename still shows other processes a whole file or the old one; a power loss may leave
    /// it empty or damaged, which its reader refuses and replaces, so neither flush is paid.
    static func replace(_ destination: URL, with bytes: [UInt8], attributes: Attributes? = nil, flushed: Bool = true) throws(Failure) {
        let folder = destination.deletingLastPathComponent()
        let temporary = folder.appendingPathComponent(".\(destination.lastPathComponent).tmp-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: temporary) }
        do throws(Failure) {
            try write(bytes, to: temporary, attributes: attributes, flushed: flushed)
        } catch {
            // The temporary file's name means nothing to the user; the destination does.
            throw Failure("cannot write", destination, reason: error.reason)
        }
        guard rename(temporary.path, destination.path) == 0 else { throw Failure("cannot write", destination, errno: errno) }
        if flushed { try flush(folder) }
    }

    /// Flushes a file, or a folder (which makes the renames inside it durable).
    static func flush(_ url: URL) throws(Failure) {
        let descriptor = open(url.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw Failure("cannot open to flush", url, errno: errno) }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw Failure("cannot flush to disk", url, errno: errno) }
    }
}
