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
}
