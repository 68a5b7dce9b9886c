import Crypto

/// The W3C MiniApp Signing Block in the RPK scheme (`docs/signing.md`): ID-value pairs
/// between two equal sizes, ending in the magic "RPK Sig Block 42", placed right before the
/// central directory. All integers little-endian.
public enum SigningBlock {
    public static let magic = Array("RPK Sig Block 42".utf8)
    public static let developerSignatureID: UInt32 = 0x0100_0101

    /// The one signer a package carries (docs/verify.md, "What a signature must be"): one
    /// digest and one signature, both in the same known algorithm, one certificate and no
    /// additional attributes.
    public struct Signer: Sendable, Equatable {
        public var algorithm: UInt32
        public var digest: [UInt8]
        public var certificate: [UInt8]
        public var signature: [UInt8]
        public var publicKey: [UInt8]
        /// The exact signed-data bytes, as signed.
        public var signedData: [UInt8]
    }

    /// The algorithms mactl signs and verifies: ECDSA P-256 with SHA-256 (DER signature) and
    /// RSASSA-PKCS1-v1_5 with SHA-256. Both digest the package with SHA-256.
    public static let ecdsaP256SHA256: UInt32 = 0x0201
    public static let rsaPKCS1SHA256: UInt32 = 0x0103
    static let knownAlgorithms: [UInt32] = [ecdsaP256SHA256, rsaPKCS1SHA256]

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

