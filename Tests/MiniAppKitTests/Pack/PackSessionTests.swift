import Crypto
import Foundation
import Testing
@testable import MiniAppKit

/// `PackSession` in process, on a project `mactl new` makes. The three inputs a pack packs
/// from (a lint just run, with its model; the lint cache's entry, the files read but no model;
/// the caches alone, nothing read but the files the diagnostics point into) make the same
/// package byte for byte, the same report but for its timings, and the same diagnostics.
struct PackSessionTests {
    static let tool = "mactl test build"

    /// One pack: the input it packed from, what it wrote and what the lint found.
    struct Packed {
        var origin: PackSession.LintOrigin
        var package: [UInt8]
        /// The report without its timings, the one part that differs between runs.
        var report: String
        var diagnostics: [Diagnostic]
        var outcome: Packer.Outcome
    }

    struct App {
        var folder: URL
        var root: URL { folder.appendingPathComponent("app") }
        var caches: URL { folder.appendingPathComponent("cache") }
        var output: URL { folder.appendingPathComponent("app.ma") }

        func session(cached: Bool) -> PackSession {
            PackSession(
                lint: LintSession(
                    source: ProjectSource(path: root.path), cache: cached ? LintCache(folder: caches) : nil, tool: PackSessionTests.tool),
                packCache: cached ? PackCache(folder: caches, tool: PackSessionTests.tool) : nil, minify: true)
        }

        func pack(cached: Bool) throws -> Packed {
            let session = session(cached: cached)
            var linted = try session.lintForPack()
            #expect(linted.notes.isEmpty)
            let outcome = try session.pack(&linted, options: Packer.Options(output: output, timestamp: .fixed), timings: [])
            let report = try String(contentsOf: outcome.reportURL, encoding: .utf8)
            return Packed(
                origin: linted.origin, package: [UInt8](try Data(contentsOf: output)),
                report: report.components(separatedBy: "timings_ms:")[0],
                diagnostics: linted.outcome.diagnostics, outcome: outcome)
        }

        /// Dates the lint cache's entry a minute ahead, so the next run may take it from the
        /// files' `stat` alone instead of waiting out its racy margin.
        func trustLintEntry() throws {
            let url = LintCache(folder: caches).file(forProjectAt: root)
            var entry = try JSONDecoder().decode(LintCache.Entry.self, from: Data(contentsOf: url))
            entry.readStartedAt = FileSignature.now() + 60_000_000_000
            try JSONEncoder().encode(entry).write(to: url)
        }
    }

    static func withApp(_ body: (App) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mactl-pack-session-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let app = App(folder: folder)
        try Scaffolder.create(at: app.root, options: .init(template: "tabs", appID: "org.example.demo", name: "Demo"))
        try body(app)
    }

    @Test func theThreeInputsMakeTheSamePackage() throws {
        try Self.withApp { app in
            let uncached = try app.pack(cached: false)
            #expect(uncached.origin == .linted)
            #expect(!FileManager.default.fileExists(atPath: app.caches.path), "a session without caches writes none")

            let filling = try app.pack(cached: true)
            #expect(filling.origin == .linted)

            // A file touched but not changed: its `stat` differs, so the files are read, and
            // their lint is the cache's.
            let manifest = app.root.appendingPathComponent("manifest.json")
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: manifest.path)
            let hit = try app.pack(cached: true)
            #expect(hit.origin == .lintCacheHit)

            try app.trustLintEntry()
            let quick = try app.pack(cached: true)
            #expect(quick.origin == .unchangedSinceLastPack)

            for packed in [filling, hit, quick] {
                #expect(packed.package == uncached.package, "\(packed.origin)")
                #expect(packed.report == uncached.report, "\(packed.origin)")
                #expect(packed.diagnostics == uncached.diagnostics, "\(packed.origin)")
                #expect(packed.outcome.packageDigest == uncached.outcome.packageDigest, "\(packed.origin)")
            }
            #expect(uncached.outcome.packageDigest == Hex.string(SHA256.hash(data: uncached.package)))
            #expect(uncached.outcome.packageSize == uncached.package.count)
            #expect(!uncached.outcome.refused)
            #expect(uncached.outcome.diagnostics.isEmpty)
            #expect(uncached.outcome.reportURL == app.folder.appendingPathComponent("app.report.yaml"))
            #expect(uncached.report.hasPrefix("mactl: \"\(MactlVersion.current)\"\napp:\n  id: \"org.example.demo\"\n  name: \"Demo\"\n"))
            #expect(uncached.report.contains("  file: \"app.ma\"\n  size: \(uncached.package.count)\n"))
            #expect(
                uncached.diagnostics.map { "\($0.id) \($0.severity) \($0.span?.path ?? "") \($0.message)" } == [
                    "icon-tab-svg-on-android note manifest.json on Android, SkipMiniApp cannot decode SVG: the 3 SVG tab icons show a question-mark placeholder"
                ])
        }
    }

    /// A plan writes nothing; its commit writes exactly the planned bytes and report.
    @Test func aPlanWritesNothingAndItsCommitWritesIt() throws {
        try Self.withApp { app in
            let session = app.session(cached: false)
            var linted = try session.lintForPack()
            let plan = try Packer.plan(
                root: app.root, input: &linted.input, options: Packer.Options(output: app.output, timestamp: .fixed), cached: .miss,
                keepsDigests: false, budgets: { _, _ in [] }, timings: [])
            #expect(try FileManager.default.contentsOfDirectory(atPath: app.folder.path) == ["app"])
            #expect(plan.packageDigest == Hex.string(SHA256.hash(data: plan.packageBytes)))
            // `manifest.json` first, then the rest in byte order, as the archive writes them.
            #expect(plan.entries.map(\.path) == ["manifest.json"] + plan.shipped.map(\.path).filter { $0 != "manifest.json" })
            #expect(plan.shipped.map(\.path) == plan.shipped.map(\.path).sorted())
            let outcome = try Packer.commit(plan, cache: nil, root: app.root)
            #expect([UInt8](try Data(contentsOf: app.output)) == plan.packageBytes)
            #expect(try String(contentsOf: outcome.reportURL, encoding: .utf8) == plan.report)
            #expect(outcome.packageDigest == plan.packageDigest)
        }
    }

    /// The budgets are the caller's: one that finds an error refuses the package, and nothing
    /// is written; the findings come back as given.
    @Test func aBudgetErrorRefusesThePackageAndWritesNothing() throws {
        try Self.withApp { app in
            let session = app.session(cached: false)
            var linted = try session.lintForPack()
            // The finding says what it was measured on, to show the budget saw the package.
            let outcome = try Packer.pack(
                root: app.root, input: &linted.input, options: Packer.Options(output: app.output, timestamp: .fixed), cached: .miss,
                cache: nil,
                budgets: { size, entries in
                    [
                        Diagnostic(
                            id: "package-over-budget", severity: .error, message: "\(size) \(entries.count)", span: .file("manifest.json"))
                    ]
                }, timings: [])
            #expect(outcome.refused)
            #expect(outcome.diagnostics.map(\.message) == ["\(outcome.packageSize) \(outcome.entries.count)"])
            #expect(outcome.packageSize > 0 && !outcome.entries.isEmpty)
            #expect(try FileManager.default.contentsOfDirectory(atPath: app.folder.path) == ["app"])
        }
    }
}
