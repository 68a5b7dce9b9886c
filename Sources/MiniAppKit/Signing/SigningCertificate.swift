import Crypto
import _CryptoExtras
import Foundation
import SwiftASN1
import X509

/// The X.509 certificate a signature carries: one the author gives (`--cert`), or one made
/// from the key alone, deterministically, so an RSA-signed pack is byte-for-byte reproducible.
public struct SigningCertificate: Sendable {
    public var der: [UInt8]
    public var subject: String

    /// SHA-256 of the certificate DER, lowercase hex: what people compare.
    public var fingerprint: String { Hex.string(SHA256.hash(data: der)) }

    /// A self-signed certificate for `key`, its subject the app id, its serial derived from
    /// the key and the app id, valid from `notBefore` for 25 years.
    public static func selfSigned(for key: SigningKey, appID: String, notBefore seconds: Int) throws(SigningError) -> SigningCertificate {
        try selfSigned(
            for: key, subject: CertificateSubject(commonName: appID.isEmpty ? "MiniApp" : appID), serialSeed: appID, notBefore: seconds)
    }

    /// A self-signed certificate for `key` with this subject, its serial derived from the key
    /// and the subject, valid from `notBefore` for 25 years.
    public static func selfSigned(
        for key: SigningKey, subject: CertificateSubject, notBefore seconds: Int
    ) throws(SigningError) -> SigningCertificate {
        try selfSigned(for: key, subject: subject, serialSeed: subject.description, notBefore: seconds)
    }

    private static func selfSigned(
        for key: SigningKey, subject: CertificateSubject, serialSeed: String, notBefore seconds: Int
    ) throws(SigningError) -> SigningCertificate {
        let serial = Array(SHA256.hash(data: key.publicKeyDER + Array(serialSeed.utf8)).prefix(16)).enumerated().map {
            $0.offset == 0 ? $0.element & 0x7F : $0.element
        }
        let start = Date(timeIntervalSince1970: TimeInterval(seconds))
        let end = Date(timeIntervalSince1970: TimeInterval(seconds) + 25 * 365.25 * 86_400)
        do {
            let name = subject.name
            let certificate: Certificate
            switch key {
            case .p256(let privateKey):
                certificate = try Certificate(
                    version: .v3, serialNumber: .init(bytes: serial), publicKey: .init(privateKey.publicKey),
                    notValidBefore: start, notValidAfter: end, issuer: name, subject: name, signatureAlgorithm: .ecdsaWithSHA256,
                    extensions: Certificate.Extensions(), issuerPrivateKey: .init(privateKey))
            case .rsa(let privateKey):
                certificate = try Certificate(
                    version: .v3, serialNumber: .init(bytes: serial), publicKey: .init(privateKey.publicKey),
                    notValidBefore: start, notValidAfter: end, issuer: name, subject: name, signatureAlgorithm: .sha256WithRSAEncryption,
                    extensions: Certificate.Extensions(), issuerPrivateKey: .init(privateKey))
            }
            var serializer = DER.Serializer()
            try serializer.serialize(certificate)
            return SigningCertificate(der: serializer.serializedBytes, subject: certificate.subject.description)
        } catch {
            throw .signingFailed("the self-signed certificate could not be made: \(error)")
        }
    }

    /// A certificate whose public key is not the signing key's.
    public static let otherKey = SigningError.invalidCertificate(
        "the certificate's public key is not the signing key's; give the certificate that belongs to the key")

    /// Reads a PEM certificate and checks that its public key is `key`'s.
    public static func load(pem text: String, matching key: SigningKey) throws(SigningError) -> SigningCertificate {
        guard let block = PEMBlock.parse(text).first(where: { $0.label == "CERTIFICATE" }) else {
            throw .invalidCertificate("the certificate file is not PEM (no '-----BEGIN CERTIFICATE-----' block)")
        }
        let certificate: Certificate
        do {
            certificate = try Certificate(derEncoded: block.der)
        } catch {
            throw .invalidCertificate("the certificate cannot be read: \(error)")
        }
        guard publicKeyInfo(of: certificate) == key.publicKeyDER else { throw otherKey }
        // A package mactl signs always verifies: the certificate meets verify's rules.
        if let problem = problem(packaged: block.der, signerKey: key.publicKeyDER) { throw .invalidCertificate(problem) }
        return SigningCertificate(der: block.der, subject: certificate.subject.description)
    }

    /// Why the certificate a package carries cannot stand for its signer, or nil. It must be
    /// exact DER (another encoding of the same certificate would be another package that
    /// verifies), hold the signer's key, and be self-signed with a signature that verifies:
    /// mactl pins keys and certificates and follows no chain, so a certificate whose issuer's
    /// signature it cannot check says nothing it could vouch for.
    static func problem(packaged der: [UInt8], signerKey: [UInt8]) -> String? {
        guard let certificate = try? Certificate(derEncoded: der) else {
            return "the signer's certificate is not an X.509 certificate in DER"
        }
        var serializer = DER.Serializer()
        guard (try? serializer.serialize(certificate)) != nil, serializer.serializedBytes == der else {
            return "the signer's certificate is not in canonical DER; its bytes would not be the ones another reader re-encodes"
        }
        guard let key = publicKeyInfo(of: certificate) else {
            return "the signer's certificate holds a key that is neither EC P-256 nor RSA"
        }
        guard key == signerKey else { return "the certificate's public key is not the signer's key" }
        guard certificate.issuer == certificate.subject, certificate.publicKey.isValidSignature(certificate.signature, for: certificate)
        else {
            return
                "the signer's certificate is not self-signed with a signature that verifies (issuer \(certificate.issuer)); mactl pins certificates and follows no chain"
        }
        return nil
    }

    /// Why the certificate is not valid at `date`, or nil.
    static func validityProblem(_ der: [UInt8], at date: Date) -> String? {
        guard let certificate = try? Certificate(derEncoded: der) else { return "the certificate cannot be read" }
        if date < certificate.notValidBefore {
            return "the certificate is not valid before \(InternetTimestamp.string(certificate.notValidBefore))"
        }
        if date > certificate.notValidAfter { return "the certificate expired on \(InternetTimestamp.string(certificate.notValidAfter))" }
        return nil
    }

    /// When the certificate stops being valid, for reports.
    static func notValidAfter(_ der: [UInt8]) -> Date? { (try? Certificate(derEncoded: der))?.notValidAfter }

    /// The subject of a DER certificate, for verification output.
    static func subject(of der: [UInt8]) -> String? {
        (try? Certificate(derEncoded: der))?.subject.description
    }

    /// The SubjectPublicKeyInfo DER of a DER certificate's key, encoded as swift-crypto encodes
    /// the signer's key, so the two compare byte for byte.
    static func publicKeyInfo(of der: [UInt8]) -> [UInt8]? {
        (try? Certificate(derEncoded: der)).flatMap(publicKeyInfo(of:))
    }

    static func publicKeyInfo(of certificate: Certificate) -> [UInt8]? {
        if let key = P256.Signing.PublicKey(certificate.publicKey) { return [UInt8](key.derRepresentation) }
        if let key = _RSA.Signing.PublicKey(certificate.publicKey) { return [UInt8](key.derRepresentation) }
        return nil
    }
}
