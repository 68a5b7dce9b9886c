import Foundation

/// What `mactl inspect` shows about a package: the manifest's identity, the files, the sizes
/// and whether it carries a signing block.
public struct PackageSummary: Sendable {
    public var appID: String?
    public var name: String?
    public var version: String?
    public var versionCode: Int?
    public var pageCount: Int
    public var entries: [ArchiveReader.Entry]
    public var packageSize: Int
    public var signed: Bool

    /// The most a manifest may be for inspection to read it.
    static let manifestLimit = 1024 * 1024

    public static func inspect(_ bytes: [UInt8]) throws(ArchiveError) -> PackageSummary {
        let reader = try ArchiveReader(bytes: bytes)
        var summary = PackageSummary(
            pageCount: 0, entries: reader.entries, packageSize: bytes.count,
            signed: ZipEndRecord.find(in: bytes)?.hasSigningBlock(in: bytes) ?? false)
        if let entry = reader.entries.first(where: { $0.name == ProjectModel.manifestPath }) {
            let manifestBytes = try reader.read(entry, limit: manifestLimit)
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

    public func text() -> String {
        var lines = [
            "\(appID ?? "(no app_id)") \(version ?? "?") (code \(versionCode.map(String.init) ?? "?")): \(name ?? "(no name)")",
            "\(entries.count) files, \(pageCount) pages, \(ByteSize.format(packageSize)) (\(ByteSize.format(uncompressedSize)) uncompressed)",
            "signature: \(signed ? "RPK signing block present" : "none")",
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
            ("appId", optionalString(appID)),
            ("name", optionalString(name)),
            ("version", optionalString(version)),
            ("versionCode", versionCode.map { .integer($0) } ?? .null),
            ("pages", .integer(pageCount)),
            ("size", .integer(packageSize)),
            ("uncompressedSize", .integer(uncompressedSize)),
            ("signed", .bool(signed)),
            ("files", .array(entries.map { entry in
                .object([
                    ("path", .string(entry.name)), ("size", .integer(entry.size)), ("storedSize", .integer(entry.compressedSize)),
                    ("method", .string(entry.method == 0 ? "store" : entry.method == 8 ? "deflate" : "\(entry.method)")),
                    ("crc32", .string(String(entry.crc32, radix: 16).leftPadded(to: 8))),
                ])
            })),
        ])
        return document.pretty() + "\n"
    }
}
