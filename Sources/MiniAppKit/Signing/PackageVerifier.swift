import Crypto
import _CryptoExtras

/// `mactl verify`: the signing block and its signature, then the archive's own rules, then
/// the package's lint. Reads only the given bytes; extracts nothing to disk.
public enum PackageVerifier {

    public struct Report: Sendable {
        public var signed = false
        public var algorithm: UInt32?
        public var certificateSubject: String?
        public var certificateFingerprint: String?
        public var publicKeyDigest: String?
        public var entryCount = 0
        public var failures: [String] = []
        /// The package content's lint, as a project.
        public var lint: [Diagnostic] = []

        public var passed: Bool { failures.isEmpty && !lint.contains { $0.severity == .error } }
    }

    public static func verify(_ bytes: [UInt8], expectedPublicKey: [UInt8]? = nil, requireSignature: Bool = false) -> Report {
        var report = Report()
        guard let end = ZipEndRecord.find(in: bytes) else {
            report.failures.append("not a ZIP package: no end of central directory record")
            return report
        }
        let centralDirectory = end.centralDirectoryOffset
        guard centralDirectory <= end.offset, centralDirectory + end.centralDirectorySize == end.offset else {
            report.failures.append("the central directory (offset \(centralDirectory), \(end.centralDirectorySize) bytes) does not end at the end record at offset \(end.offset)")
            return report
        }
        let entriesEnd: Int
        do throws(VerificationFailure) {
            entriesEnd = try endOfEntries(bytes, centralDirectory: centralDirectory, endOfDirectory: end.offset)
        } catch {
            report.failures.append(error.message)
            return report
        }
        if entriesEnd < centralDirectory {
            do throws(VerificationFailure) {
                try verifySignature(bytes, entriesEnd: entriesEnd, end: end, expectedPublicKey: expectedPublicKey, into: &report)
            } catch {
                report.failures.append(error.message)
            }
        } else if requireSignature {
            report.failures.append("the package is not signed")
        } else if expectedPublicKey != nil {
            report.failures.append("the package is not signed, so it cannot be signed by the expected key")
        }
        checkArchive(bytes, into: &report)
        return report
    }

    private static func verifySignature(
        _ bytes: [UInt8], entriesEnd: Int, end: ZipEndRecord, expectedPublicKey: [UInt8]?, into report: inout Report
    ) throws(VerificationFailure) {
        let centralDirectory = end.centralDirectoryOffset
        guard end.hasSigningBlock(in: bytes) else {
            throw VerificationFailure("the \(centralDirectory - entriesEnd) bytes at offset \(entriesEnd), between the last entry and the central directory, are not a signing block")
        }
        let (blockStart, pairs) = try SigningBlock.parse(bytes, endingAt: centralDirectory)
        guard blockStart == entriesEnd else {
            throw VerificationFailure("\(blockStart - entriesEnd) unexplained bytes at offset \(entriesEnd) before the signing block (a second signing block?)")
        }
        report.signed = true
        let developerPairs = pairs.filter { $0.id == SigningBlock.developerSignatureID }
        guard developerPairs.count == 1 else {
            throw VerificationFailure(developerPairs.isEmpty ? "the signing block has no developer signature (ID 0x01000101)" : "the signing block has \(developerPairs.count) developer signatures")
        }
        let signers = try SigningBlock.signers(in: developerPairs[0].value)
        guard !signers.isEmpty else { throw VerificationFailure("the developer signature has no signer") }
        let digest = PackageDigest.compute(
            entries: bytes[0..<blockStart], centralDirectory: bytes[centralDirectory..<end.offset],
            endRecord: Array(bytes[end.offset...]), blockStart: blockStart)
        for signer in signers {
            let known = signer.signatures.filter { [0x0201, 0x0103].contains($0.algorithm) }
            guard !known.isEmpty else { throw VerificationFailure("no signature uses an algorithm mactl knows (0x0201 or 0x0103)") }
            for signature in known {
                guard verify(signature.signature, algorithm: signature.algorithm, over: signer.signedData, publicKey: signer.publicKey) else {
                    throw VerificationFailure("the signature does not verify: the signed data or the public key was changed")
                }
                guard let signedDigest = signer.digests.first(where: { $0.algorithm == signature.algorithm })?.digest else {
                    throw VerificationFailure("the signed data has no digest for algorithm 0x\(String(signature.algorithm, radix: 16))")
                }
                guard signedDigest == digest else { throw VerificationFailure("digest mismatch: the archive changed after signing") }
                report.algorithm = signature.algorithm
            }
            guard let certificate = signer.certificates.first else { throw VerificationFailure("the signer carries no certificate") }
            guard SigningCertificate.publicKeyInfo(of: certificate) == signer.publicKey else {
                throw VerificationFailure("the certificate's public key is not the signer's key")
            }
            if let expectedPublicKey, expectedPublicKey != signer.publicKey {
                throw VerificationFailure("the package is signed by another key than the one expected")
            }
            report.certificateSubject = SigningCertificate.subject(of: certificate)
            report.certificateFingerprint = Hex.string(SHA256.hash(data: certificate))
            report.publicKeyDigest = Hex.string(SHA256.hash(data: signer.publicKey))
        }
    }

