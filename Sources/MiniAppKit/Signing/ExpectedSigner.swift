/// The public key a user expects a package to be signed by, from a PEM public key or
/// certificate, as SubjectPublicKeyInfo DER (what the signing block carries).
public enum ExpectedSigner {
    public static func publicKeyInfo(pem text: String) -> [UInt8]? {
        for block in PEMBlock.parse(text) {
            switch block.label {
            case "PUBLIC KEY": return block.der
            case "CERTIFICATE": return SigningCertificate.publicKeyInfo(of: block.der)
            default: continue
            }
        }
        return nil
    }

    /// Whether the PEM text holds a private key (plain or encrypted): given where a public key
    /// is expected, the message says how to export the public half.
    public static func holdsPrivateKey(pem text: String) -> Bool {
        text.contains("Proc-Type: 4,ENCRYPTED") || PEMBlock.parse(text).contains { $0.label.hasSuffix("PRIVATE KEY") }
    }
}
