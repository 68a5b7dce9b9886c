import Crypto
import Foundation
import _CryptoExtras

/// `mactl verify`: the archive's one strict layout, the signing block and its signature, every
/// entry's name, fields and exact data, the same reading from libzip, then the package's lint.
/// Everything is derived from the bytes the signature's digest covers; nothing is extracted.
public enum PackageVerifier {

    public struct Report: Sendable {
        /// The signature verified: its block parsed, its signature checked over the signed data,
        /// its digest equal to the package's, its certificate holding the signer's key.
        public var signatureVerified = false
        /// An expected key was given (`--key`, `--cert`) and the signer holds it. Without one, a
        /// valid signature says only that the package was not changed since someone signed it.
        public var signerAuthenticated = false
        public var signingBlockPresent = false
        public var algorithm: UInt32?
        public var certificateSubject: String?
        public var certificateFingerprint: String?
        /// When the signer's certificate stops being valid: reported always, checked only with `--cert`.
        public var certificateNotValidAfter: Date?
        /// SHA-256 of the signer's public key (SubjectPublicKeyInfo DER), to pin it.
        public var publicKeyDigest: String?
        /// SHA-256 of the whole package file.
        public var packageDigest: String?
        public var entryCount = 0
        public var failures: [VerificationFailure] = []
        /// The package content's lint, as a project, and the files it read.
        public var lint: [Diagnostic] = []
        public var lintSources: [String: SourceFile] = [:]
        /// The package's files as every reader reads them (empty when the archive is refused).
        public var files: [SourceFile] = []

        public init() {}

        public var passed: Bool { failures.isEmpty && !lint.contains { $0.severity == .error } }
        /// True only when the package passed every check and its signature verified.
        public var signed: Bool { passed && signatureVerified }
        public var failureMessages: [String] { failures.map(\.message) }

        /// What the renderers show: each failure as an error on the package file, then the
        /// lint errors of its content (warnings are the author's business, not the verifier's).
        public func diagnostics(packagePath: String) -> [Diagnostic] {
            failures.map { Diagnostic(id: $0.id, severity: .error, message: $0.message, span: .file(packagePath)) }
                + lint.filter { $0.severity == .error }
        }
    }

    /// `runtime` is the profile the package's files are linted against, by default the one its
    /// shape says (`RuntimeProfile.forPackage`); `now` is the time an expected certificate
    /// must be valid at.
    public static func verify(
        _ bytes: [UInt8], expected: ExpectedSigner? = nil, requireSignature: Bool = false, runtime: RuntimeProfile? = nil,
        now: Date = Date()
    ) -> Report {
        var report = Report()
        guard bytes.count <= Limits.packageSize else {
            report.failures.append(
                VerificationFailure(
                    VerifyDiagnostic.tooLarge.id,
                    "the package is \(bytes.count) bytes, over the limit of \(Limits.packageSize) bytes for a package"))
            return report
        }
        report.packageDigest = Hex.string(SHA256.hash(data: bytes))
        let layout: ZipLayout
        do throws(VerificationFailure) {
            layout = try ZipLayout.read(bytes)
        } catch {
            report.failures.append(error)
            return report
        }
        report.entryCount = layout.entries.count
        if layout.isSigned {
            report.signingBlockPresent = true
            do throws(VerificationFailure) {
                try verifySignature(bytes, layout: layout, expected: expected, now: now, into: &report)
            } catch {
                report.failures.append(error)
            }
        } else if requireSignature {
            report.failures.append(VerificationFailure(VerifyDiagnostic.unsigned.id, "the package is not signed"))
        } else if expected != nil {
            report.failures.append(
                VerificationFailure(
                    VerifyDiagnostic.unsigned.id, "the package is not signed, so it cannot be signed by the expected key"))
        }
        let files = PackageEntries.read(bytes, layout: layout, into: &report.failures)
        guard report.failures.isEmpty else { return report }
        if let disagreement = ReaderAgreement.check(bytes, layout: layout, files: files) {
            report.failures.append(disagreement)
            return report
        }
        report.files = files
        var configuration = Configuration.default
        configuration.runtime = runtime ?? RuntimeProfile.forPackage(files)
        let lint = Linter.lint(Project(files: files), configuration: configuration)
        report.lint = lint.diagnostics
        report.lintSources = lint.sourceFiles
        return report
    }

    /// The archive checks alone, without the signature and the lint: the files every reader
    /// reads, or why the package is refused. For the differential tests and fuzzing.
    static func archiveView(_ bytes: [UInt8]) -> (files: [SourceFile], failures: [VerificationFailure]) {
        let layout: ZipLayout
        do throws(VerificationFailure) {
            layout = try ZipLayout.read(bytes)
        } catch {
            return ([], [error])
        }
        var failures: [VerificationFailure] = []
        let files = PackageEntries.read(bytes, layout: layout, into: &failures)
        if failures.isEmpty, let disagreement = ReaderAgreement.check(bytes, layout: layout, files: files) {
            failures.append(disagreement)
        }
        return (files, failures)
    }

