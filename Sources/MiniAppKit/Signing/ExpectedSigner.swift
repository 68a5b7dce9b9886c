import Foundation
import X509

/// Who a user expects a package to be signed by (`--key`, `--cert`), and what each pins
/// (docs/verify.md, "What --key and --cert mean"):
/// - a public key pins the signer's key, nothing else: a bare key has no validity period;
/// - a certificate pins that certificate: the package must carry exactly it (byte for byte),
///   and it must be valid at the time of verification, its own signature included.
public struct ExpectedSigner: Sendable, Equatable {
    /// SubjectPublicKeyInfo DER, as the signing block carries the signer's key.
    public var publicKey: [UInt8]
    /// The certificate DER, when a certificate was given.
    public var certificate: [UInt8]?

    public init(publicKey: [UInt8], certificate: [UInt8]? = nil) {
        self.publicKey = publicKey
        self.certificate = certificate
    }

    public enum ReadFailure: Error, Sendable, Equatable {
        /// No public key or certificate in the text; `holdsPrivateKey` when it is a private key.
        case noPublicKey(holdsPrivateKey: Bool)
        /// A certificate that cannot be read, or more than one: which one would be pinned?
        case unusableCertificate(String)
    }

    /// Reads a PEM public key or a PEM certificate (exactly one).
    public static func read(pem text: String) throws(ReadFailure) -> ExpectedSigner {
        let blocks = PEMBlock.parse(text)
        let certificates = blocks.filter { $0.label == "CERTIFICATE" }
        if certificates.count > 1 {
            throw .unusableCertificate(
                "holds \(certificates.count) certificates; give the signer's certificate alone (a package carries one certificate, and mactl pins it rather than following a chain)"
            )
        }
        if let certificate = certificates.first {
            guard let key = SigningCertificate.publicKeyInfo(of: certificate.der) else {
                throw .unusableCertificate("holds a certificate that cannot be read, or whose key is neither EC P-256 nor RSA")
            }
            return ExpectedSigner(publicKey: key, certificate: certificate.der)
        }
        if let key = blocks.first(where: { $0.label == "PUBLIC KEY" }) { return ExpectedSigner(publicKey: key.der) }
        throw .noPublicKey(holdsPrivateKey: holdsPrivateKey(pem: text))
    }

    /// Whether the PEM text holds a private key (plain or encrypted): given where a public key
    /// is expected, the message says how to export the public half.
    public static func holdsPrivateKey(pem text: String) -> Bool {
        text.contains("Proc-Type: 4,ENCRYPTED") || PEMBlock.parse(text).contains { $0.label.hasSuffix("PRIVATE KEY") }
    }
}
