import CZlib
import Crypto

/// One entry as it goes into the archive: its bytes already deflated (or stored, when deflate
/// would not shrink them), with the CRC-32 and SHA-256 of what it unpacks to.
///
/// Entries are compressed here, one per core, before libzip runs; libzip then writes each as
/// it is (`LibzipEntrySource`). The stream is libdeflate's, raw (no zlib header), at
/// `Deflater.level`: smaller than zlib's level 9 (`zip -9`, and libzip's own) on the files a
/// MiniApp ships, and several times faster. A package is the same bytes for the same files and
/// libdeflate version; the CRC-32 stays zlib's, and reading (verify, the cache) stays on zlib.
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
    /// file: a file deflate does not shrink is stored, as pack always did. A deflater of its
    /// own: for one entry; a worker deflating many passes its own (`init(_:deflater:)`).
    public init(_ entry: ArchiveEntry) {
        self.init(entry, deflater: Deflater())
    }

    init(_ entry: ArchiveEntry, deflater: Deflater) {
        path = entry.path
        size = entry.bytes.count
        crc32 = Self.crc32(entry.bytes)
        sha256 = Hex.string(SHA256.hash(data: entry.bytes))
        if entry.method == .deflate, let deflated = deflater.deflate(entry.bytes) {
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
}
