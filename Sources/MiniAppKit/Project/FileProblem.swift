import Foundation

/// Why a file could not be read or written, in words a user acts on: "there is no such file",
/// "it is a folder", "permission denied". Never Foundation's own text ("The file couldn't be
/// saved", "NSCocoaErrorDomain error 512"), which names neither the cause nor the file.
public enum FileProblem {
    /// The reason for a failed system call, from its `errno`. `writing` chooses the words for
    /// a missing path: a write fails with ENOENT because the folder is missing.
    public static func reason(errno code: Int32, writing: Bool = false) -> String {
        switch code {
        case ENOENT: writing ? "its folder does not exist" : "there is no such file"
        case EACCES, EPERM: "permission denied"
        case EISDIR: "it is a folder"
        case ENOTDIR: "a part of its path is a file, not a folder"
        case EROFS: "the file system is read-only"
        case ENOSPC, EDQUOT: "there is no space left on the device"
        case ENAMETOOLONG: "the name is too long"
        case ELOOP: "its path has a loop of symbolic links"
        case EEXIST: "it exists"
        default: String(cString: strerror(code)).lowercased()
        }
    }

    /// The reason for an error from Foundation's file functions: the POSIX error under it when
    /// there is one, else what its Cocoa code means.
    public static func reason(for error: any Error, writing: Bool = false) -> String {
        if let posix = error as? POSIXError { return reason(errno: posix.code.rawValue, writing: writing) }
        let error = error as NSError
        if error.domain == NSPOSIXErrorDomain { return reason(errno: Int32(error.code), writing: writing) }
        // On Linux the underlying error is a Swift `POSIXError`, which `as? NSError` misses.
        if let underlying = error.userInfo[NSUnderlyingErrorKey] as? any Error { return reason(for: underlying, writing: writing) }
        switch CocoaError.Code(rawValue: error.code) {
        case .fileNoSuchFile, .fileReadNoSuchFile: return reason(errno: ENOENT, writing: writing)
        case .fileReadNoPermission, .fileWriteNoPermission: return reason(errno: EACCES)
        case .fileWriteOutOfSpace: return reason(errno: ENOSPC)
        case .fileWriteVolumeReadOnly: return reason(errno: EROFS)
        case .fileWriteFileExists: return reason(errno: EEXIST)
        case .fileReadInapplicableStringEncoding, .fileReadCorruptFile: return "it is not UTF-8 text"
        default: return writing ? "the system refused to write it" : "the system refused to read it"
        }
    }

    /// Why `path` cannot be read as a file, judged after a read failed: missing, a folder, or
    /// not readable.
    public static func readingReason(_ path: String) -> String {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return reason(errno: ENOENT) }
        if isFolder.boolValue { return reason(errno: EISDIR) }
        if access(path, R_OK) != 0 { return reason(errno: errno) }
        return "it is not UTF-8 text"
    }

    /// Why a file cannot be written at `url`, checked before any work is done so a command
    /// fails before it writes anything else: the folder is missing, is not a folder, or is
    /// not writable, or the path is a folder. `nil` when it can be written.
    public static func writingProblem(at url: URL) -> String? {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue {
            return reason(errno: EISDIR)
        }
        let folder = url.deletingLastPathComponent()
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder) else {
            return "the folder '\(folder.path)' does not exist"
        }
        guard isFolder.boolValue else { return "'\(folder.path)' is a file, not a folder" }
        guard access(folder.path, W_OK) == 0 else { return "the folder '\(folder.path)' is not writable (\(reason(errno: errno)))" }
        return nil
    }

    /// Writes `bytes` to `url` whole or not at all (a temporary file beside it, flushed, then
    /// renamed), or throws the one-line message naming the file and the reason.
    public static func writeWhole(_ bytes: [UInt8], to url: URL, displayPath: String? = nil) throws(WriteFailure) {
        do throws(DurableFile.Failure) {
            try DurableFile.replace(url, with: bytes)
        } catch {
            throw WriteFailure(message: "cannot write '\(displayPath ?? url.path)': \(error.reason)")
        }
    }

    public struct WriteFailure: Error, Sendable {
        public var message: String
    }
}
