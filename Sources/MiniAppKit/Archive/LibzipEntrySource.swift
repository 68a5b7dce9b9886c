import CLibZip
import Foundation

/// A libzip source that hands libzip one `CompressedEntry` as it is: a deflate stream that
/// libzip copies without compressing again, or a stored file.
///
/// It tells libzip what its own compressing layer would have told it at level 9, so the
/// headers are the ones libzip writes for a stream it deflated itself: the method, sizes and
/// CRC-32 (stat), version needed 2.0 and general-purpose bit 1, "maximum compression" (file
/// attributes). The stream is libdeflate's (`Deflater`), not zlib's, but no larger than level
/// 9's on the files a MiniApp ships, so the bit says what `zip -9` says of its entries. A stored
/// entry reports no attributes, as libzip's buffer source does.
final class LibzipEntrySource {
    private let entry: CompressedEntry
    private var offset = 0
    private var error = zip_error_t()

    private init(_ entry: CompressedEntry) {
        self.entry = entry
        zip_error_init(&error)
    }

    deinit {
        zip_error_fini(&error)
    }

    /// A source for `entry`, owned by libzip from here on: libzip frees it (and this object)
    /// when the archive is closed or discarded, or when the caller frees the source.
    static func make(_ entry: CompressedEntry, in archive: OpaquePointer) -> OpaquePointer? {
        let context = Unmanaged.passRetained(LibzipEntrySource(entry)).toOpaque()
        guard let source = zip_source_function(archive, callback, context) else {
            Unmanaged<LibzipEntrySource>.fromOpaque(context).release()
            return nil
        }
        return source
    }

    private static let callback: zip_source_callback = { context, data, length, command in
        let source = Unmanaged<LibzipEntrySource>.fromOpaque(context!)
        if command == ZIP_SOURCE_FREE {
            source.release()
            return 0
        }
        return source.takeUnretainedValue().answer(command, data, length)
    }

    /// The commands a readable source must answer (libzip's `ZIP_SOURCE_SUPPORTS_READABLE`,
    /// a macro Swift cannot import), and the file attributes for a deflated entry.
    private var supported: Int64 {
        var commands = [
            ZIP_SOURCE_OPEN, ZIP_SOURCE_READ, ZIP_SOURCE_CLOSE, ZIP_SOURCE_STAT, ZIP_SOURCE_ERROR, ZIP_SOURCE_FREE, ZIP_SOURCE_SUPPORTS,
        ]
        if entry.method == .deflate { commands.append(ZIP_SOURCE_GET_FILE_ATTRIBUTES) }
        return commands.reduce(0) { $0 | (Int64(1) << Int64($1.rawValue)) }
    }

    private func answer(_ command: zip_source_cmd_t, _ data: UnsafeMutableRawPointer?, _ length: zip_uint64_t) -> zip_int64_t {
        switch command {
        case ZIP_SOURCE_OPEN:
            offset = 0
            return 0
        case ZIP_SOURCE_READ:
            let count = min(Int(length), entry.data.count - offset)
            guard count > 0, let data else { return 0 }
            entry.data.withUnsafeBytes { bytes in
                data.copyMemory(from: bytes.baseAddress! + offset, byteCount: count)
            }
            offset += count
            return zip_int64_t(count)
        case ZIP_SOURCE_CLOSE:
            return 0
        case ZIP_SOURCE_STAT:
            guard let data, length >= MemoryLayout<zip_stat_t>.size else { return invalid() }
            let stat = data.assumingMemoryBound(to: zip_stat_t.self)
            zip_stat_init(stat)
            stat.pointee.valid = zip_uint64_t(ZIP_STAT_SIZE | ZIP_STAT_COMP_SIZE | ZIP_STAT_COMP_METHOD | ZIP_STAT_CRC)
            stat.pointee.size = zip_uint64_t(entry.size)
            stat.pointee.comp_size = zip_uint64_t(entry.data.count)
            stat.pointee.comp_method = zip_uint16_t(entry.method == .deflate ? ZIP_CM_DEFLATE : ZIP_CM_STORE)
            stat.pointee.crc = entry.crc32
            return zip_int64_t(MemoryLayout<zip_stat_t>.size)
        case ZIP_SOURCE_GET_FILE_ATTRIBUTES:
            guard let data, length >= MemoryLayout<zip_file_attributes_t>.size else { return invalid() }
            let attributes = data.assumingMemoryBound(to: zip_file_attributes_t.self)
            attributes.pointee.valid |= zip_uint64_t(ZIP_FILE_ATTRIBUTES_VERSION_NEEDED | ZIP_FILE_ATTRIBUTES_GENERAL_PURPOSE_BIT_FLAGS)
            attributes.pointee.version_needed = 20
            // libzip's mask of the bits a source may set (zipint.h), and bit 1: maximum compression.
            attributes.pointee.general_purpose_bit_mask = 0x0836
            attributes.pointee.general_purpose_bit_flags = 1 << 1
            return zip_int64_t(MemoryLayout<zip_file_attributes_t>.size)
        case ZIP_SOURCE_ERROR:
            return zip_error_to_data(&error, data, length)
        case ZIP_SOURCE_SUPPORTS:
            return supported
        default:
            zip_error_set(&error, ZIP_ER_OPNOTSUPP, 0)
            return -1
        }
    }

    private func invalid() -> zip_int64_t {
        zip_error_set(&error, ZIP_ER_INVAL, 0)
        return -1
    }
}
