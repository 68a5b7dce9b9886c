import CZlib
import Crypto
@testable import MiniAppKit

/// A ZIP written field by field, so a test can build exactly the shape an attacker would:
/// every header field can be overridden, and bytes can be put where no structure is.
struct CraftedZip {
    struct Entry {
        var name: [UInt8]
        var content: [UInt8]
        var method: UInt16 = 8
        var flags: UInt16 = 0
        var localExtra: [UInt8] = []
        var centralExtra: [UInt8] = []
        /// The data bytes as stored; by default the content, deflated when `method` is 8.
        var data: [UInt8]?
        /// Declared sizes and CRC, when they must lie.
        var size: UInt32?
        var compressedSize: UInt32?
        var crc: UInt32?
        /// The local header's name, when it must differ from the central one.
        var localName: [UInt8]?
        var externalAttributes: UInt32 = 0o100644 << 16
        /// "Version made by": the host in the high byte (3 is Unix), the version in the low.
        var madeBy: UInt16 = 0x031E

        init(_ name: String, _ content: String, method: UInt16 = 8) {
            self.name = Array(name.utf8)
            self.content = Array(content.utf8)
            self.method = method
        }

        init(rawName: [UInt8], content: [UInt8], method: UInt16 = 0) {
            self.name = rawName
            self.content = content
            self.method = method
        }
    }

    var entries: [Entry]
    /// Bytes between the last entry's data and the central directory.
    var afterEntries: [UInt8] = []
    /// Bytes between the central directory and the end record, counted in the directory's size.
    var insideDirectory: [UInt8] = []
    var comment: [UInt8] = []
    var declaredCount: UInt16?
    /// Where the archive will sit in a larger file: offsets are written relative to it.
    var baseOffset = 0

    /// The minimal app that lints clean, manifest first.
    static func minimalApp() -> CraftedZip {
        let names = MinimalApp.files.keys.sorted { ($0 == "manifest.json" ? 0 : 1, $0) < ($1 == "manifest.json" ? 0 : 1, $1) }
        return CraftedZip(entries: names.map { Entry($0, MinimalApp.files[$0]!) })
    }

    static func deflate(_ bytes: [UInt8]) -> [UInt8] {
        var stream = z_stream()
        deflateInit2_(&stream, 9, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY, zlibVersion(), Int32(MemoryLayout<z_stream>.size))
        defer { deflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(bytes.count))) + 16)
        var input = bytes
        let produced = input.withUnsafeMutableBytes { inBuffer in
            output.withUnsafeMutableBytes { outBuffer in
                stream.next_in = inBuffer.baseAddress?.assumingMemoryBound(to: Bytef.self)
                stream.avail_in = uInt(inBuffer.count)
                stream.next_out = outBuffer.baseAddress?.assumingMemoryBound(to: Bytef.self)
                stream.avail_out = uInt(outBuffer.count)
                CZlib.deflate(&stream, Z_FINISH)
                return Int(stream.total_out)
            }
        }
        return Array(output.prefix(produced))
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 { ExactInflate.crc32(bytes) }

    func bytes() -> [UInt8] {
        var out: [UInt8] = []
        var central: [UInt8] = []
        for entry in entries {
            let data = entry.data ?? (entry.method == 8 ? Self.deflate(entry.content) : entry.content)
            let crc = entry.crc ?? Self.crc32(entry.content)
            let size = entry.size ?? UInt32(entry.content.count)
            let compressed = entry.compressedSize ?? UInt32(data.count)
            let offset = UInt32(baseOffset + out.count)
            let localName = entry.localName ?? entry.name
            out += u32(0x0403_4B50) + u16(20) + u16(entry.flags) + u16(entry.method) + u16(0) + u16(0x21)
            out += u32(crc) + u32(compressed) + u32(size) + u16(UInt16(localName.count)) + u16(UInt16(entry.localExtra.count))
            out += localName + entry.localExtra + data
            central += u32(0x0201_4B50) + u16(entry.madeBy) + u16(20) + u16(entry.flags) + u16(entry.method) + u16(0) + u16(0x21)
            central += u32(crc) + u32(compressed) + u32(size) + u16(UInt16(entry.name.count)) + u16(UInt16(entry.centralExtra.count))
            central += u16(0) + u16(0) + u16(0) + u32(entry.externalAttributes) + u32(offset)
            central += entry.name + entry.centralExtra
        }
        out += afterEntries
        let directoryOffset = UInt32(baseOffset + out.count)
        out += central + insideDirectory
        let count = declaredCount ?? UInt16(entries.count)
        out += u32(0x0605_4B50) + u16(0) + u16(0) + u16(count) + u16(count)
        out += u32(UInt32(central.count + insideDirectory.count)) + u32(directoryOffset) + u16(UInt16(comment.count)) + comment
        return out
    }
}

