import Foundation

/// Lowercase hex, as digests and fingerprints are shown in reports and output.
enum Hex {
    static func string<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        bytes.map { String(format: "%02x", $0) }.joined()
    }
}

extension Hex {
    /// A CRC-32 as eight hex digits.
    static func crc(_ value: UInt32) -> String {
        String(format: "%08x", value)
    }
}
