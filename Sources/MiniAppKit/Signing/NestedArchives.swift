/// Finds archives inside archives inside a package. A package may carry one ZIP file as data,
/// but an archive that holds archives is the shape of a recursive zip bomb: each level passes
/// a one-level size check, and a tool or runtime that unpacks recursively inflates them all.
/// mactl never unpacks them; it looks a few levels down, reading little, to refuse them.
enum NestedArchives {
    /// Levels looked into; a package entry holding an archive that holds an archive is refused.
    static let refusedDepth = 2
    /// Entries looked at per archive, and the most read of each, so a hostile archive
    /// cannot make this check inflate much.
    static let entriesLooked = 16
    static let bytesRead = 1024 * 1024

    static func isArchive(_ bytes: [UInt8]) -> Bool {
        bytes.starts(with: [0x50, 0x4B, 0x03, 0x04])
    }

    /// How many archives deep `bytes` goes, up to `refusedDepth`: 1 for an archive of plain
    /// files, 2 for an archive holding an archive, 0 for what is not an archive.
    static func depth(of bytes: [UInt8], level: Int = 1) -> Int {
        guard isArchive(bytes), let reader = try? ArchiveReader(bytes: bytes) else { return 0 }
        guard level < refusedDepth else { return level }
        var deepest = level
        for entry in reader.entries.prefix(entriesLooked) where entry.size <= bytesRead && !entry.isEncrypted {
            guard let inner = try? reader.read(entry, limit: bytesRead) else { continue }
            deepest = max(deepest, depth(of: inner, level: level + 1))
            if deepest >= refusedDepth { break }
        }
        return deepest
    }
}
