import Crypto

/// The W3C MiniApp Signing Block in the RPK scheme (`reference/signing.md`): ID-value pairs
/// between two equal sizes, ending in the magic "RPK Sig Block 42", placed right before the
/// central directory. All integers little-endian.
public enum SigningBlock {
    public static let magic = Array("RPK Sig Block 42".utf8)
    public static let developerSignatureID: UInt32 = 0x0100_0101

    /// A signer as the developer-signature pair holds it.
    public struct Signer: Sendable, Equatable {
        public var digests: [(algorithm: UInt32, digest: [UInt8])]
        public var certificates: [[UInt8]]
        public var signatures: [(algorithm: UInt32, signature: [UInt8])]
        public var publicKey: [UInt8]
        /// The exact signed-data bytes, as signed.
        public var signedData: [UInt8]

        public static func == (lhs: Signer, rhs: Signer) -> Bool { lhs.signedData == rhs.signedData && lhs.publicKey == rhs.publicKey }
    }

    // MARK: - Writing

    static func signedData(digest: [UInt8], algorithm: UInt32, certificate: [UInt8]) -> [UInt8] {
        let digestEntry = uint32(algorithm) + lengthPrefixed(digest)
        return lengthPrefixed(lengthPrefixed(digestEntry)) + lengthPrefixed(lengthPrefixed(certificate)) + lengthPrefixed([])
    }

    static func block(signedData: [UInt8], signature: [UInt8], algorithm: UInt32, publicKey: [UInt8]) -> [UInt8] {
        let signatureEntry = uint32(algorithm) + lengthPrefixed(signature)
        let signer = lengthPrefixed(signedData) + lengthPrefixed(lengthPrefixed(signatureEntry)) + lengthPrefixed(publicKey)
        let value = lengthPrefixed(lengthPrefixed(signer))
        let pair = uint64(4 + value.count) + uint32(developerSignatureID) + value
        let size = pair.count + 8 + magic.count
        return uint64(size) + pair + uint64(size) + magic
    }

    // MARK: - Reading

    /// Reads a block that ends at `end` (the central directory's offset). Every length is
    /// checked against its parent before it is used; nothing is read outside `bytes`.
    static func parse(_ bytes: [UInt8], endingAt end: Int) throws(VerificationFailure) -> (start: Int, pairs: [(id: UInt32, value: ArraySlice<UInt8>)]) {
        guard end >= magic.count + 16, end <= bytes.count, Array(bytes[(end - magic.count)..<end]) == magic else {
            throw VerificationFailure("no signing block magic before the central directory")
        }
        let trailingSizeOffset = end - magic.count - 8
        let size = readUInt64(bytes, trailingSizeOffset)
        guard size >= UInt64(8 + magic.count), size <= UInt64(trailingSizeOffset + 8) else {
            throw VerificationFailure("the signing block's size \(size) at offset \(trailingSizeOffset) points outside the file")
        }
        let start = end - Int(size) - 8
        guard start >= 0, readUInt64(bytes, start) == size else {
            throw VerificationFailure("block size fields disagree at offset \(max(0, start)): the block is damaged")
        }
        var pairs: [(id: UInt32, value: ArraySlice<UInt8>)] = []
        var cursor = start + 8
        while cursor < trailingSizeOffset {
            guard trailingSizeOffset - cursor >= 12 else { throw VerificationFailure("a truncated ID-value pair at offset \(cursor)") }
            let pairSize = readUInt64(bytes, cursor)
            guard pairSize >= 4, pairSize <= UInt64(trailingSizeOffset - cursor - 8) else {
                throw VerificationFailure("an ID-value pair at offset \(cursor) claims \(pairSize) bytes, past the end of the block")
            }
            let id = readUInt32(bytes, cursor + 8)
            pairs.append((id, bytes[(cursor + 12)..<(cursor + 8 + Int(pairSize))]))
            cursor += 8 + Int(pairSize)
        }
        guard cursor == trailingSizeOffset else { throw VerificationFailure("the ID-value pairs do not fill the signing block exactly") }
        return (start, pairs)
    }

