import CLibZip
import Crypto
import Foundation

/// Writes a package with libzip, byte for byte the same for the same entries on any machine:
/// `manifest.json` first (streaming readers can start with it), then paths in byte order;
/// one fixed timestamp; fixed permissions; no extra fields; deflate only where it shrinks.
public enum ArchiveWriter {
    // W3C MiniApp Packaging fixes "version needed to extract" at 2.0, which has no ZIP64:
    // sizes and offsets must fit in 32 bits and the entry count in 16 (`Limits.packageSize`,
    // `Limits.packageEntries`).

    /// Fails before anything is written when the entries would need ZIP64.
    public static func checkLimits(sizes: [(path: String, size: Int)]) throws(ArchiveError) {
        guard sizes.count <= Limits.packageEntries else {
            throw ArchiveError(
                "a package holds at most \(Limits.packageEntries) files without ZIP64, which MiniApp packages must not use; this one has \(sizes.count)"
            )
        }
        if let large = sizes.first(where: { $0.size > Limits.packageSize }) {
            throw ArchiveError("'\(large.path)' is \(large.size) bytes, over the limit of \(Limits.packageSize) bytes for a package")
        }
        // Headers add at most a few hundred bytes per entry; count them generously.
        let total = sizes.reduce(0) { $0 + $1.size + 200 + 2 * $1.path.utf8.count }
        guard total <= Limits.packageSize else {
            throw ArchiveError(
                "the package would be \(total) bytes, over the limit of \(Limits.packageSize) bytes for a package (verify refuses more)")
        }
    }

    /// The archive's bytes, built in memory: a pure step (`pack` then signs and commits them).
    /// Entries are compressed on every core first (`CompressedEntry`, which stores what deflate
    /// does not shrink; one libdeflate compressor per worker); libzip then writes them as they are.
    public static func archive(
        _ entries: [ArchiveEntry], timestamp: ArchiveTimestamp
    ) throws(ArchiveError) -> (bytes: [UInt8], entries: [WrittenEntry]) {
        try checkLimits(sizes: entries.map { ($0.path, $0.bytes.count) })
        let compressed = ParallelMap.map(entries) {
            Deflater()
        } transform: { deflater, entry in
            CompressedEntry(entry, deflater: deflater)
        }
        return try archive(compressed: compressed, timestamp: timestamp)
    }

    /// The archive of entries compressed already (by `archive(_:timestamp:)`, or kept by the
    /// pack cache).
    public static func archive(
        compressed entries: [CompressedEntry], timestamp: ArchiveTimestamp
    ) throws(ArchiveError) -> (bytes: [UInt8], entries: [WrittenEntry]) {
        let compressed = order(entries)
        try checkNames(compressed.map(\.path))
        try checkLimits(sizes: compressed.map { ($0.path, $0.size) })
        let (bytes, layout) = try archiveBytes(compressed, timestamp: timestamp)
        let written = compressed.indices.map { index in
            let entry = compressed[index]
            return WrittenEntry(
                path: entry.path, size: entry.size, compressedSize: layout.entries[index].compressedSize, method: entry.method,
                crc32: layout.entries[index].crc32, sha256: entry.sha256)
        }
        return (bytes, written)
    }

    /// The size of the archive `archive(compressed:timestamp:)` writes for entries of these
    /// sizes, worked out without writing it: libzip writes, for each entry, a local header
    /// (30 bytes and the name) and its data, then a central directory record (46 bytes and the
    /// name) for each, then the end record (22 bytes); mactl's entries have no extra fields,
    /// comments or data descriptors, and names go in as UTF-8 with no second copy. A test
    /// holds this to the written archive's size.
    public static func archiveSize(_ entries: [EntrySize]) -> Int {
        entries.reduce(endRecordSize) { total, entry in
            total + localHeaderSize + centralRecordSize + 2 * entry.path.utf8.count + entry.compressedSize
        }
    }

    static let localHeaderSize = 30
    static let centralRecordSize = 46
    static let endRecordSize = 22

    /// Builds the archive and writes it to `destination` durably and atomically (a temporary
    /// file beside it, flushed, renamed, the folder flushed). On failure the destination is
    /// untouched.
    @discardableResult
    public static func write(
        _ entries: [ArchiveEntry], to destination: URL, timestamp: ArchiveTimestamp
    ) throws(ArchiveError) -> [WrittenEntry] {
        let (bytes, written) = try archive(entries, timestamp: timestamp)
        do throws(DurableFile.Failure) {
            try DurableFile.replace(destination, with: bytes)
        } catch {
            throw ArchiveError(error.message)
        }
        return written
    }