    /// The APK-style padding pair (`0x42726577`, "werB"). mactl never writes it, and refuses
    /// it: the digest does not cover the block, so a padding pair added by anyone makes a
    /// second package, with another SHA-256, that still verifies.
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
            throw VerificationFailure(VerifyDiagnostic.signingBlock.id, "no signing block magic before the central directory")
        }
        let trailingSizeOffset = end - magic.count - 8
        let size = LittleEndian.uint64(bytes, trailingSizeOffset)
        guard size >= UInt64(8 + magic.count), size <= UInt64(trailingSizeOffset + 8) else {
            throw VerificationFailure(
                VerifyDiagnostic.signingBlock.id,
                "the signing block's size \(size) at offset \(trailingSizeOffset) points outside the file")
        }
        let start = end - Int(size) - 8
        guard start >= 0, LittleEndian.uint64(bytes, start) == size else {
            throw VerificationFailure(
                VerifyDiagnostic.signingBlock.id, "block size fields disagree at offset \(max(0, start)): the block is damaged")
        }
        var pairs: [Pair] = []
        var cursor = start + 8
        while cursor < trailingSizeOffset {
            guard trailingSizeOffset - cursor >= 12 else {
                throw VerificationFailure(VerifyDiagnostic.signingBlock.id, "a truncated ID-value pair at offset \(cursor)")
            }
            let pairSize = LittleEndian.uint64(bytes, cursor)
            guard pairSize >= 4, pairSize <= UInt64(trailingSizeOffset - cursor - 8) else {
                throw VerificationFailure(
                    VerifyDiagnostic.signingBlock.id,
                    "an ID-value pair at offset \(cursor) claims \(pairSize) bytes, past the end of the block")
            }
            let id = LittleEndian.uint32(bytes, cursor + 8)
            pairs.append(Pair(offset: cursor, id: id, value: bytes[(cursor + 12)..<(cursor + 8 + Int(pairSize))]))
            cursor += 8 + Int(pairSize)
        }
        guard cursor == trailingSizeOffset else {
            throw VerificationFailure(VerifyDiagnostic.signingBlock.id, "the ID-value pairs do not fill the signing block exactly")
        }
        return (start, pairs)
    }

    /// The developer-signature value of a block that holds that one pair and nothing else.
    /// Bytes no check reads are where a second archive hides (a central directory and an end
    /// record that libzip finds and the digest never covers), and any pair a third party can
    /// add or remove makes another package that still verifies.
    static func developerSignature(in pairs: [Pair]) throws(VerificationFailure) -> ArraySlice<UInt8> {
        for pair in pairs where pair.id != developerSignatureID {
            let what =
                pair.id == paddingID ? "a padding pair (0x42726577)" : "an unknown pair 0x\(String(pair.id, radix: 16, uppercase: true))"
            throw VerificationFailure(
                VerifyDiagnostic.signingBlock.id,
                "the signing block holds \(what) of \(pair.value.count) bytes at offset \(pair.offset); a package's block holds the developer signature alone, because any other pair can be added by anyone, or carry bytes no check reads"
            )
        }
        guard pairs.count == 1 else {
            throw VerificationFailure(
                VerifyDiagnostic.signingBlock.id,
                pairs.isEmpty
                    ? "the signing block has no developer signature (ID 0x01000101)"
                    : "the signing block has \(pairs.count) developer signatures; a package has one")
        }
        return pairs[0].value
    }

    /// The one signer of a developer-signature value. Every sequence must be filled exactly:
    /// a trailing byte is a byte the signature does not speak for, and a second signer,
    /// signature, digest or certificate is one that a third party could add or that a host
    /// showing one signer would not show.
    static func signer(in value: ArraySlice<UInt8>) throws(VerificationFailure) -> Signer {
        var reader = LengthPrefixedReader(value)
        let signerSequence = try reader.next("the signer sequence")
        try reader.expectEnd("the developer signature, after its signer sequence")
        let signerValue = try only(signerSequence, "signer")
        var signer = LengthPrefixedReader(signerValue)
        let signedData = try signer.next("the signed data")
        let signaturesValue = try signer.next("the signatures")
        let publicKey = try signer.next("the public key")
        try signer.expectEnd("the signer, after its public key")

        var data = LengthPrefixedReader(signedData)
        var digestEntry = LengthPrefixedReader(try only(try data.next("the digests"), "digest"))
        let digestAlgorithm = try digestEntry.uint32("the digest's algorithm")
        let digest = try digestEntry.next("the digest's bytes")
        try digestEntry.expectEnd("the digest")
        let certificate = try only(try data.next("the certificates"), "certificate")
        let attributes = try data.next("the additional attributes")
        try data.expectEnd("the signed data, after its additional attributes")
        guard attributes.isEmpty else {
            throw VerificationFailure(
                VerifyDiagnostic.signingBlock.id,
                "the signed data carries \(attributes.count) bytes of additional attributes at offset \(attributes.startIndex); mactl reads none, so it accepts none"
            )
        }

        var signatureEntry = LengthPrefixedReader(try only(signaturesValue, "signature"))
        let algorithm = try signatureEntry.uint32("the signature's algorithm")
        let signature = try signatureEntry.next("the signature's bytes")
        try signatureEntry.expectEnd("the signature")
        guard knownAlgorithms.contains(algorithm) else {
            throw VerificationFailure(
                VerifyDiagnostic.signingBlock.id,
                "the signature uses algorithm \(hex(algorithm)), which mactl cannot check; accepted: \(hex(ecdsaP256SHA256)) (ECDSA P-256, SHA-256) and \(hex(rsaPKCS1SHA256)) (RSA PKCS#1 v1.5, SHA-256)"
            )
        }
        guard digestAlgorithm == algorithm else {
            throw VerificationFailure(
                VerifyDiagnostic.signingBlock.id,
                "the signed digest is for algorithm \(hex(digestAlgorithm)) but the signature uses \(hex(algorithm))")
        }
        guard digest.count == 32 else {
            throw VerificationFailure(
                VerifyDiagnostic.signingBlock.id, "the signed digest is \(digest.count) bytes; a SHA-256 digest is 32")
        }
        return Signer(
            algorithm: algorithm, digest: Array(digest), certificate: Array(certificate), signature: Array(signature),
            publicKey: Array(publicKey), signedData: Array(signedData))
    }

    /// The single length-prefixed item of a sequence, refusing an empty sequence and a second item.
    private static func only(_ sequence: ArraySlice<UInt8>, _ what: String) throws(VerificationFailure) -> ArraySlice<UInt8> {
        var items = LengthPrefixedReader(sequence)
        guard !items.isAtEnd else { throw VerificationFailure(VerifyDiagnostic.signingBlock.id, "the signer has no \(what)") }
        let item = try items.next("a \(what)")
        guard items.isAtEnd else {
            throw VerificationFailure(
                VerifyDiagnostic.signingBlock.id,
                "a second \(what) at offset \(sequence.startIndex + 4 + item.count); a package has exactly one, so nobody can add one that a host showing the first would not see"
            )
        }
        return item
    }

    static func hex(_ algorithm: UInt32) -> String { "0x" + String(algorithm, radix: 16, uppercase: false).leftPadded(to: 4) }

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
        guard bytes.count >= 4 else { throw VerificationFailure(VerifyDiagnostic.signingBlock.id, "\(what) is truncated") }
        let value = LittleEndian.uint32(bytes, bytes.startIndex)
        bytes = bytes.dropFirst(4)
        return value
    }

    mutating func next(_ what: String) throws(VerificationFailure) -> ArraySlice<UInt8> {
        let offset = bytes.startIndex
        let length = Int(try uint32("the length of \(what)"))
        guard length <= bytes.count else {
            throw VerificationFailure(
                VerifyDiagnostic.signingBlock.id, "the length of \(what) at offset \(offset) is \(length), past the end of its container"
            )
        }
        let value = bytes.prefix(length)
        bytes = bytes.dropFirst(length)
        return value
    }

    func expectEnd(_ what: String) throws(VerificationFailure) {
        guard bytes.isEmpty else {
            throw VerificationFailure(
                VerifyDiagnostic.signingBlock.id, "\(bytes.count) trailing bytes at offset \(bytes.startIndex) in \(what)")
        }
    }
}
