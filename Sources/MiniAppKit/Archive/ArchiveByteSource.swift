import CLibZip
import Foundation

/// A read-only, seekable libzip source over package bytes held in memory, so that opening a
/// package with libzip does not copy it: `verify` holds the package once, whatever its size.
final class ArchiveByteSource {
    private let bytes: [UInt8]
    private var position = 0
    private var error = zip_error_t()

    private init(_ bytes: [UInt8]) {
        self.bytes = bytes
        zip_error_init(&error)
    }

    deinit {
        zip_error_fini(&error)
    }

    /// A libzip source reading `bytes`; libzip owns it and frees it (`ZIP_SOURCE_FREE`).
    static func make(_ bytes: [UInt8], error: inout zip_error_t) -> OpaquePointer? {
        let state = Unmanaged.passRetained(ArchiveByteSource(bytes)).toOpaque()
        guard let source = zip_source_function_create(callback, state, &error) else {
            Unmanaged<ArchiveByteSource>.fromOpaque(state).release()
            return nil
        }
        return source
    }

    private static let supported: [zip_source_cmd] = [
        ZIP_SOURCE_OPEN, ZIP_SOURCE_READ, ZIP_SOURCE_CLOSE, ZIP_SOURCE_STAT, ZIP_SOURCE_ERROR,
        ZIP_SOURCE_FREE, ZIP_SOURCE_SEEK, ZIP_SOURCE_TELL, ZIP_SOURCE_SUPPORTS,
    ]

    private static let callback: zip_source_callback = { state, data, length, command in
        guard let state else { return -1 }
        let source = Unmanaged<ArchiveByteSource>.fromOpaque(state).takeUnretainedValue()
        return source.handle(command, data, length, state: state)
    }

    private func handle(
        _ command: zip_source_cmd, _ data: UnsafeMutableRawPointer?, _ length: zip_uint64_t, state: UnsafeMutableRawPointer
    ) -> zip_int64_t {
        switch command {
        case ZIP_SOURCE_OPEN:
            position = 0
            return 0
        case ZIP_SOURCE_READ:
            guard let data else { return -1 }
            let count = min(Int(clamping: length), bytes.count - position)
            bytes.withUnsafeBytes { buffer in
                if count > 0 { data.copyMemory(from: buffer.baseAddress! + position, byteCount: count) }
            }
            position += count
            return zip_int64_t(count)
        case ZIP_SOURCE_CLOSE:
            return 0
        case ZIP_SOURCE_STAT:
            guard let data, length >= MemoryLayout<zip_stat_t>.size else { return -1 }
            let stat = data.assumingMemoryBound(to: zip_stat_t.self)
            zip_stat_init(stat)
            stat.pointee.size = zip_uint64_t(bytes.count)
            stat.pointee.valid |= zip_uint64_t(ZIP_STAT_SIZE)
            return zip_int64_t(MemoryLayout<zip_stat_t>.size)
        case ZIP_SOURCE_ERROR:
            guard let data else { return -1 }
            return zip_error_to_data(&error, data, length)
        case ZIP_SOURCE_FREE:
            Unmanaged<ArchiveByteSource>.fromOpaque(state).release()
            return 0
        case ZIP_SOURCE_SEEK:
            guard let data else { return -1 }
            let offset = zip_source_seek_compute_offset(zip_uint64_t(position), zip_uint64_t(bytes.count), data, length, &error)
            guard offset >= 0 else { return -1 }
            position = Int(offset)
            return 0
        case ZIP_SOURCE_TELL:
            return zip_int64_t(position)
        case ZIP_SOURCE_SUPPORTS:
            return Self.supported.reduce(zip_int64_t(0)) { $0 | (zip_int64_t(1) << zip_int64_t($1.rawValue)) }
        default:
            zip_error_set(&error, ZIP_ER_OPNOTSUPP, 0)
            return -1
        }
    }
}
