import Foundation
import Testing
@testable import MiniAppKit

/// The pack cache's file: what is stored reads back the same; a file cut short, with one byte
/// changed, of another build or not a cache at all is not used.
struct PackCacheTests {
    static let entries = [
        PackCache.Entry(
            sourceSHA256: String(repeating: "a", count: 64), minify: true, transform: "json-compact",
            compressed: CompressedEntry(
                ArchiveEntry(path: "manifest.json", bytes: Array(String(repeating: "{\"a\": 1}\n", count: 50).utf8), method: .deflate))),
        PackCache.Entry(
            sourceSHA256: String(repeating: "b", count: 64), minify: false, transform: nil,
            compressed: CompressedEntry(ArchiveEntry(path: "icons/a.png", bytes: [0x89, 0x50, 0x4E, 0x47, 0xFF], method: .store))),
    ]

    @Test func storedEntriesReadBackTheSame() throws {
        let bytes = PackCache.encode(Self.entries, tool: "0.1.0 build 1")
        let (tool, decoded) = try #require(PackCache.decode(bytes))
        #expect(tool == "0.1.0 build 1")
        #expect(decoded == Dictionary(uniqueKeysWithValues: Self.entries.map { ($0.path, $0) }))
        #expect(decoded["manifest.json"]?.compressed.method == .deflate)
        #expect(decoded["icons/a.png"]?.compressed.method == .store)
        #expect(decoded["manifest.json"]?.shippedBytes() == Array(String(repeating: "{\"a\": 1}\n", count: 50).utf8))
        // A CRC-32 above 2^31 is a number like any other.
        var highCRC = Self.entries[1]
        highCRC.compressed.crc32 = 0xFFFF_FFFF
        #expect(PackCache.decode(PackCache.encode([highCRC], tool: "t"))?.entries["icons/a.png"]?.compressed.crc32 == 0xFFFF_FFFF)
    }

    @Test func aDamagedFileIsNotUsed() {
        let bytes = PackCache.encode(Self.entries, tool: "t")
        #expect(PackCache.decode(Array(bytes.dropLast())) == nil)
        #expect(PackCache.decode(Array(bytes.prefix(bytes.count / 2))) == nil)
        for offset in [0, PackCache.magic.count + 3, bytes.count / 2, bytes.count - 1] {
            var flipped = bytes
            flipped[offset] ^= 0x01
            #expect(PackCache.decode(flipped) == nil, "a byte changed at \(offset)")
        }
        #expect(PackCache.decode([]) == nil)
        #expect(PackCache.decode(Array("{\"key\": \"x\"}".utf8)) == nil)
    }

    @Test func anotherBuildsEntriesAreNotUsed() {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pack-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let root = URL(fileURLWithPath: "/tmp/some-app")
        PackCache(folder: folder, tool: "0.1.0 build 1").store(Self.entries, projectAt: root)
        #expect(PackCache(folder: folder, tool: "0.1.0 build 1").load(projectAt: root).entries.count == 2)
        guard case .miss = PackCache(folder: folder, tool: "0.1.0 build 2").load(projectAt: root) else {
            Issue.record("another build's file should be a miss")
            return
        }
    }

    @Test func aMissingFileIsAMissAndAnUnreadableOneANote() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pack-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = PackCache(folder: folder, tool: "t")
        let root = URL(fileURLWithPath: "/tmp/some-app")
        guard case .miss = cache.load(projectAt: root) else { Issue.record("no file should be a miss"); return }
        cache.store(Self.entries, projectAt: root)
        #expect(cache.load(projectAt: root).entries.count == 2)
        try Data("broken".utf8).write(to: cache.file(forProjectAt: root))
        #expect(
            cache.load(projectAt: root).note
                == "the pack cache '\(cache.file(forProjectAt: root).path)' is not a cache mactl wrote; it is replaced")
    }
}