func u16(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
func u32(_ value: UInt32) -> [UInt8] { LittleEndian.bytes(value) }
func u64(_ value: UInt64) -> [UInt8] { LittleEndian.bytes(value) }

/// Signing and re-shaping signed packages, as an attacker holding a signed package (or a
/// developer crafting one) would.
enum SignedPackageSurgery {
    static let key: SigningKey = try! SigningKey.load(pem: P256.Signing.PrivateKey().pemRepresentation)

    static func sign(_ unsigned: [UInt8]) throws -> [UInt8] {
        let certificate = try SigningCertificate.selfSigned(for: key, appID: "org.example.demo", notBefore: 0)
        return try PackageSigner.sign(unsigned, key: key, certificate: certificate)
    }

    /// The package with `bytes` inserted at `offset`, before the central directory, and the
    /// end record's directory offset moved past them.
    static func insert(_ bytes: [UInt8], at offset: Int, into package: [UInt8]) throws -> [UInt8] {
        let layout = try ZipLayout.read(package)
        var result = Array(package[..<offset]) + bytes + Array(package[offset...])
        let moved = u32(UInt32(layout.centralDirectoryOffset + bytes.count))
        let end = layout.endRecordOffset + bytes.count
        for index in 0..<4 { result[end + 16 + index] = moved[index] }
        return result
    }

    /// The signed package with its signing block replaced by `block`.
    static func replaceBlock(of package: [UInt8], with block: [UInt8]) throws -> [UInt8] {
        let layout = try ZipLayout.read(package)
        let unsignedPart = Array(package[..<layout.entriesEnd])
        let rest = Array(package[layout.centralDirectoryOffset...])
        var result = unsignedPart + block + rest
        let moved = u32(UInt32(layout.entriesEnd + block.count))
        let end = result.count - 22
        for index in 0..<4 { result[end + 16 + index] = moved[index] }
        return result
    }

    /// The signed package as it was before signing: its block taken out and the end record's
    /// directory offset moved back.
    static func unsignedPart(of package: [UInt8]) throws -> [UInt8] {
        let layout = try ZipLayout.read(package)
        var result = Array(package[..<layout.entriesEnd]) + Array(package[layout.centralDirectoryOffset...])
        let moved = u32(UInt32(layout.entriesEnd))
        for index in 0..<4 { result[result.count - 22 + 16 + index] = moved[index] }
        return result
    }

    /// A signing block holding `pairs` (id, value) in order.
    static func block(pairs: [(UInt32, [UInt8])]) -> [UInt8] {
        let body = pairs.flatMap { u64(UInt64(4 + $0.1.count)) + u32($0.0) + $0.1 }
        let size = UInt64(body.count + 8 + 16)
        return u64(size) + body + u64(size) + SigningBlock.magic
    }

    /// The developer-signature value of a signed package.
    static func developerValue(of package: [UInt8]) throws -> [UInt8] {
        let layout = try ZipLayout.read(package)
        let (_, pairs) = try SigningBlock.parse(package, endingAt: layout.centralDirectoryOffset)
        return Array(pairs.first { $0.id == SigningBlock.developerSignatureID }!.value)
    }
}
