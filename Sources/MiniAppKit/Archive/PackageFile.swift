import Foundation

/// Reads a package file for `verify` and `inspect`: its size is checked on the open
/// descriptor before a byte is read, so a file over the package limit (a 1 GiB download, a
/// sparse file) costs nothing to refuse, and the bytes are read once into one buffer.
public enum PackageFile {
    public enum Failure: Error, Sendable {
        /// The path cannot be opened or read, or is not a regular file: a usage problem.
        case unreadable(String)
        /// The file is a package mactl refuses by its size alone.
        case refused(VerificationFailure)
    }

    public static func read(_ path: String) throws(Failure) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .unreadable("cannot read '\(path)': \(FileProblem.reason(errno: errno))") }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .unreadable("cannot read '\(path)': \(FileProblem.reason(errno: errno))") }
        if status.st_mode & S_IFMT == S_IFDIR {
            // A project folder given where a package belongs: say which command reads folders.
            throw .unreadable("cannot read '\(path)': it is a folder, not a package; 'mactl lint \(path)' checks a project folder")
        }
        guard status.st_mode & S_IFMT == S_IFREG else { throw .unreadable("cannot read '\(path)': it is not a regular file") }
        let size = Int(status.st_size)
        guard size <= Limits.packageSize else {
            throw .refused(
                VerificationFailure(
                    VerifyDiagnostic.tooLarge.id,
                    "the package is \(size) bytes, over the limit of \(Limits.packageSize) bytes for a package; nothing was read"))
        }
        guard let bytes = DescriptorReading.readAll(descriptor, size: size), bytes.count == size else {
            throw .unreadable("cannot read '\(path)': \(FileProblem.reason(errno: errno))")
        }
        return bytes
    }
}
