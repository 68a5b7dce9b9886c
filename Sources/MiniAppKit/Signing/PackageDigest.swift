import Crypto

/// The RPK whole-file digest, over the package as it is without a signing block:
/// d(x) = SHA-256(0xa5 . uint32 len(x) . x), top = SHA-256(0x5a . uint32 3 . d(entries) .
/// d(central directory) . d(EOCD')), where EOCD' points the central directory at the offset
/// where the block starts.
enum PackageDigest {
    static func compute(entries: ArraySlice<UInt8>, centralDirectory: ArraySlice<UInt8>, endRecord: [UInt8], blockStart: Int) -> [UInt8] {
        var eocd = endRecord
        let offset = SigningBlock.uint32(UInt32(blockStart))
        for index in 0..<4 { eocd[16 + index] = offset[index] }
        func section(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
            var hash = SHA256()
            hash.update(data: [0xA5] + SigningBlock.uint32(UInt32(bytes.count)))
            hash.update(data: bytes)
            return Array(hash.finalize())
        }
        let parts = [0x5A] + SigningBlock.uint32(3) + section(entries) + section(centralDirectory) + section(eocd[...])
        return Array(SHA256.hash(data: parts))
    }
}