    static func verify(_ signature: [UInt8], algorithm: UInt32, over data: [UInt8], publicKey: [UInt8]) -> Bool {
        switch algorithm {
        case 0x0201:
            guard let key = try? P256.Signing.PublicKey(derRepresentation: publicKey),
                  let parsed = try? P256.Signing.ECDSASignature(derRepresentation: signature) else { return false }
            return key.isValidSignature(parsed, for: data)
        case 0x0103:
            guard let key = try? _RSA.Signing.PublicKey(derRepresentation: publicKey), key.keySizeInBits >= SigningKey.minimumRSABits else { return false }
            return key.isValidSignature(_RSA.Signing.RSASignature(rawRepresentation: signature), for: data, padding: .insecurePKCS1v1_5)
        default:
            return false
        }
    }

    /// Where the last entry's data ends, from the central directory and the local headers,
    /// every offset checked against the file.
    static func endOfEntries(_ bytes: [UInt8], centralDirectory: Int, endOfDirectory: Int) throws(VerificationFailure) -> Int {
        var cursor = centralDirectory
        var end = 0
        while cursor < endOfDirectory {
            guard cursor + 46 <= endOfDirectory, SigningBlock.readUInt32(bytes, cursor) == 0x0201_4B50 else {
                throw VerificationFailure("a broken central directory entry at offset \(cursor)")
            }
            let flags = Int(bytes[cursor + 8]) | Int(bytes[cursor + 9]) << 8
            let compressed = Int(SigningBlock.readUInt32(bytes, cursor + 20))
            let nameLength = Int(bytes[cursor + 28]) | Int(bytes[cursor + 29]) << 8
            let extraLength = Int(bytes[cursor + 30]) | Int(bytes[cursor + 31]) << 8
            let commentLength = Int(bytes[cursor + 32]) | Int(bytes[cursor + 33]) << 8
            let local = Int(SigningBlock.readUInt32(bytes, cursor + 42))
            guard local + 30 <= centralDirectory, SigningBlock.readUInt32(bytes, local) == 0x0403_4B50 else {
                throw VerificationFailure("the central directory entry at offset \(cursor) points at no local header (offset \(local))")
            }
            let localName = Int(bytes[local + 26]) | Int(bytes[local + 27]) << 8
            let localExtra = Int(bytes[local + 28]) | Int(bytes[local + 29]) << 8
            var dataEnd = local + 30 + localName + localExtra + compressed
            if flags & 0x08 != 0 {  // a data descriptor follows the data
                dataEnd += dataEnd + 4 <= centralDirectory && SigningBlock.readUInt32(bytes, dataEnd) == 0x0807_4B50 ? 16 : 12
            }
            guard dataEnd <= centralDirectory else {
                throw VerificationFailure("the entry at offset \(local) runs past the central directory")
            }
            end = max(end, dataEnd)
            cursor += 46 + nameLength + extraLength + commentLength
        }
        guard cursor == endOfDirectory else { throw VerificationFailure("the central directory entries do not fill the central directory") }
        return end
    }

