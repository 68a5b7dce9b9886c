/// The end-of-central-directory record of a ZIP file, read from its last bytes: where the
/// central directory starts, and so where a signing block would end.
public struct ZipEndRecord: Sendable, Equatable {
    public var offset: Int
    public var entryCount: Int
    public var centralDirectorySize: Int
    public var centralDirectoryOffset: Int

    static let signature: [UInt8] = [0x50, 0x4B, 0x05, 0x06]
    /// The record is 22 bytes plus a comment of at most 65,535.
    static let maximumSearch = 22 + 65_535

    public static func find(in bytes: [UInt8]) -> ZipEndRecord? {
        guard bytes.count >= 22 else { return nil }
        var index = bytes.count - 22
        let lowest = max(0, bytes.count - maximumSearch)
        while index >= lowest {
            if bytes[index] == 0x50, bytes[index + 1] == 0x4B, bytes[index + 2] == 0x05, bytes[index + 3] == 0x06 {
                let commentLength = Int(bytes[index + 20]) | Int(bytes[index + 21]) << 8
                if index + 22 + commentLength == bytes.count {
                    return ZipEndRecord(
                        offset: index,
                        entryCount: Int(bytes[index + 10]) | Int(bytes[index + 11]) << 8,
                        centralDirectorySize: littleEndian32(bytes, index + 12),
                        centralDirectoryOffset: littleEndian32(bytes, index + 16))
                }
            }
            index -= 1
        }
        return nil
    }

    /// True when the 16 bytes before the central directory are the RPK signing block's magic
    /// ("RPK Sig Block 42"), W3C MiniApp Packaging's signing block scheme.
    public func hasSigningBlock(in bytes: [UInt8]) -> Bool {
        let magic = Array("RPK Sig Block 42".utf8)
        let start = centralDirectoryOffset - magic.count
        guard start >= 0, centralDirectoryOffset <= bytes.count else { return false }
        return Array(bytes[start..<centralDirectoryOffset]) == magic
    }

    static func littleEndian32(_ bytes: [UInt8], _ offset: Int) -> Int {
        Int(bytes[offset]) | Int(bytes[offset + 1]) << 8 | Int(bytes[offset + 2]) << 16 | Int(bytes[offset + 3]) << 24
    }
}