    /// The signers of a developer-signature value.
    static func signers(in value: ArraySlice<UInt8>) throws(VerificationFailure) -> [Signer] {
        var reader = LengthPrefixedReader(value)
        var signersReader = LengthPrefixedReader(try reader.next("the signer sequence"))
        var signers: [Signer] = []
        while !signersReader.isAtEnd {
            var signer = LengthPrefixedReader(try signersReader.next("a signer"))
            let signedData = try signer.next("the signed data")
            let signaturesValue = try signer.next("the signatures")
            let publicKey = try signer.next("the public key")
            var data = LengthPrefixedReader(signedData)
            var digests: [(UInt32, [UInt8])] = []
            var digestsReader = LengthPrefixedReader(try data.next("the digests"))
            while !digestsReader.isAtEnd {
                var entry = LengthPrefixedReader(try digestsReader.next("a digest"))
                let algorithm = try entry.uint32("a digest's algorithm")
                digests.append((algorithm, Array(try entry.next("a digest's bytes"))))
            }
            var certificates: [[UInt8]] = []
            var certificatesReader = LengthPrefixedReader(try data.next("the certificates"))
            while !certificatesReader.isAtEnd { certificates.append(Array(try certificatesReader.next("a certificate"))) }
            var signatures: [(UInt32, [UInt8])] = []
            var signaturesReader = LengthPrefixedReader(signaturesValue)
            while !signaturesReader.isAtEnd {
                var entry = LengthPrefixedReader(try signaturesReader.next("a signature"))
                let algorithm = try entry.uint32("a signature's algorithm")
                signatures.append((algorithm, Array(try entry.next("a signature's bytes"))))
            }
            signers.append(Signer(digests: digests, certificates: certificates, signatures: signatures, publicKey: Array(publicKey), signedData: Array(signedData)))
        }
        return signers
    }

    // MARK: - Integers

    static func uint32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
    static func uint64(_ value: Int) -> [UInt8] { (0..<8).map { UInt8(truncatingIfNeeded: UInt64(value) >> (8 * UInt64($0))) } }
    static func lengthPrefixed(_ bytes: [UInt8]) -> [UInt8] { uint32(UInt32(bytes.count)) + bytes }

    static func readUInt32(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
        (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[offset + $1]) << (8 * UInt32($1)) }
    }

    static func readUInt64(_ bytes: [UInt8], _ offset: Int) -> UInt64 {
        (0..<8).reduce(UInt64(0)) { $0 | UInt64(bytes[offset + $1]) << (8 * UInt64($1)) }
    }
}

/// Reads `uint32 length . bytes` items from a slice, refusing any length past its end.
struct LengthPrefixedReader {
    private var bytes: ArraySlice<UInt8>

    init(_ bytes: ArraySlice<UInt8>) {
        self.bytes = bytes
    }

    var isAtEnd: Bool { bytes.isEmpty }

    mutating func uint32(_ what: String) throws(VerificationFailure) -> UInt32 {
        guard bytes.count >= 4 else { throw VerificationFailure("\(what) is truncated") }
        let value = (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[bytes.startIndex + $1]) << (8 * UInt32($1)) }
        bytes = bytes.dropFirst(4)
        return value
    }

    mutating func next(_ what: String) throws(VerificationFailure) -> ArraySlice<UInt8> {
        let offset = bytes.startIndex
        let length = Int(try uint32("the length of \(what)"))
        guard length <= bytes.count else {
            throw VerificationFailure("the length of \(what) at offset \(offset) is \(length), past the end of its container")
        }
        let value = bytes.prefix(length)
        bytes = bytes.dropFirst(length)
        return value
    }
}

/// A verification failure: what failed and where.
public struct VerificationFailure: Error, Sendable, Equatable {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }
}