    /// What a signing block says, without judging the rest of the package: for `inspect`.
    public static func signatureSummary(_ bytes: [UInt8]) -> Report {
        var report = Report()
        report.packageDigest = Hex.string(SHA256.hash(data: bytes))
        guard let layout = try? ZipLayout.read(bytes), layout.isSigned else { return report }
        report.signingBlockPresent = true
        do throws(VerificationFailure) {
            try verifySignature(bytes, layout: layout, expected: nil, now: Date(), into: &report)
        } catch {
            report.failures.append(error)
        }
        return report
    }

    /// The signing block's rules (docs/verify.md, "What a signature must be"): the block holds
    /// one developer signature with one signer, whose every byte is checked; the signature is
    /// in its one canonical encoding and verifies; the digest is the package's; the certificate
    /// is exact, self-signed and holds the signer's key; and the signer is the one expected.
    private static func verifySignature(
        _ bytes: [UInt8], layout: ZipLayout, expected: ExpectedSigner?, now: Date, into report: inout Report
    ) throws(VerificationFailure) {
        let centralDirectory = layout.centralDirectoryOffset
        let entriesEnd = layout.entriesEnd
        guard Array(bytes[(centralDirectory - min(centralDirectory, SigningBlock.magic.count))..<centralDirectory]) == SigningBlock.magic
        else {
            throw VerificationFailure(
                VerifyDiagnostic.layout.id,
                "the \(centralDirectory - entriesEnd) bytes at offset \(entriesEnd), between the last entry and the central directory, are not a signing block"
            )
        }
        let (blockStart, pairs) = try SigningBlock.parse(bytes, endingAt: centralDirectory)
        if blockStart > entriesEnd {
            throw VerificationFailure(
                VerifyDiagnostic.layout.id,
                "\(blockStart - entriesEnd) bytes at offset \(entriesEnd), between the last entry and the signing block, belong to no structure"
            )
        }
        if blockStart < entriesEnd {
            let last = layout.entries.max { $0.dataEnd < $1.dataEnd }
            throw VerificationFailure(
                VerifyDiagnostic.layout.id,
                "the data of entry '\(last?.name ?? "?")' runs \(entriesEnd - blockStart) bytes into the signing block at offset \(blockStart), where the signed entries end"
            )
        }
        let signer = try SigningBlock.signer(in: try SigningBlock.developerSignature(in: pairs))
        // Named before anything is judged, so a failure can say whose signature failed.
        report.publicKeyDigest = Hex.string(SHA256.hash(data: signer.publicKey))
        report.certificateSubject = SigningCertificate.subject(of: signer.certificate)
        report.certificateFingerprint = Hex.string(SHA256.hash(data: signer.certificate))
        report.certificateNotValidAfter = SigningCertificate.notValidAfter(signer.certificate)
        try SignatureEncoding.checkCanonical(signer)
        guard verify(signer.signature, algorithm: signer.algorithm, over: signer.signedData, publicKey: signer.publicKey) else {
            throw VerificationFailure(
                VerifyDiagnostic.signature.id, "the signature does not verify: the signed data or the public key was changed")
        }
        let digest = PackageDigest.compute(
            entries: bytes[0..<blockStart], centralDirectory: bytes[centralDirectory..<layout.endRecordOffset],
            endRecord: Array(bytes[layout.endRecordOffset...]), blockStart: blockStart)
        guard signer.digest == digest else {
            throw VerificationFailure(VerifyDiagnostic.digest.id, "digest mismatch: the archive changed after signing")
        }
        report.algorithm = signer.algorithm
        if let problem = SigningCertificate.problem(packaged: signer.certificate, signerKey: signer.publicKey) {
            throw VerificationFailure(VerifyDiagnostic.certificate.id, problem)
        }
        if let expected {
            guard expected.publicKey == signer.publicKey else {
                throw VerificationFailure(
                    VerifyDiagnostic.unexpectedSigner.id, "the package is signed by another key than the one expected")
            }
            if let certificate = expected.certificate {
                guard certificate == signer.certificate else {
                    throw VerificationFailure(
                        VerifyDiagnostic.unexpectedSigner.id,
                        "the package is signed by the expected key but carries another certificate (sha256 \(report.certificateFingerprint ?? "")) than the one given (sha256 \(Hex.string(SHA256.hash(data: certificate)))); --cert pins the certificate, --key the key alone"
                    )
                }
                if let problem = SigningCertificate.validityProblem(certificate, at: now) {
                    throw VerificationFailure(
                        VerifyDiagnostic.certificateExpired.id, "\(problem), so it does not vouch for the package now")
                }
            }
        }
        report.signatureVerified = true
        report.signerAuthenticated = expected != nil
    }

    static func verify(_ signature: [UInt8], algorithm: UInt32, over data: [UInt8], publicKey: [UInt8]) -> Bool {
        switch algorithm {
        case 0x0201:
            guard let key = try? P256.Signing.PublicKey(derRepresentation: publicKey),
                let parsed = try? P256.Signing.ECDSASignature(derRepresentation: signature)
            else { return false }
            return key.isValidSignature(parsed, for: data)
        case 0x0103:
            guard let key = try? _RSA.Signing.PublicKey(derRepresentation: publicKey), key.keySizeInBits >= SigningKey.minimumRSABits else {
                return false
            }
            return key.isValidSignature(_RSA.Signing.RSASignature(rawRepresentation: signature), for: data, padding: .insecurePKCS1v1_5)
        default:
            return false
        }
    }
}
