import Crypto

/// ECDSA signatures in their one canonical form. For every valid signature (r, s) over P-256,
/// (r, n − s) verifies too: a third party holding a signed package can flip s and make a
/// package with another SHA-256 that still verifies. mactl writes the low form (s ≤ n / 2,
/// as Bitcoin's BIP 62 and Ethereum's EIP-2 fix it) and `verify` accepts only that form, in
/// exact DER.
enum ECDSALowS {
    /// The order n of the P-256 group, big-endian.
    static let order: [UInt8] = hexBytes("FFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551")
    /// floor(n / 2).
    static let halfOrder: [UInt8] = hexBytes("7FFFFFFF800000007FFFFFFFFFFFFFFFDE737D56D38BCF4279DCE5617E3192A8")

    /// Whether the 32-byte big-endian `s` is at most n / 2.
    static func isLow(_ s: ArraySlice<UInt8>) -> Bool {
        !halfOrder.lexicographicallyPrecedes(s)
    }

    /// The signature with s replaced by n − s when s is high.
    static func normalized(_ signature: P256.Signing.ECDSASignature) throws -> P256.Signing.ECDSASignature {
        let raw = [UInt8](signature.rawRepresentation)
        let s = raw[32...]
        guard !isLow(s) else { return signature }
        return try P256.Signing.ECDSASignature(rawRepresentation: Array(raw[..<32]) + subtract(order, Array(s)))
    }

    /// a − b for 32-byte big-endian numbers with a ≥ b.
    static func subtract(_ a: [UInt8], _ b: [UInt8]) -> [UInt8] {
        var result = [UInt8](repeating: 0, count: a.count)
        var borrow = 0
        for index in stride(from: a.count - 1, through: 0, by: -1) {
            var digit = Int(a[index]) - Int(b[index]) - borrow
            borrow = digit < 0 ? 1 : 0
            if digit < 0 { digit += 256 }
            result[index] = UInt8(digit)
        }
        return result
    }

    private static func hexBytes(_ text: String) -> [UInt8] {
        let characters = Array(text.utf8)
        return stride(from: 0, to: characters.count, by: 2).map {
            UInt8(String(decoding: characters[$0..<($0 + 2)], as: UTF8.self), radix: 16)!
        }
    }
}
