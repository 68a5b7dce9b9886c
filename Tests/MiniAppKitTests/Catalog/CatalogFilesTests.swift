import Foundation
import Testing
@testable import MiniAppKit

/// The catalog's rules that need no package: which ids may name a folder, the rollout bucket
/// a host SDK must compute the same way (docs/catalog.md), and the byte ranges served.
struct CatalogFilesTests {
    @Test(arguments: [
        ("com.example.showcase", true), ("a", true), ("App_1-x", true),
        ("..", false), (".", false), (".hidden", false), ("../etc", false), ("a/b", false), ("", false),
        ("é.app", false), (String(repeating: "a", count: 129), false), ("-flag", false),
    ])
    func anAppIDIsOneSafeFolderName(id: String, safe: Bool) {
        #expect(CatalogFiles.isSafeAppID(id) == safe)
    }

    @Test func theRolloutBucketIsTheDocumentedHash() {
        // SHA-256("com.example.showcase/13/device-7"), first four bytes big-endian, modulo 100.
        #expect(CatalogFiles.rolloutBucket(app: "com.example.showcase", code: 13, device: "device-7") == 83)
        #expect(CatalogFiles.rolloutBucket(app: "com.example.showcase", code: 13, device: "device-1") == 42)
    }

    @Test func aDeviceIsOfferedTheNewestVersionItsBucketReaches() {
        func version(_ code: Int, rollout: Int, withdrawn: Bool = false) -> CatalogFiles.Version {
            CatalogFiles.Version(
                code: code, name: "\(code)", title: "Shop", channel: "stable", rollout: rollout, sha256: "", size: 0, signer: nil,
                published: "", withdrawn: withdrawn, permissions: [], manifest: "", icon: nil, package: "")
        }
        let list = CatalogFiles.VersionList(
            format: 1, app: "com.example.showcase",
            versions: [version(12, rollout: 100), version(13, rollout: 50), version(14, rollout: 100, withdrawn: true)])
        // device-1 is in bucket 42 of version 13, under 50; device-7 in bucket 83, over it.
        #expect(CatalogFiles.offered(list, channel: "stable", device: "device-1")?.code == 13)
        #expect(CatalogFiles.offered(list, channel: "stable", device: "device-7")?.code == 12)
        #expect(CatalogFiles.offered(list, channel: "stable", device: nil)?.code == 12)
        #expect(CatalogFiles.offered(list, channel: "beta", device: "device-7") == nil)
        #expect(CatalogFiles.index(from: [list]).apps[0].channels["stable"]?.code == 13)
    }

    @Test func byteRangesAreReadAsNginxReadsThem() {
        #expect(ByteRange.parse("bytes=0-99", size: 1000) == .satisfiable(0..<100))
        #expect(ByteRange.parse("bytes=900-", size: 1000) == .satisfiable(900..<1000))
        #expect(ByteRange.parse("bytes=-100", size: 1000) == .satisfiable(900..<1000))
        #expect(ByteRange.parse("bytes=990-2000", size: 1000) == .satisfiable(990..<1000))
        #expect(ByteRange.parse("bytes=1000-", size: 1000) == .unsatisfiable)
        #expect(ByteRange.parse("bytes=abc", size: 1000) == .unsatisfiable)
        #expect(ByteRange.parse("bytes=5-2", size: 1000) == .unsatisfiable)
        #expect(ByteRange.parse("bytes=", size: 1000) == .ignored)
        #expect(ByteRange.parse("items=0-1", size: 1000) == .ignored)
        #expect(ByteRange.parse("bytes=0-1,5-6", size: 1000) == .ignored)
    }
}
