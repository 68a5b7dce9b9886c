import ArgumentParser
import Foundation
import MiniAppKit

/// A small file named on the command line (a key, a certificate, a passphrase file), read
/// whole, or a one-line failure that says why it could not be: no such file, a folder,
/// permission denied. The words are mactl's own, never Foundation's error text.
enum InputFile {
    /// Far more than any key, certificate or passphrase; a larger file is the wrong file.
    static let sizeLimit = 1 << 20

    /// - Parameters:
    ///   - what: the file's role in the message, "the key".
    ///   - missingHint: the next step when there is no such file, "make one with: mactl keygen key.pem".
    static func read(_ path: String, what: String, missingHint: String? = nil) throws(CommandFailure) -> [UInt8] {
        let failure = { (reason: String) in CommandFailure(message: "cannot read \(what) '\(path)': \(reason)") }
        // O_NONBLOCK: a FIFO named by mistake must not hang the open; it is refused below.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            if code == ENOENT, let missingHint { throw failure(FileProblem.reason(errno: ENOENT) + "; \(missingHint)") }
            throw failure(reason(code, path: path))
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw failure(reason(errno, path: path)) }
        switch status.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw failure(FileProblem.reason(errno: EISDIR) + "; give the file's path")
        default: throw failure("it is not a regular file")
        }
        guard Int(status.st_size) <= sizeLimit else {
            throw failure("it is \(ByteSize.format(Int(status.st_size))), too large to be \(what)")
        }
        var bytes = [UInt8](repeating: 0, count: Int(status.st_size))
        var total = 0
        while total < bytes.count {
            let count = bytes.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress! + total, $0.count - total) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw failure(reason(errno, path: path)) }
            if count == 0 { break }
            total += count
        }
        return Array(bytes.prefix(total))
    }

    /// The words for an `open` or `read` error (FileProblem's, as every other file message
    /// says them), with what to do where there is something to do.
    static func reason(_ code: Int32, path: String) -> String {
        switch code {
        case EACCES, EPERM: FileProblem.reason(errno: code) + "; check its owner and mode: ls -l \(ShellWord.quoted(path))"
        default: FileProblem.reason(errno: code)
        }
    }
}

extension PackageFile {
    /// The package a command was given, for a command that stops at a package mactl refuses
    /// by its size alone: an unreadable path fails the command (exit 2); a refused package is
    /// printed as `refusal` words it, and the command exits 1.
    static func readOrExit(_ path: String, refusal: (VerificationFailure) -> String) throws -> [UInt8] {
        do throws(PackageFile.Failure) {
            return try read(path)
        } catch {
            switch error {
            case .unreadable(let message): throw CommandFailure(message: message)
            case .refused(let failure):
                Terminal.standardError(refusal(failure) + "\n")
                throw ExitCode(ExitStatus.projectHasErrors)
            }
        }
    }
}
