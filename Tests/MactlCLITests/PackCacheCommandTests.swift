import Foundation
import Testing
import MiniAppKit

/// `pack`'s caches as a user meets them: an unchanged project is packed from the lint cache
/// and the pack cache into the same bytes and report as a pack from scratch; a changed file
/// is transformed again and only it; a damaged pack cache is replaced with a note.
struct PackCacheCommandTests {
    struct App {
        var folder: URL
        var root: URL { folder.appendingPathComponent("app") }
        var cache: URL { folder.appendingPathComponent("cache") }

        /// Packs into `name`.ma and returns the package's bytes and its report without the
        /// timings (the one part of a report that differs between runs).
        func pack(_ name: String, _ arguments: [String] = []) async throws -> (result: CLIRunner.Result, package: Data, report: String) {
            let output = folder.appendingPathComponent("\(name).ma")
            let result = try await CLIRunner.run(
                ["pack", "app", "-o", output.path] + arguments, in: folder,
                environment: ["MACTL_CACHE_DIR": cache.path, "SOURCE_DATE_EPOCH": "1700000000"])
            #expect(result.status == 0, "\(result.standardError)")
            let report = try String(contentsOf: folder.appendingPathComponent("\(name).report.yaml"), encoding: .utf8)
            let untimed = report.components(separatedBy: "timings_ms:")[0].replacingOccurrences(of: name, with: "PACKAGE")
            return (result, try Data(contentsOf: output), untimed)
        }

        func packCacheFile() throws -> URL {
            let files = try FileManager.default.contentsOfDirectory(atPath: cache.path).filter { $0.hasPrefix("pack-") }
            #expect(files.count == 1)
            return cache.appendingPathComponent(try #require(files.first))
        }

        /// Renames every transform the pack cache holds to `cached <name>`, so a report that
        /// shows it took that file from the cache.
        func markCachedTransforms() throws {
            let url = try packCacheFile()
            let (tool, entries) = try #require(PackCache.decode([UInt8](Data(contentsOf: url))))
            let marked = entries.values.sorted { $0.path < $1.path }.map { entry in
                var marked = entry
                marked.transform = "cached \(entry.transform ?? "none")"
                return marked
            }
            try Data(PackCache.encode(marked, tool: tool)).write(to: url)
        }

        /// The lint cache's entry marked and dated ahead (`LintCacheTests.markCachedMessages`).
        func trustLintEntry() throws {
            let name = try #require(
                try FileManager.default.contentsOfDirectory(atPath: cache.path).first {
                    $0.hasPrefix("lint-") && !$0.hasSuffix(".kept.json")
                })
            try LintCacheTests.markCachedMessages(inEntryAt: cache.appendingPathComponent(name))
        }

        func edit(_ path: String, _ change: (String) -> String) throws {
            let url = root.appendingPathComponent(path)
            try Data(change(try String(contentsOf: url, encoding: .utf8)).utf8).write(to: url)
        }
    }

    static func withApp(_ body: (App) async throws -> Void) async throws {
        try await CLIRunner.withTemporaryFolder { folder in
            #expect(try await CLIRunner.run(["new", "app"], in: folder).status == 0)
            try await body(App(folder: folder))
        }
    }

    @Test func anUnchangedProjectIsPackedFromTheCachesIntoTheSameBytes() async throws {
        try await Self.withApp { app in
            let scratch = try await app.pack("scratch", ["--no-cache"])
            #expect(!FileManager.default.fileExists(atPath: app.cache.path), "--no-cache writes no cache")
            let filling = try await app.pack("filling")
            try app.markCachedTransforms()
            let warm = try await app.pack("warm")
            #expect(filling.package == scratch.package)
            #expect(warm.package == scratch.package)
            #expect(filling.report == scratch.report)
            // The warm report is the scratch one with every transform taken from the cache.
            #expect(warm.report.contains("transform: \"cached json-compact\""))
            #expect(warm.report.contains("transform: \"cached html-minify\""))
            #expect(!warm.report.contains("transform: \"json-compact\""))
            #expect(
                warm.report.replacingOccurrences(of: "cached ", with: "").replacingOccurrences(
                    of: "transform: \"none\"", with: "transform: null") == scratch.report)
            #expect(warm.result.standardOutput.replacingOccurrences(of: "warm", with: "scratch") == scratch.result.standardOutput)
        }
    }

    /// Nothing changed since the last pack, as the files' `stat` tells: the package is made
    /// from the two caches without reading the project (but for the lines of the diagnostics),
    /// into the same bytes and report. Without a pack cache entry for every file that ships,
    /// the pack reads the project, into the same bytes again.
    @Test func anUnchangedProjectIsPackedFromTheCachesAlone() async throws {
        try await Self.withApp { app in
            let scratch = try await app.pack("scratch", ["--no-cache"])
            _ = try await app.pack("filling")
            try app.trustLintEntry()
            try app.markCachedTransforms()
            let quick = try await app.pack("quick")
            #expect(quick.result.standardOutput.contains("note: FROM THE CACHE on Android, SkipMiniApp cannot decode SVG"))
            #expect(quick.package == scratch.package)
            #expect(
                quick.report.replacingOccurrences(of: "cached ", with: "").replacingOccurrences(
                    of: "transform: \"none\"", with: "transform: null") == scratch.report)
            // The pack cache gone: the files are read, and the lint is still the cache's.
            try FileManager.default.removeItem(at: try app.packCacheFile())
            let reread = try await app.pack("reread")
            #expect(reread.result.standardOutput.contains("FROM THE CACHE"))
            #expect(reread.package == scratch.package)
            #expect(reread.report == scratch.report)
        }
    }

    @Test func aChangedFileIsTransformedAgainAndOnlyIt() async throws {
        try await Self.withApp { app in
            _ = try await app.pack("first")
            try app.markCachedTransforms()
            try app.edit("pages/home/home.css") { $0 + "\n.added { color: red; }\n" }
            let warm = try await app.pack("warm")
            let scratch = try await app.pack("scratch", ["--no-cache"])
            #expect(warm.package == scratch.package)
            let lines = warm.report.components(separatedBy: "\n")
            let css = try #require(lines.firstIndex(of: "- path: \"pages/home/home.css\""))
            #expect(lines[css...].first { $0.contains("transform:") }?.trimmingCharacters(in: .whitespaces) == "transform: \"css-minify\"")
            #expect(warm.report.contains("transform: \"cached html-minify\""))
        }
    }

    @Test func minifiedAndUnminifiedEntriesAreKeptApart() async throws {
        try await Self.withApp { app in
            _ = try await app.pack("minified")
            let plain = try await app.pack("plain", ["--no-minify"])
            let scratch = try await app.pack("scratch", ["--no-minify", "--no-cache"])
            #expect(plain.package == scratch.package)
            #expect(plain.report == scratch.report.replacingOccurrences(of: "scratch", with: "plain"))
        }
    }

    @Test func aDamagedPackCacheIsReplacedWithANote() async throws {
        try await Self.withApp { app in
            let first = try await app.pack("first")
            let url = try app.packCacheFile()
            var bytes = try Data(contentsOf: url)
            bytes[bytes.count / 2] ^= 0x01
            try bytes.write(to: url)
            let damaged = try await app.pack("second")
            #expect(
                damaged.result.standardError.contains("note: the pack cache '\(url.path)' is not a cache mactl wrote; it is replaced\n"))
            #expect(damaged.package == first.package)
            #expect(try await app.pack("third").result.standardError.contains("pack cache") == false)
        }
    }
}