    /// The archive's own rules: what libzip reads, names, methods, encryption, CRCs, sizes,
    /// `manifest.json` at the root; then the package's lint.
    private static func checkArchive(_ bytes: [UInt8], into report: inout Report) {
        let reader: ArchiveReader
        do throws(ArchiveError) {
            reader = try ArchiveReader(bytes: bytes)
        } catch {
            report.failures.append(error.message)
            return
        }
        report.entryCount = reader.entries.count
        var names: Set<String> = []
        var files: [SourceFile] = []
        var total = 0
        for entry in reader.entries {
            if let problem = PackageNames.problem(with: entry.name) { report.failures.append("entry '\(entry.name)' \(problem)") }
            if !names.insert(entry.name).inserted { report.failures.append("entry '\(entry.name)' is in the archive twice") }
            if entry.isEncrypted {
                report.failures.append("entry '\(entry.name)' is encrypted; MiniApp packages must not use ZIP encryption")
                continue
            }
            if entry.isSymbolicLink {
                report.failures.append("entry '\(entry.name)' is a symbolic link; a package holds regular files only, and an extractor that follows links can write outside its folder")
                continue
            } else if let type = entry.unixFileType {
                report.failures.append("entry '\(entry.name)' has Unix file type 0o\(String(type, radix: 8)); a package holds regular files only")
                continue
            }
            if entry.method != 0 && entry.method != 8 {
                report.failures.append("entry '\(entry.name)' uses compression method \(entry.method); only store (0) and deflate (8) are allowed")
                continue
            }
            // Checked on the sizes the central directory declares, before inflating anything;
            // the reader then stops at the declared size, so a lie cannot get past these.
            if entry.size > Limits.fileSize {
                report.failures.append("entry '\(entry.name)' declares \(entry.size) bytes, over the limit of \(Limits.fileSize) bytes for one file (a zip bomb?)")
                continue
            }
            if entry.size > Limits.compressionRatioFloor, entry.size / max(1, entry.compressedSize) > Limits.compressionRatio {
                report.failures.append("entry '\(entry.name)' inflates to \(entry.size) bytes from \(entry.compressedSize), a ratio over the limit of \(Limits.compressionRatio):1 (a zip bomb)")
                continue
            }
            total += entry.size
            guard total <= Limits.packageUncompressedSize else {
                report.failures.append("the package inflates to more than \(Limits.packageUncompressedSize) bytes, over the limit for a whole package (a zip bomb?)")
                break
            }
            do throws(ArchiveError) {
                let contents = try reader.read(entry, limit: Limits.fileSize)
                if NestedArchives.depth(of: contents) >= NestedArchives.refusedDepth {
                    report.failures.append("entry '\(entry.name)' is an archive that holds archives; a package may carry a ZIP file as data, but nested archives are how recursive zip bombs pass one-level checks")
                    continue
                }
                files.append(SourceFile(path: entry.name, bytes: contents))
            } catch {
                report.failures.append(error.message)
            }
        }
        if !names.contains(ProjectModel.manifestPath) { report.failures.append("the package has no 'manifest.json' at its root") }
        guard report.failures.isEmpty else { return }
        report.lint = Linter.lint(Project(files: files)).diagnostics
    }
}

/// Entry names a package must not have: paths that leave the folder they are extracted to.
enum PackageNames {
    static func problem(with name: String) -> String? {
        if name.isEmpty { return "has an empty name" }
        if name.hasPrefix("/") { return "is an absolute path" }
        if name.contains("\\") { return "contains a backslash" }
        if name.count >= 2, name.dropFirst().first == ":", name.first!.isLetter { return "starts with a drive letter" }
        if name.split(separator: "/", omittingEmptySubsequences: false).contains("..") { return "contains '..' and would leave the extraction folder" }
        if name.unicodeScalars.contains("\u{FFFD}") { return "is not valid UTF-8" }
        return nil
    }
}
