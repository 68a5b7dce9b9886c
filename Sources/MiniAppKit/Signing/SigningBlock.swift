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

    /// The APK-style padding pair (`0x42726577`, "werB"), the one other pair a signer may add:
    /// its value must be zeros. Any other pair is refused: bytes in the block that no check
    /// reads are where a second archive hides (a central directory and an end record that
    /// libzip finds and mactl's digest never looks at).
    static let paddingID: UInt32 = 0x4272_6577

    /// One ID-value pair and where it starts.
    struct Pair {
        var offset: Int
        var id: UInt32
        var value: ArraySlice<UInt8>
    }

    /// Reads a block that ends at `end` (the central directory's offset). Every length is
    /// checked against its parent before it is used; nothing is read outside `bytes`.
    static func parse(_ bytes: [UInt8], endingAt end: Int) throws(VerificationFailure) -> (start: Int, pairs: [Pair]) {
        guard end >= magic.count + 16, end <= bytes.count, Array(bytes[(end - magic.count)..<end]) == magic else {
            throw VerificationFailure(VerificationFailure.ID.signingBlock, "no signing block magic before the central directory")
        }
        let trailingSizeOffset = end - magic.count - 8
        let size = LittleEndian.uint64(bytes, trailingSizeOffset)
        guard size >= UInt64(8 + magic.count), size <= UInt64(trailingSizeOffset + 8) else {
            throw VerificationFailure(VerificationFailure.ID.signingBlock, "the signing block's size \(size) at offset \(trailingSizeOffset) points outside the file")
        }
        let start = end - Int(size) - 8
        guard start >= 0, LittleEndian.uint64(bytes, start) == size else {
            throw VerificationFailure(VerificationFailure.ID.signingBlock, "block size fields disagree at offset \(max(0, start)): the block is damaged")
        }
        var pairs: [Pair] = []
        var cursor = start + 8
        while cursor < trailingSizeOffset {
            guard trailingSizeOffset - cursor >= 12 else {
                throw VerificationFailure(VerificationFailure.ID.signingBlock, "a truncated ID-value pair at offset \(cursor)")
            }
            let pairSize = LittleEndian.uint64(bytes, cursor)
            guard pairSize >= 4, pairSize <= UInt64(trailingSizeOffset - cursor - 8) else {
                throw VerificationFailure(VerificationFailure.ID.signingBlock, "an ID-value pair at offset \(cursor) claims \(pairSize) bytes, past the end of the block")
            }
            let id = LittleEndian.uint32(bytes, cursor + 8)
            pairs.append(Pair(offset: cursor, id: id, value: bytes[(cursor + 12)..<(cursor + 8 + Int(pairSize))]))
            cursor += 8 + Int(pairSize)
        }
        guard cursor == trailingSizeOffset else {
            throw VerificationFailure(VerificationFailure.ID.signingBlock, "the ID-value pairs do not fill the signing block exactly")
        }
        return (start, pairs)
    }

    /// The one developer-signature value of a block, after refusing every pair that is not it
    /// or zero padding.
    static func developerSignature(in pairs: [Pair]) throws(VerificationFailure) -> ArraySlice<UInt8> {
        var developer: [Pair] = []
        for pair in pairs {
            switch pair.id {
            case developerSignatureID:
                developer.append(pair)
            case paddingID where pair.value.allSatisfy({ $0 == 0 }):
                continue
            case paddingID:
                throw VerificationFailure(VerificationFailure.ID.signingBlock, "the padding pair at offset \(pair.offset) holds bytes other than zeros")
            default:
                throw VerificationFailure(
                    VerificationFailure.ID.signingBlock,
                    "the signing block holds an unknown pair 0x\(String(pair.id, radix: 16, uppercase: true)) of \(pair.value.count) bytes at offset \(pair.offset); only the developer signature and zero padding are accepted, because bytes no check reads can carry a second archive")
            }
        }
        guard developer.count == 1 else {
            throw VerificationFailure(
                VerificationFailure.ID.signingBlock,
                developer.isEmpty ? "the signing block has no developer signature (ID 0x01000101)" : "the signing block has \(developer.count) developer signatures")
        }
        return developer[0].value
    }

    /// The signers of a developer-signature value. Every sequence must be filled exactly: a
    /// trailing byte inside a signer is a byte the signature does not speak for.
    static func signers(in value: ArraySlice<UInt8>) throws(VerificationFailure) -> [Signer] {
        var reader = LengthPrefixedReader(value)
        var signersReader = LengthPrefixedReader(try reader.next("the signer sequence"))
        try reader.expectEnd("the developer signature, after its signer sequence")
        var signers: [Signer] = []
        while !signersReader.isAtEnd {
            var signer = LengthPrefixedReader(try signersReader.next("a signer"))
            let signedData = try signer.next("the signed data")
            let signaturesValue = try signer.next("the signatures")
            let publicKey = try signer.next("the public key")
            try signer.expectEnd("a signer, after its public key")
            var data = LengthPrefixedReader(signedData)
            var digests: [(UInt32, [UInt8])] = []
            var digestsReader = LengthPrefixedReader(try data.next("the digests"))
            while !digestsReader.isAtEnd {
                var entry = LengthPrefixedReader(try digestsReader.next("a digest"))
                let algorithm = try entry.uint32("a digest's algorithm")
                digests.append((algorithm, Array(try entry.next("a digest's bytes"))))
                try entry.expectEnd("a digest")
            }
            var certificates: [[UInt8]] = []
            var certificatesReader = LengthPrefixedReader(try data.next("the certificates"))
            while !certificatesReader.isAtEnd { certificates.append(Array(try certificatesReader.next("a certificate"))) }
            _ = try data.next("the additional attributes")
            try data.expectEnd("the signed data, after its additional attributes")
            var signatures: [(UInt32, [UInt8])] = []
            var signaturesReader = LengthPrefixedReader(signaturesValue)
            while !signaturesReader.isAtEnd {
                var entry = LengthPrefixedReader(try signaturesReader.next("a signature"))
                let algorithm = try entry.uint32("a signature's algorithm")
                signatures.append((algorithm, Array(try entry.next("a signature's bytes"))))
                try entry.expectEnd("a signature")
            }
            signers.append(Signer(digests: digests, certificates: certificates, signatures: signatures, publicKey: Array(publicKey), signedData: Array(signedData)))
        }
        return signers
    }

    // MARK: - Integers

    static func uint32(_ value: UInt32) -> [UInt8] { LittleEndian.bytes(value) }
    static func uint64(_ value: Int) -> [UInt8] { LittleEndian.bytes(UInt64(value)) }
    static func lengthPrefixed(_ bytes: [UInt8]) -> [UInt8] { uint32(UInt32(bytes.count)) + bytes }
}

