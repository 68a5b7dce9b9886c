import Foundation

/// What `stat` says of a file that changes whenever its contents may have: size, modification
/// and status-change times to the nanosecond, inode and device. As git's index and ESLint's
/// metadata cache do, the lint cache keeps one beside each file's SHA-256, so an unchanged
/// project is recognised without reading its files (see `LintCache.quickLookup`).
public struct FileSignature: Sendable, Hashable {
    public var size: Int
    /// Nanoseconds since 1970.
    public var modified: Int64
    public var changed: Int64
    public var inode: UInt64
    public var device: UInt64

    public init(size: Int, modified: Int64, changed: Int64, inode: UInt64, device: UInt64) {
        self.size = size
        self.modified = modified
        self.changed = changed
        self.inode = inode
        self.device = device
    }

    init(_ status: stat) {
        self.init(
            size: Int(status.st_size),
            modified: Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec),
            changed: Int64(status.st_ctim.tv_sec) * 1_000_000_000 + Int64(status.st_ctim.tv_nsec),
            inode: UInt64(status.st_ino), device: UInt64(status.st_dev))
    }

    /// Files changed within this many nanoseconds before they were read are read again rather
    /// than trusted by their signature (the coarsest file times in use, FAT's, are two seconds).
    static let racyMargin: Int64 = 2_000_000_000

    /// Whether a file read with this signature by a read that began at `readStartedAt`
    /// (nanoseconds since 1970) still has the bytes read then when its signature is the same:
    /// it was last changed well before the read, so any write since gave it new times (git's
    /// "racy clean" rule).
    func isTrusted(readStartedAt: Int64) -> Bool {
        modified < readStartedAt - Self.racyMargin && changed < readStartedAt - Self.racyMargin
    }

    /// Now, in nanoseconds since 1970, on the clock file times are taken from.
    public static func now() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }

    /// `size modified changed inode device`, for the cache file.
    var text: String { "\(size) \(modified) \(changed) \(inode) \(device)" }

    init?(text: Substring) {
        let fields = text.split(separator: " ")
        guard fields.count == 5, let size = Int(fields[0]), let modified = Int64(fields[1]), let changed = Int64(fields[2]),
            let inode = UInt64(fields[3]), let device = UInt64(fields[4])
        else { return nil }
        self.init(size: size, modified: modified, changed: changed, inode: inode, device: device)
    }
}
