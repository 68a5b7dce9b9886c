import CLibZip
import Foundation

/// Reads an archive with libzip, extracting nothing to disk: its entries from the central
/// directory (checked against the local headers), and one entry's bytes on demand, never more
/// than a limit. `verify` reads packages with `ZipLayout` and uses this as the second reader
/// that must agree (`ReaderAgreement`); it also looks into archives carried as data.
public final class ArchiveReader: @unchecked Sendable {
    // @unchecked: libzip's handle is not thread-safe, and a reader is used from one thread.
    public struct Entry: Sendable, Hashable {
        public var index: Int
        public var name: String
        /// The name's bytes as libzip reads them, for comparing with the strict reader.
        public var rawName: [UInt8]
        public var size: Int
        public var compressedSize: Int
        /// 0 stored, 8 deflate; anything else is refused by package rules.
        public var method: Int
        public var crc32: UInt32
        public var isEncrypted: Bool
    }

    public let entries: [Entry]
    private let archive: OpaquePointer

    /// Opens the package bytes, in place (no copy). With `checkConsistency`, `ZIP_CHECKCONS`
    /// makes libzip compare every local header with the central directory, so a package whose
    /// two disagree is refused; without it libzip reads as most programs open it, and weighs
    /// the end records it finds otherwise (`ReaderAgreement` compares both readings).
    public init(bytes: [UInt8], checkConsistency: Bool = true) throws(ArchiveError) {
        var error = zip_error_t()
        zip_error_init(&error)
        defer { zip_error_fini(&error) }
        guard let source = ArchiveByteSource.make(bytes, error: &error) else {
            throw ArchiveError("cannot read the package: \(String(cString: zip_error_strerror(&error)).lowercased())")
        }
        guard let opened = zip_open_from_source(source, checkConsistency ? ZIP_RDONLY | ZIP_CHECKCONS : ZIP_RDONLY, &error) else {
            zip_source_free(source)
            // libzip refuses a second entry with a name it already read as "file already exists".
            let reason: String
            switch zip_error_code_zip(&error) {
            case ZIP_ER_EXISTS: reason = "two entries have the same name"
            case ZIP_ER_INCONS:
                reason =
                    "its headers are inconsistent (a local header that disagrees with the central directory, or a name flagged as UTF-8 that is not)"
            default: reason = String(cString: zip_error_strerror(&error)).lowercased()
            }
            throw ArchiveError("not a valid ZIP package: \(reason)")
        }
        archive = opened
        let count = Int(clamping: max(0, zip_get_num_entries(opened, 0)))
        var entries: [Entry] = []
        for index in 0..<count {
            var stat = zip_stat_t()
            zip_stat_init(&stat)
            guard zip_stat_index(opened, zip_uint64_t(index), ZIP_FL_ENC_RAW, &stat) == 0 else { continue }
            let rawName =
                stat.name.map {
                    Array(UnsafeBufferPointer(start: UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self), count: strlen($0)))
                } ?? []
            let name = String(decoding: rawName, as: UTF8.self)
            // ZIP64 fields can declare sizes up to 2^64 - 1; Int(exactly:) keeps one from
            // trapping on conversion, and the size limits then refuse it.
            guard let size = Int(exactly: stat.size), let compressedSize = Int(exactly: stat.comp_size) else {
                zip_discard(opened)
                throw ArchiveError(
                    "entry '\(name)' declares a size of \(stat.size) bytes (\(stat.comp_size) compressed), which no package can hold")
            }
            entries.append(
                Entry(
                    index: index, name: name, rawName: rawName, size: size, compressedSize: compressedSize, method: Int(stat.comp_method),
                    crc32: UInt32(stat.crc), isEncrypted: stat.encryption_method != 0))
        }
        self.entries = entries
    }

    deinit {
        zip_discard(archive)
    }

    /// The bytes of an entry, refusing to inflate past `limit` bytes or past the size the
    /// central directory declares (a zip bomb declares small sizes). libzip checks the CRC
    /// when the whole entry has been read.
    public func read(_ entry: Entry, limit: Int) throws(ArchiveError) -> [UInt8] {
        guard entry.size <= limit else {
            throw ArchiveError("'\(entry.name)' declares \(entry.size) bytes, over the limit of \(limit)")
        }
        guard let file = zip_fopen_index(archive, zip_uint64_t(entry.index), 0) else {
            throw ArchiveError("cannot open '\(entry.name)': \(String(cString: zip_strerror(archive)).lowercased())")
        }
        defer { zip_fclose(file) }
        var result = [UInt8](repeating: 0, count: entry.size + 1)
        var total = 0
        while true {
            let read = result.withUnsafeMutableBytes { buffer in
                zip_fread(file, buffer.baseAddress! + total, zip_uint64_t(buffer.count - total))
            }
            if read < 0 {
                throw ArchiveError("cannot read '\(entry.name)': \(String(cString: zip_file_strerror(file)).lowercased())")
            }
            if read == 0 { break }
            total += Int(read)
            if total > entry.size {
                throw ArchiveError("'\(entry.name)' inflates to more than the \(entry.size) bytes it declares")
            }
        }
        return Array(result[0..<total])
    }
}