/// Reads `uint32 length . bytes` items from a slice, refusing any length past its end.
struct LengthPrefixedReader {
    private var bytes: ArraySlice<UInt8>

    init(_ bytes: ArraySlice<UInt8>) {
        self.bytes = bytes
    }

    var isAtEnd: Bool { bytes.isEmpty }

    mutating func uint32(_ what: String) throws(VerificationFailure) -> UInt32 {
        guard bytes.count >= 4 else { throw VerificationFailure(VerificationFailure.ID.signingBlock, "\(what) is truncated") }
        let value = LittleEndian.uint32(bytes, bytes.startIndex)
        bytes = bytes.dropFirst(4)
        return value
    }

    mutating func next(_ what: String) throws(VerificationFailure) -> ArraySlice<UInt8> {
        let offset = bytes.startIndex
        let length = Int(try uint32("the length of \(what)"))
        guard length <= bytes.count else {
            throw VerificationFailure(
                VerificationFailure.ID.signingBlock, "the length of \(what) at offset \(offset) is \(length), past the end of its container")
        }
        let value = bytes.prefix(length)
        bytes = bytes.dropFirst(length)
        return value
    }

    func expectEnd(_ what: String) throws(VerificationFailure) {
        guard bytes.isEmpty else {
            throw VerificationFailure(VerificationFailure.ID.signingBlock, "\(bytes.count) trailing bytes at offset \(bytes.startIndex) in \(what)")
        }
    }
}
