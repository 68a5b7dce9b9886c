import Foundation
import Testing
@testable import MiniAppKit

struct ArchiveTests {
    private func withFolder(_ body: (URL) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mactl-archive-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try body(folder)
    }

    private let text = Array(String(repeating: "compressible text ", count: 100).utf8)

    @Test func storesWhatDeflateCannotShrinkAndOrdersManifestFirst() throws {
        try withFolder { folder in
            var random = SystemRandomNumberGenerator()
            let noise = (0..<2000).map { _ in UInt8.random(in: 0...255, using: &random) }
            let entries = [
                ArchiveEntry(path: "z.txt", bytes: text, method: .deflate),
                ArchiveEntry(path: "noise.bin", bytes: noise, method: .deflate),
                ArchiveEntry(path: "empty.txt", bytes: [], method: .deflate),
                ArchiveEntry(path: "manifest.json", bytes: Array("{}".utf8), method: .deflate),
                ArchiveEntry(path: "a.png", bytes: noise, method: ArchiveEntry.defaultMethod(forPath: "a.png", bytes: noise)),
            ]
            let written = try ArchiveWriter.write(entries, to: folder.appendingPathComponent("a.ma"), timestamp: .fixed)
            #expect(written.map(\.path) == ["manifest.json", "a.png", "empty.txt", "noise.bin", "z.txt"])
            #expect(written.map(\.method) == [.store, .store, .store, .store, .deflate])
            #expect(written[4].compressedSize < text.count)
            let reader = try ArchiveReader(bytes: [UInt8](Data(contentsOf: folder.appendingPathComponent("a.ma"))))
            #expect(reader.entries.map(\.name) == written.map(\.path))
            #expect(try reader.read(reader.entries[4], limit: 1 << 20) == text)
            #expect(reader.entries.map(\.crc32) == written.map(\.crc32))
        }
    }

    /// A media file is stored unless a sample of it deflates by a tenth: compressed data does
    /// not, a PNG of stored deflate blocks (or text named `.png`) does, and is deflated.
    @Test func mediaIsStoredUnlessASampleShowsItCompressible() {
        var random = SystemRandomNumberGenerator()
        let noise = (0..<40_000).map { _ in UInt8.random(in: 0...255, using: &random) }
        let flat = [UInt8](repeating: 0x7F, count: 40_000)
        #expect(ArchiveEntry.defaultMethod(forPath: "photo.JPG", bytes: noise) == .store)
        #expect(ArchiveEntry.defaultMethod(forPath: "panel.png", bytes: flat) == .deflate)
        #expect(ArchiveEntry.defaultMethod(forPath: "a.png", bytes: text) == .deflate)
        #expect(ArchiveEntry.defaultMethod(forPath: "a.png", bytes: []) == .store)
        #expect(ArchiveEntry.defaultMethod(forPath: "data.bin", bytes: noise) == .deflate)
        // The sample is 4 KiB from the middle: a flat header before noise is not what counts.
        #expect(CompressionProbe.sample(of: Array(0..<100)) == Array(0..<100)[...])
        #expect(CompressionProbe.sample(of: noise) == noise[17_952..<22_048])
        #expect(!CompressionProbe.looksCompressible(Array(flat.prefix(8_000)) + Array(noise.prefix(20_000))))
        #expect(CompressionProbe.looksCompressible(Array(noise.prefix(8_000)) + flat))
        // A shrink of less than a tenth is not enough.
        let mostlyNoise = Array(noise.prefix(3_900)) + [UInt8](repeating: 0, count: 196)
        #expect(!CompressionProbe.looksCompressible(mostlyNoise))
        #expect(CompressionProbe.looksCompressible(Array(noise.prefix(3_000)) + [UInt8](repeating: 0, count: 1_096)))
    }

