import Crypto
import _CryptoExtras

/// The signer's key and signature in their one canonical encoding. Every other encoding that
/// a library still accepts (a high ECDSA s, DER with a needless leading zero or a long length
/// form, an RSA signature without its leading zeros, a key in another SubjectPublicKeyInfo
/// form) is a second package that verifies as the same signer: a third party could make one
/// from a signed package and give it a new SHA-256.
enum SignatureEncoding {
    static func checkCanonical(_ signer: SigningBlock.Signer) throws(VerificationFailure) {
        switch signer.algorithm {
        case SigningBlock.ecdsaP256SHA256:
            guard let key = try? P256.Signing.PublicKey(derRepresentation: signer.publicKey),
                [UInt8](key.derRepresentation) == signer.publicKey
            else {
                throw notCanonical(
                    "the signer's public key is not an EC P-256 key in canonical SubjectPublicKeyInfo DER, as algorithm 0x0201 needs")
            }
            guard let signature = try? P256.Signing.ECDSASignature(derRepresentation: signer.signature),
                [UInt8](signature.derRepresentation) == signer.signature
            else {
                throw notCanonical("the ECDSA signature is not in canonical DER")
            }
            guard ECDSALowS.isLow([UInt8](signature.rawRepresentation)[32...]) else {
                throw notCanonical("the ECDSA signature's s is above n/2; (r, n - s) verifies too, so only the low form is accepted")
            }
        default:
            guard let key = try? _RSA.Signing.PublicKey(derRepresentation: signer.publicKey),
                [UInt8](key.derRepresentation) == signer.publicKey
            else {
                throw notCanonical(
                    "the signer's public key is not an RSA key in canonical SubjectPublicKeyInfo DER, as algorithm 0x0103 needs")
            }
            guard key.keySizeInBits >= SigningKey.minimumRSABits else {
                throw VerificationFailure(
                    VerifyDiagnostic.signature.id,
                    "the signer's RSA key has \(key.keySizeInBits) bits; at least \(SigningKey.minimumRSABits) are required")
            }
            guard signer.signature.count == (key.keySizeInBits + 7) / 8 else {
                throw notCanonical(
                    "the RSA signature is \(signer.signature.count) bytes; a \(key.keySizeInBits)-bit key's is \((key.keySizeInBits + 7) / 8)"
                )
            }
        }
    }

    private static func notCanonical(_ message: String) -> VerificationFailure {
        VerificationFailure(VerifyDiagnostic.notCanonical.id, message)
    }
}
