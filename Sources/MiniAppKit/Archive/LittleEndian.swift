/// Little-endian integers at byte offsets, as ZIP headers and the signing block store them;
/// the one implementation of these reads. Offsets are indices of `bytes` (a slice keeps its
/// parent's), and every caller bounds `offset + width` before asking.
enum LittleEndian {
    static func uint16<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, _ offset: Int) -> UInt16 where Bytes.Index == Int {
        UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8
    }

    static func uint32<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, _ offset: Int) -> UInt32 where Bytes.Index == Int {
        UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16 | UInt32(bytes[offset + 3]) << 24
    }

    static func uint64<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, _ offset: Int) -> UInt64 where Bytes.Index == Int {
        UInt64(uint32(bytes, offset)) | UInt64(uint32(bytes, offset + 4)) << 32
    }

    static func bytes(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
    static func bytes(_ value: UInt64) -> [UInt8] { (0..<8).map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) } }
}
