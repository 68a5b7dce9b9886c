import CZlib
import Crypto

/// One entry as it goes into the archive: its bytes already deflated (or stored, when deflate
/// would not shrink them), with the CRC-32 and SHA-256 of what it unpacks to.
///
/// Entries are compressed here, one per core, before libzip runs; libzip then writes each as
/// it is (`LibzipEntrySource`). The stream is the one libzip 1.7 would write itself: zlib at
/// level 9, a raw stream (window bits -15), memory level 9, the default strategy, so a package
/// has the same bytes whichever of the two compressed it.
public struct CompressedEntry: Sendable, Hashable {
    public var path: String
    public var method: ArchiveEntry.Method
    /// The bytes written for the entry: the deflate stream, or the file itself when stored.
    public var data: [UInt8]
    public var size: Int
    public var crc32: UInt32
    public var sha256: String

    public var compressedSize: Int { data.count }

    init(path: String, method: ArchiveEntry.Method, data: [UInt8], size: Int, crc32: UInt32, sha256: String) {
        self.path = path
        self.method = method
        self.data = data
        self.size = size
        self.crc32 = crc32
        self.sha256 = sha256
    }

    /// Deflates the entry when asked, and keeps the result only when it is smaller than the
    /// file: a file deflate does not shrink is stored, as pack always did.
    public init(_ entry: ArchiveEntry) {
        path = entry.path
        size = entry.bytes.count
        crc32 = Self.crc32(entry.bytes)
        sha256 = Hex.string(SHA256.hash(data: entry.bytes))
        if entry.method == .deflate, let deflated = Self.deflate(entry.bytes), deflated.count < entry.bytes.count {
            method = .deflate
            data = deflated
        } else {
            method = .store
            data = entry.bytes
        }
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        bytes.withUnsafeBufferPointer { buffer in
            // zlib takes a length of 32 bits; packages are far below 4 GB (`Limits.packageSize`).
            UInt32(CZlib.crc32(0, buffer.baseAddress, uInt(buffer.count)))
        }
    }

    /// A raw deflate stream of `bytes` at level 9, or nil when zlib fails (out of memory).
    static func deflate(_ bytes: [UInt8]) -> [UInt8]? {
        var stream = z_stream()
        guard deflateInit2_(&stream, 9, Z_DEFLATED, -15, 9, Z_DEFAULT_STRATEGY, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK
        else {
            return nil
        }
        defer { deflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(bytes.count))))
        let status: Int32 = bytes.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { out in
                stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
                stream.avail_in = uInt(input.count)
                stream.next_out = out.baseAddress
                stream.avail_out = uInt(out.count)
                return CZlib.deflate(&stream, Z_FINISH)
            }
        }
        guard status == Z_STREAM_END else { return nil }
        // A copy of the stream's length: the buffer, sized for the worst case (the file's own
        // size and more), would otherwise stay allocated as long as the entry does.
        return Array(output[..<Int(stream.total_out)])
    }
}
