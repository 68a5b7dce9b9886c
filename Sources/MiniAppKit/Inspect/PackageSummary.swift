import Foundation

/// What `mactl inspect` shows about a package: the manifest's identity, the files, the sizes,
/// the package's SHA-256 and its signer. It reads the same strict layout `verify` reads, so it
/// never shows files that another reader would not see.
public struct PackageSummary: Sendable {
    public struct File: Sendable, Hashable {
        public var name: String
        public var size: Int
        public var compressedSize: Int
        public var method: Int
        public var crc32: UInt32
    }

    /// What the signing block is, as far as it can be read.
    public enum Signature: Sendable, Equatable {
        case none
        /// A block is there but does not parse.
        case malformed(String)
        /// A block parses but its signature does not verify.
        case invalid(String, subject: String?, publicKeySHA256: String?)
        case valid(subject: String?, publicKeySHA256: String, algorithm: UInt32)
    }

    public var appID: String?
    public var name: String?
    public var version: String?
    public var versionCode: Int?
    public var pageCount: Int
    public var entries: [File]
    public var packageSize: Int
    public var packageSHA256: String
    public var signature: Signature

    public var signed: Bool { if case .valid = signature { true } else { false } }

    /// The most a manifest may be for inspection to read it.
    static let manifestLimit = 1024 * 1024

    public static func inspect(_ bytes: [UInt8]) throws(ArchiveError) -> PackageSummary {
        guard bytes.count <= Limits.packageSize else {
            throw ArchiveError("\(bytes.count) bytes, over the limit of \(Limits.packageSize) bytes for a package")
        }
        let layout: ZipLayout
        do throws(VerificationFailure) {
            layout = try ZipLayout.read(bytes)
        } catch {
            throw ArchiveError("not a package mactl can read: \(error.message) [\(error.id)]")
        }
        let signatureReport = PackageVerifier.signatureSummary(bytes)
        let signature: Signature =
            if !signatureReport.signingBlockPresent {
                .none
            } else if let failure = signatureReport.failures.first,
                failure.id == VerifyDiagnostic.signingBlock.id || signatureReport.publicKeyDigest == nil
            {
                .malformed(failure.message)
            } else if let failure = signatureReport.failures.first {
                .invalid(failure.message, subject: signatureReport.certificateSubject, publicKeySHA256: signatureReport.publicKeyDigest)
            } else {
                .valid(
                    subject: signatureReport.certificateSubject, publicKeySHA256: signatureReport.publicKeyDigest ?? "",
                    algorithm: signatureReport.algorithm ?? 0)
            }
        var summary = PackageSummary(
            pageCount: 0,
            entries: layout.entries.map {
                File(name: $0.name, size: $0.size, compressedSize: $0.compressedSize, method: Int($0.method), crc32: $0.crc32)
            },
            packageSize: bytes.count, packageSHA256: signatureReport.packageDigest ?? "", signature: signature)
        if let entry = layout.entries.first(where: { $0.name == ProjectModel.manifestPath }), entry.size <= manifestLimit,
            let manifestBytes = try? PackageEntries.data(bytes, entry)
        {
            let root = JSONParser.parse(SourceFile(path: entry.name, bytes: manifestBytes)).root
            summary.appID = root?["app_id"]?.stringValue
            summary.name = root?["name"]?.stringValue
            summary.version = root?["version"]?["name"]?.stringValue
            summary.versionCode = root?["version"]?["code"]?.integerValue
            summary.pageCount = root?["pages"]?.elements?.count ?? 0
        }
        return summary
    }

    public var uncompressedSize: Int { entries.reduce(0) { $0 + $1.size } }

    var signatureText: String {
        switch signature {
        case .none: "none"
        case .malformed(let reason): "RPK signing block present but malformed: \(reason)"
        case .invalid(let reason, let subject, let key):
            "RPK signing block, INVALID: \(reason) (signer \(subject ?? "(no subject)"), key sha256 \(key ?? "unknown"))"
        case .valid(let subject, let key, let algorithm):
            "RPK signing block, valid, algorithm 0x\(String(algorithm, radix: 16).leftPadded(to: 4)), signer \(subject ?? "(no subject)"), key sha256 \(key)"
        }
    }

    public func text() -> String {
        var lines = [
            "\(appID ?? "(no app_id)") \(version ?? "?") (code \(versionCode.map(String.init) ?? "?")): \(name ?? "(no name)")",
            "\(entries.count) \(entries.count == 1 ? "file" : "files"), \(pageCount) \(pageCount == 1 ? "page" : "pages"), package \(ByteSize.format(packageSize)) (files \(ByteSize.format(uncompressedSize)) before compression)",
            "sha256: \(packageSHA256)",
            "signature: \(signatureText)",
            "",
        ]
        let width = max(4, entries.map(\.name.count).max() ?? 0)
        lines.append("path".padding(toLength: width, withPad: " ", startingAt: 0) + "        size      stored  method")
        for entry in entries {
            let method = entry.method == 0 ? "store" : entry.method == 8 ? "deflate" : "method \(entry.method)"
            lines.append(
                entry.name.padding(toLength: width, withPad: " ", startingAt: 0)
                    + String(entry.size).leftPadded(to: 12, with: " ") + String(entry.compressedSize).leftPadded(to: 12, with: " ")
                    + "  " + method)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    public func json() -> String {
        let optionalString = { (value: String?) -> JSONOutput in value.map { .string($0) } ?? .null }
        let document = JSONOutput.object([
            ("app_id", optionalString(appID)),
            ("name", optionalString(name)),
            ("version", optionalString(version)),
            ("version_code", versionCode.map { .integer($0) } ?? .null),
            ("pages", .integer(pageCount)),
            ("size", .integer(packageSize)),
            ("uncompressed_size", .integer(uncompressedSize)),
            ("sha256", .string(packageSHA256)),
            ("signed", .bool(signed)),
            ("signature", signatureJSON),
            (
                "files",
                .array(
                    entries.map { entry in
                        .object([
                            ("path", .string(entry.name)), ("size", .integer(entry.size)), ("stored_size", .integer(entry.compressedSize)),
                            ("method", .string(entry.method == 0 ? "store" : entry.method == 8 ? "deflate" : "\(entry.method)")),
                            ("crc32", .string(String(entry.crc32, radix: 16).leftPadded(to: 8))),
                        ])
                    })
            ),
        ])
        return document.pretty() + "\n"
    }

    private var signatureJSON: JSONOutput {
        switch signature {
        case .none: .null
        case .malformed(let reason): .object([("state", .string("malformed")), ("reason", .string(reason))])
        case .invalid(let reason, let subject, let key):
            .object([
                ("state", .string("invalid")), ("reason", .string(reason)), ("subject", subject.map { .string($0) } ?? .null),
                ("public_key_sha256", key.map { .string($0) } ?? .null),
            ])
        case .valid(let subject, let key, let algorithm):
            .object([
                ("state", .string("valid")), ("subject", subject.map { .string($0) } ?? .null),
                ("public_key_sha256", .string(key)), ("algorithm", .integer(Int(algorithm))),
            ])
        }
    }
}
