import Foundation

/// Makes a folder refuse new files, for tests of writes that fail. Mode 0555 stops a user; root,
/// whom modes do not stop, needs the immutable attribute (`chattr +i`, on Linux file systems
/// that have it).
public enum ReadOnlyFolder {
    /// Whether this machine can make a folder refuse new files: not for root where `chattr` is
    /// missing or the file system has no immutable attribute.
    public static let isPossible: Bool = {
        let probe = FileManager.default.temporaryDirectory.appendingPathComponent("mactl-read-only-\(UUID().uuidString)")
        guard (try? FileManager.default.createDirectory(at: probe, withIntermediateDirectories: false)) != nil else { return false }
        defer { try? FileManager.default.removeItem(at: probe) }
        let refused =
            (try? with(probe) { FileManager.default.createFile(atPath: probe.appendingPathComponent("probe").path, contents: nil) == false })
            ?? false
        return refused
    }()

    /// What mactl says when a file cannot be created in such a folder: the system's EPERM
    /// (root, an immutable folder) and EACCES (a user, a read-only folder) are both
    /// "permission denied" to the person reading it.
    public static let refusal = "permission denied"

    /// Runs `body` while `folder` refuses new files.
    public static func with<T>(_ folder: URL, _ body: () throws -> T) throws -> T {
        set(folder, readOnly: true)
        defer { set(folder, readOnly: false) }
        return try body()
    }

    /// Runs `body`, which may launch a process, while `folder` refuses new files.
    public static func with<T>(_ folder: URL, _ body: () async throws -> T) async throws -> T {
        set(folder, readOnly: true)
        defer { set(folder, readOnly: false) }
        return try await body()
    }

    private static func set(_ folder: URL, readOnly: Bool) {
        if getuid() == 0 {
            let chattr = Process()
            chattr.executableURL = URL(fileURLWithPath: "/usr/bin/chattr")
            chattr.arguments = [readOnly ? "+i" : "-i", folder.path]
            chattr.standardError = FileHandle.nullDevice
            guard (try? chattr.run()) != nil else { return }
            chattr.waitUntilExit()
        } else {
            chmod(folder.path, readOnly ? 0o555 : 0o755)
        }
    }
}
