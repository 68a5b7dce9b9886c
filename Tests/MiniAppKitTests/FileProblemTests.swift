import Foundation
import Testing
@testable import MiniAppKit

/// The reasons mactl gives for a file it cannot read or write, from errno and from the errors
/// Foundation throws, never Foundation's own sentences.
struct FileProblemTests {
    @Test func errnoBecomesAReasonToActOn() {
        #expect(FileProblem.reason(errno: ENOENT) == "there is no such file")
        #expect(FileProblem.reason(errno: ENOENT, writing: true) == "its folder does not exist")
        #expect(FileProblem.reason(errno: EACCES) == "permission denied")
        #expect(FileProblem.reason(errno: EISDIR) == "it is a folder")
        #expect(FileProblem.reason(errno: EROFS) == "the file system is read-only")
        #expect(FileProblem.reason(errno: ENOSPC) == "there is no space left on the device")
    }

    @Test func foundationErrorsBecomeTheSameReasons() {
        let posix = NSError(domain: NSPOSIXErrorDomain, code: Int(EACCES))
        #expect(FileProblem.reason(for: posix) == "permission denied")
        let wrapped = NSError(
            domain: NSCocoaErrorDomain, code: CocoaError.fileWriteUnknown.rawValue,
            userInfo: [NSUnderlyingErrorKey: NSError(domain: NSPOSIXErrorDomain, code: Int(ENOSPC))])
        #expect(FileProblem.reason(for: wrapped, writing: true) == "there is no space left on the device")
        #expect(FileProblem.reason(for: CocoaError(.fileReadNoSuchFile)) == "there is no such file")
        #expect(FileProblem.reason(for: CocoaError(.fileWriteVolumeReadOnly), writing: true) == "the file system is read-only")
        #expect(FileProblem.reason(for: CocoaError(.fileWriteUnknown), writing: true) == "the system refused to write it")
    }

    /// Writing into a folder that is read-only for this user (skipped as root, who may write
    /// anywhere) names the file and the reason.
    @Test(.enabled(if: getuid() != 0)) func aReadOnlyFolderIsPermissionDenied() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mactl-ro-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer {
            chmod(folder.path, 0o755)
            try? FileManager.default.removeItem(at: folder)
        }
        chmod(folder.path, 0o555)
        let target = folder.appendingPathComponent("out.txt")
        #expect(throws: FileProblem.WriteFailure.self) { try FileProblem.writeWhole([1], to: target) }
        #expect(FileProblem.writingProblem(at: target) == "the folder '\(folder.path)' is not writable (permission denied)")
    }
}
