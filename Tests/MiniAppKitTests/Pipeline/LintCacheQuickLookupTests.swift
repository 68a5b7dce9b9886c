import Foundation
import Testing
@testable import MiniAppKit

/// The lint cache's quick lookup: an entry is taken from the files' `stat` alone only when
/// every file has the signature it had when hashed, no file was added or removed, none was
/// changed within the racy margin of the entry, and the key worked out from the stored
/// digests is the entry's (so the configuration and the build still decide).
struct LintCacheQuickLookupTests {
    static let old: Int64 = 1_700_000_000_000_000_000
    static let signatures = [
        "manifest.json": FileSignature(size: 3, modified: old, changed: old, inode: 11, device: 1),
        "pages/a b/a b.html": FileSignature(size: 9, modified: old, changed: old, inode: 12, device: 1),
    ]

    static func entry(readStartedAt: Int64 = old + 10_000_000_000) -> LintCache.Entry {
        var project = Project(contents: ["manifest.json": "{}\n", "pages/a b/a b.html": "<p>a</p>\n"])
        project.signatures = signatures
        return LintCache.Entry(
            key: "k", diagnostics: [], localeCoverage: [], fileCount: 2, pack: PackFacts(ProjectModel(project: project)), project: project,
            readStartedAt: readStartedAt)
    }

    @Test func unchangedSignaturesTakeTheEntry() throws {
        let entry = Self.entry()
        #expect(entry.isQuick(for: Self.signatures))
        // A path with spaces comes back whole, with its digest.
        let records = try #require(entry.quickRecords(for: Self.signatures))
        #expect(records.map(\.path) == ["manifest.json", "pages/a b/a b.html"])
        #expect(records[1].sha256 == SourceFile(path: "", text: "<p>a</p>\n").sha256)
    }

    @Test(arguments: ["size", "modified", "changed", "inode", "device", "added", "removed"])
    func anyChangeOfAnySignatureRefusesIt(change: String) {
        var signatures = Self.signatures
        var changed = signatures["manifest.json"]!
        switch change {
        case "size": changed.size += 1
        case "modified": changed.modified += 1
        case "changed": changed.changed += 1
        case "inode": changed.inode += 1
        case "device": changed.device += 1
        case "added": signatures["app.js"] = changed
        default: signatures["manifest.json"] = nil
        }
        if !["added", "removed"].contains(change) { signatures["manifest.json"] = changed }
        #expect(!Self.entry().isQuick(for: signatures))
    }

    /// A file changed less than two seconds before the lint read it may have changed again
    /// since with the same times (file systems with coarse times): it is read again.
    @Test func aFileChangedJustBeforeTheEntryIsNotTrusted() {
        #expect(!Self.entry(readStartedAt: Self.old + 1_999_999_999).isQuick(for: Self.signatures))
        #expect(Self.entry(readStartedAt: Self.old + 2_000_000_001).isQuick(for: Self.signatures))
    }

    /// A file whose times are not older than the entry file was changed after the entry was
    /// written: that is told from one `stat` of the entry file, before it is decoded.
    @Test func aFileChangedAfterTheEntryFileIsToldFromItsTimes() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mactl-quick-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent("lint-x.json")
        #expect(LintCache.changed(Self.signatures, after: url), "no entry file")
        try Data("{}".utf8).write(to: url)
        #expect(!LintCache.changed(Self.signatures, after: url))
        var touched = Self.signatures
        touched["manifest.json"]?.changed = FileSignature.now() + 1_000_000_000
        #expect(LintCache.changed(touched, after: url))
    }

    /// On disk: the loader's signatures are what a later scan finds, until a file is touched.
    @Test func theLoadersSignaturesAreTheScansUntilAFileIsWritten() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("mactl-quick-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("pages/a"), withIntermediateDirectories: true)
        try Data("{}\n".utf8).write(to: root.appendingPathComponent("manifest.json"))
        try Data("<p>a</p>\n".utf8).write(to: root.appendingPathComponent("pages/a/a.html"))
        let project = try ProjectLoader.load(root: root)
        #expect(ProjectLoader.scan(root: root) == project.signatures)
        #expect(project.signatures.keys.sorted() == ["manifest.json", "pages/a/a.html"])
        try Data("<p>b</p>\n".utf8).write(to: root.appendingPathComponent("pages/a/a.html"))
        #expect(ProjectLoader.scan(root: root)?["pages/a/a.html"] != project.signatures["pages/a/a.html"])
        // A hard link is only told by a read: the scan declines.
        try FileManager.default.linkItem(at: root.appendingPathComponent("manifest.json"), to: root.appendingPathComponent("copy.json"))
        #expect(ProjectLoader.scan(root: root) == nil)
    }

    /// `lint --watch`'s reload: a file whose `stat` is the one an earlier load read it with is
    /// lent by that load, not read (shown by lending bytes the file does not hold); a file
    /// written since, or one the earlier read could not trust, is read.
    @Test func aReloadLendsOnlyFilesWhoseStatIsUnchanged() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("mactl-reload-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try Data("<p>a</p>\n".utf8).write(to: root.appendingPathComponent("a.html"))
        try Data("<p>b</p>\n".utf8).write(to: root.appendingPathComponent("b.html"))
        let first = try ProjectLoader.load(root: root)
        #expect(first.readStartedAt != nil)
        func earlier(readStartedAt: Int64?) -> Project {
            var lending = Project(files: [first.file("a.html")!, SourceFile(path: "b.html", text: "LENT")])
            lending.signatures = first.signatures
            lending.readStartedAt = readStartedAt
            return lending
        }
        let trusted = earlier(readStartedAt: FileSignature.now() + 60_000_000_000)
        #expect(try ProjectLoader.load(root: root, reusing: trusted).file("b.html")?.text == "LENT")
        // Just written files are read: the earlier read began too soon after they changed.
        #expect(
            try ProjectLoader.load(root: root, reusing: earlier(readStartedAt: first.readStartedAt)).file("b.html")?.text == "<p>b</p>\n")
        try Data("<p>c</p>\n".utf8).write(to: root.appendingPathComponent("b.html"))
        let reloaded = try ProjectLoader.load(root: root, reusing: trusted)
        #expect(reloaded.file("b.html")?.text == "<p>c</p>\n")
        #expect(reloaded.file("a.html") == first.file("a.html"))
    }
}