    /// The names verify would refuse are never written: a package mactl packs always verifies.
    static func checkNames(_ paths: [String]) throws(ArchiveError) {
        var names = PackageNameSet()
        for path in paths {
            if let problem = PackageEntryName.problem(rawName: Array(path.utf8), flags: PackageEntryName.utf8Flag) {
                throw ArchiveError("'\(path)' cannot be a package entry: it \(problem)")
            }
            switch names.insert(path) {
            case nil: continue
            case .duplicate: throw ArchiveError("'\(path)' is in the package twice")
            case .sameFile(let earlier):
                throw ArchiveError("'\(path)' and '\(earlier)' are the same file after Unicode normalization or case folding; rename one")
            case .fileAndFolder(let file, let folder):
                throw ArchiveError("'\(file)' is a file and '\(folder)' makes it a folder; rename one")
            }
        }
    }

    /// `manifest.json` first, then every other path in byte order.
    static func order(_ entries: [CompressedEntry]) -> [CompressedEntry] {
        entries.sorted { lhs, rhs in
            if (lhs.path == "manifest.json") != (rhs.path == "manifest.json") { return lhs.path == "manifest.json" }
            return Array(lhs.path.utf8).lexicographicallyPrecedes(Array(rhs.path.utf8))
        }
    }

    /// One archive, written by libzip into a memory buffer, and its layout as the strict reader
    /// reads it: the sizes and CRCs the report records, and proof the writer's output is a
    /// layout `verify` accepts.
    private static func archiveBytes(_ entries: [CompressedEntry], timestamp: ArchiveTimestamp) throws(ArchiveError) -> ([UInt8], ZipLayout)
    {
        let bytes = try libzipBytes(entries, timestamp: timestamp)
        do throws(VerificationFailure) {
            return (bytes, try ZipLayout.read(bytes))
        } catch {
            throw ArchiveError("the written archive does not read back strictly: \(error.message)")
        }
    }

    /// The archive as libzip writes it into a memory buffer, copied out; libzip's buffer is
    /// freed on return, before the strict read, so two copies of a package are never held.
    private static func libzipBytes(_ entries: [CompressedEntry], timestamp: ArchiveTimestamp) throws(ArchiveError) -> [UInt8] {
        var error = zip_error_t()
        zip_error_init(&error)
        defer { zip_error_fini(&error) }
        guard let buffer = zip_source_buffer_create(nil, 0, 0, &error) else {
            throw ArchiveError("cannot create the archive: \(String(cString: zip_error_strerror(&error)).lowercased())")
        }
        // Kept past zip_close, which would otherwise free it with the archive.
        zip_source_keep(buffer)
        defer { zip_source_free(buffer) }
        guard let archive = zip_open_from_source(buffer, ZIP_TRUNCATE, &error) else {
            throw ArchiveError("cannot create the archive: \(String(cString: zip_error_strerror(&error)).lowercased())")
        }
        for entry in entries {
            guard let source = LibzipEntrySource.make(entry, in: archive) else {
                zip_discard(archive)
                throw ArchiveError("cannot add '\(entry.path)': \(String(cString: zip_strerror(archive)))")
            }
            let added = zip_file_add(archive, entry.path, source, ZIP_FL_ENC_UTF_8)
            guard added >= 0 else {
                zip_source_free(source)
                let message = String(cString: zip_strerror(archive))
                zip_discard(archive)
                throw ArchiveError("cannot add '\(entry.path)': \(message)")
            }
            let entryIndex = zip_uint64_t(added)
            // The method the source's data already has: libzip copies it, compressing nothing.
            let method = entry.method == .deflate ? ZIP_CM_DEFLATE : ZIP_CM_STORE
            zip_set_file_compression(archive, entryIndex, method, 9)
            zip_file_set_dostime(archive, entryIndex, timestamp.dosTime, timestamp.dosDate, 0)
            // A regular file, rw-r--r--, made by Unix: the same on every machine.
            zip_file_set_external_attributes(archive, entryIndex, 0, zip_uint8_t(ZIP_OPSYS_UNIX), 0o100644 << 16)
        }
        guard zip_close(archive) == 0 else {
            let message = String(cString: zip_strerror(archive))
            zip_discard(archive)
            throw ArchiveError("cannot write the archive: \(message)")
        }
        return try contents(of: buffer)
    }

    /// Everything a libzip buffer source holds.
    private static func contents(of source: OpaquePointer) throws(ArchiveError) -> [UInt8] {
        var stat = zip_stat_t()
        zip_stat_init(&stat)
        guard zip_source_stat(source, &stat) == 0, zip_source_open(source) == 0 else {
            throw ArchiveError("cannot read the written archive back")
        }
        defer { zip_source_close(source) }
        let size = Int(stat.size)
        var bytes = [UInt8](repeating: 0, count: size)
        let read = bytes.withUnsafeMutableBytes { zip_source_read(source, $0.baseAddress, zip_uint64_t(size)) }
        guard read == size else { throw ArchiveError("cannot read the written archive back") }
        return bytes
    }

    static func describe(_ code: Int32) -> String {
        var error = zip_error_t()
        zip_error_init_with_code(&error, code)
        defer { zip_error_fini(&error) }
        return String(cString: zip_error_strerror(&error)).lowercased()
    }
}