    @Test func theTimestampIsUTCAndFromSourceDateEpoch() throws {
        let stamp = try ArchiveTimestamp.fromEnvironment(["SOURCE_DATE_EPOCH": "1700000000"])  // 2023-11-14 22:13:20 UTC
        #expect(stamp.dosDate == UInt16((2023 - 1980) << 9 | 11 << 5 | 14))
        #expect(stamp.dosTime == UInt16(22 << 11 | 13 << 5 | 10))
        #expect(try ArchiveTimestamp.fromEnvironment([:]) == .fixed)
        #expect(throws: ArchiveError("SOURCE_DATE_EPOCH must be a number of seconds since 1970, found 'yesterday'")) {
            try ArchiveTimestamp.fromEnvironment(["SOURCE_DATE_EPOCH": "yesterday"])
        }
    }

    @Test func packagesOverTheLimitsAreRefusedBeforeWriting() {
        #expect(throws: ArchiveError("'big.mp4' is 4294967296 bytes, over the limit of 268435456 bytes for a package")) {
            try ArchiveWriter.checkLimits(sizes: [("big.mp4", 4_294_967_296)])
        }
        #expect(
            throws: ArchiveError(
                "a package holds at most 65535 files without ZIP64, which MiniApp packages must not use; this one has 65536")
        ) {
            try ArchiveWriter.checkLimits(sizes: Array(repeating: ("x", 1), count: 65_536))
        }
    }

    @Test func aFailedWriteLeavesTheOldPackageAndNoTemporaryFile() throws {
        try withFolder { folder in
            let destination = folder.appendingPathComponent("app.ma")
            try Data("old".utf8).write(to: destination)
            #expect(throws: ArchiveError("'a' is in the package twice")) {
                try ArchiveWriter.write(
                    [ArchiveEntry(path: "a", bytes: [1], method: .store), ArchiveEntry(path: "a", bytes: [2], method: .store)],
                    to: destination, timestamp: .fixed)
            }
            #expect(try String(contentsOf: destination, encoding: .utf8) == "old")
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["app.ma"])
        }
    }

    @Test func theReaderRefusesWhatIsNotAPackageAndCorruptData() throws {
        #expect(throws: ArchiveError.self) { try ArchiveReader(bytes: Array("not a zip at all".utf8)) }
        try withFolder { folder in
            let url = folder.appendingPathComponent("a.ma")
            try ArchiveWriter.write([ArchiveEntry(path: "manifest.json", bytes: text, method: .store)], to: url, timestamp: .fixed)
            var bytes = [UInt8](try Data(contentsOf: url))
            #expect(throws: ArchiveError.self) { try ArchiveReader(bytes: Array(bytes[0..<(bytes.count - 30)])) }
            var renamed = bytes
            renamed[40] ^= 0x01  // the local header's name no longer matches the central directory
            #expect(
                throws: ArchiveError(
                    "not a valid ZIP package: its headers are inconsistent (a local header that disagrees with the central directory, or a name flagged as UTF-8 that is not)"
                )
            ) { try ArchiveReader(bytes: renamed) }
            bytes[100] ^= 0xFF  // inside the stored data: the CRC no longer matches
            let reader = try ArchiveReader(bytes: bytes)
            #expect(throws: ArchiveError.self) { try reader.read(reader.entries[0], limit: 1 << 20) }
            #expect(throws: ArchiveError("'manifest.json' declares 1800 bytes, over the limit of 10")) {
                try reader.read(reader.entries[0], limit: 10)
            }
        }
    }

    @Test func compactJSONKeepsTheValue() throws {
        let source = "{\n  \"a\": [1, 2.50, -0, 1e3],\n  \"b\": \"é \\\"q\\\" \\u0001\",\n  \"c\": { \"d\": null, \"e\": true }\n}\n"
        let result = PackTransform.apply(to: SourceFile(path: "x.json", text: source))
        #expect(result.transform == "json-compact")
        #expect(
            String(decoding: result.bytes, as: UTF8.self)
                == "{\"a\":[1,2.50,-0,1e3],\"b\":\"é \\\"q\\\" \\u0001\",\"c\":{\"d\":null,\"e\":true}}")
        let original = JSONParser.parse(SourceFile(path: "x.json", text: source)).root.map(Self.value)
        let compacted = JSONParser.parse(SourceFile(path: "x.json", bytes: result.bytes)).root.map(Self.value)
        #expect(original == compacted)
        // A file with any JSON problem ships as written.
        let broken = "{ \"a\": 1, \"a\": 2 }"
        #expect(PackTransform.apply(to: SourceFile(path: "x.json", text: broken)).transform == nil)
    }

    /// A JSON value without source ranges, to compare two files' values.
    static func value(_ node: JSONNode) -> String {
        switch node.value {
        case .object(let members): "{" + members.map { "\($0.key)=\(value($0.value))" }.joined(separator: ",") + "}"
        case .array(let elements): "[" + elements.map(value).joined(separator: ",") + "]"
        case .string(let string): "s:" + string
        case .number(let text): "n:" + text
        case .bool(let bool): "b:\(bool)"
        case .null: "null"
        }
    }
}
