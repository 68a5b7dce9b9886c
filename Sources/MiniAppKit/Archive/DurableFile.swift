import Foundation

/// Writes that survive a crash: a file's bytes reach the disk before it is renamed into place,
/// and the rename itself reaches the disk with the folder's flush. Without both, a power loss
/// right after `pack` can leave an empty or old package under the new name.
enum DurableFile {
    struct Failure: Error {
        var message: String
        /// The reason alone ("permission denied"), for a caller that words the message itself.
        var reason: String

        init(_ action: String, _ url: URL, errno code: Int32) {
            self.init(action, url, reason: FileProblem.reason(errno: code, writing: true))
        }

        init(_ action: String, _ url: URL, reason: String) {
            self.reason = reason
            message = "\(action) '\(url.path)': \(reason)"
        }
    }

    /// Writes `bytes` to `url` (created or truncated) and flushes them to disk.
    static func write(_ bytes: [UInt8], to url: URL) throws(Failure) {
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw Failure("cannot write", url, errno: errno) }
        defer { close(descriptor) }
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { buffer in
                Foundation.write(descriptor, buffer.baseAddress! + written, bytes.count - written)
            }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { throw Failure("cannot write", url, errno: errno) }
            written += count
        }
        guard fsync(descriptor) == 0 else { throw Failure("cannot flush to disk", url, errno: errno) }
    }

    /// Puts `bytes` at `destination` whole or not at all: a temporary file beside it, flushed,
    /// renamed over it, and the folder flushed. On failure the destination is untouched and
    /// the temporary file removed.
    static func replace(_ destination: URL, with bytes: [UInt8]) throws(Failure) {
        let folder = destination.deletingLastPathComponent()
        let temporary = folder.appendingPathComponent(".\(destination.lastPathComponent).tmp-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: temporary) }
        do throws(Failure) {
            try write(bytes, to: temporary)
        } catch {
            // The temporary file's name means nothing to the user; the destination does.
            throw Failure("cannot write", destination, reason: error.reason)
        }
        guard rename(temporary.path, destination.path) == 0 else {
            throw Failure("cannot write", destination, errno: errno)
        }
        try flush(folder)
    }

    /// Flushes a file, or a folder (which makes the renames inside it durable).
    static func flush(_ url: URL) throws(Failure) {
        let descriptor = open(url.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw Failure("cannot open to flush", url, errno: errno) }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw Failure("cannot flush to disk", url, errno: errno) }
    }
}
