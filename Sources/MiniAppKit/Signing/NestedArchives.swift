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

    /// Where the archive in `bytes` starts, when `bytes` is one. An archive is found by its end
    /// record, as readers find it, not by a leading local header: readers accept bytes
    /// prepended to an archive (a self-extractor's stub), so a prefix must not hide one.
    static func archiveStart(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= ZipLayout.endRecordSize else { return nil }
        var index = bytes.count - ZipLayout.endRecordSize
        let lowest = max(0, bytes.count - ZipLayout.runtimeEndRecordSearch)
        while index >= lowest {
            index = ZipLayout.lastEndRecordSignature(in: bytes, from: index, downTo: lowest)
            guard index >= lowest else { return nil }
            let size = Int(LittleEndian.uint32(bytes, index + 12))
            // The central directory sits right before its end record; its recorded offset is
            // relative to the archive's start, so the difference is the prefix.
            let directory = index - size
            let recorded = Int(LittleEndian.uint32(bytes, index + 16))
            if directory >= 0, directory - recorded >= 0,
                directory + 4 <= bytes.count, LittleEndian.uint32(bytes, directory) == ZipLayout.centralHeaderSignature || size == 0
            {
                return directory - recorded
            }
            index -= 1
        }
        return nil
    }

    /// Why an entry's bytes cannot ship, or nil: an archive of archives, or an archive that
    /// cannot be looked into (a ZIP64 one with sizes no reader can hold, a damaged one), which
    /// another reader may still unpack.
    static func problem(with bytes: [UInt8]) -> String? {
        guard let start = archiveStart(bytes) else { return nil }
        let reader: ArchiveReader
        do throws(ArchiveError) {
            reader = try ArchiveReader(bytes: start == 0 ? bytes : Array(bytes[start...]))
        } catch {
            return
                "is an archive mactl cannot look into (\(error.message)); a package may carry a ZIP file as data only when it can be checked for archives inside it"
        }
        return depth(of: reader, level: 1) >= refusedDepth
            ? "is an archive that holds archives; a package may carry a ZIP file as data, but nested archives are how recursive zip bombs pass one-level checks"
            : nil
    }

    /// How many archives deep an opened archive goes, up to `refusedDepth`: 1 for an archive
    /// of plain files, 2 for one holding an archive. An inner archive that cannot be opened
    /// counts as an archive all the same.
    static func depth(of reader: ArchiveReader, level: Int) -> Int {
        guard level < refusedDepth else { return level }
        for entry in reader.entries.prefix(entriesLooked) where entry.size <= bytesRead && !entry.isEncrypted {
            guard let inner = try? reader.read(entry, limit: bytesRead), archiveStart(inner) != nil else { continue }
            return level + 1
        }
        return level
    }
}
