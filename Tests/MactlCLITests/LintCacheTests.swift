import Foundation
import Testing
import MiniAppKit

/// `lint`'s cache as a user meets it: an unchanged project is read from the cache, any change
/// of any input lints from scratch, a broken cache file is replaced with a note, and runs at
/// the same time agree.
struct LintCacheTests {
    /// A tabs app in its own cache folder, with a helper to run `mactl lint` on it.
    struct App {
        var folder: URL
        var root: URL { folder.appendingPathComponent("app") }
        var cache: URL { folder.appendingPathComponent("cache") }

        func lint(_ arguments: [String] = []) async throws -> CLIRunner.Result {
            try await CLIRunner.run(["lint", "app"] + arguments, in: folder, environment: ["MACTL_CACHE_DIR": cache.path])
        }

        func cacheFile() throws -> URL {
            let files = try FileManager.default.contentsOfDirectory(atPath: cache.path).filter {
                $0.hasPrefix("lint-") && !$0.hasSuffix(".kept.json")
            }
            #expect(files.count == 1)
            return cache.appendingPathComponent(try #require(files.first))
        }

        /// The work the last lint kept for the next one, in its own file beside the entry.
        func keptFile() throws -> URL {
            try cacheFile().deletingPathExtension().appendingPathExtension("kept.json")
        }

        func markCachedMessages() throws {
            try LintCacheTests.markCachedMessages(inEntryAt: try cacheFile())
        }

        func edit(_ path: String, _ change: (String) -> String) throws {
            let url = root.appendingPathComponent(path)
            try Data(change(try String(contentsOf: url, encoding: .utf8)).utf8).write(to: url)
        }
    }

    /// Rewrites the stored diagnostics' messages, so a run that prints them read the cache,
    /// and dates the entry a minute ahead, so the next run may take it from the files'
    /// `stat` alone (`LintCache.quickLookup`) instead of waiting out its racy margin.
    static func markCachedMessages(inEntryAt url: URL) throws {
        var entry = try JSONDecoder().decode(LintCache.Entry.self, from: Data(contentsOf: url))
        entry.readStartedAt = FileSignature.now() + 60_000_000_000
        entry.diagnostics = entry.diagnostics.map { diagnostic in
            var marked = diagnostic
            marked.message = "FROM THE CACHE " + diagnostic.message
            return marked
        }
        try JSONEncoder().encode(entry).write(to: url)
    }

    static func withApp(_ body: (App) async throws -> Void) async throws {
        try await CLIRunner.withTemporaryFolder { folder in
            #expect(try await CLIRunner.run(["new", "app"], in: folder).status == 0)
            try await body(App(folder: folder))
        }
    }

    /// `--timings` lints from scratch even when the cache could answer, prints the same
    /// diagnostics, and names every stage in the pipeline's order, then the slowest rules.
    @Test func timingsNameEveryStageOfALintFromScratch() async throws {
        try await Self.withApp { app in
            let cold = try await app.lint()
            try app.markCachedMessages()
            let timed = try await app.lint(["--timings"])
            #expect(timed.status == 0)
            #expect(timed.standardOutput == cold.standardOutput, "the cache's marked entry was not used")
            let lines = timed.standardError.split(separator: "\n").map(String.init)
            let stages = lines.prefix(8).map { line in
                line.trimmingCharacters(in: .whitespaces).replacing(/\s+[0-9]+\.[0-9] ms$/, with: "")
            }
            #expect(
                stages == [
                    "timings of the lint of 'app' (wall-clock time of each stage):",
                    "read the project's files", "parse the manifest and locale files", "parse the templates and run the page scripts",
                    "collect translation uses, assets and the bundle", "parse and render the icons",
                    "smoke run, on one core from the pages on", "rules",
                ])
            #expect(lines.count == 8 + 1 + LintTimings.rulesListed)
            #expect(lines[8] == "slowest rules (time summed over the cores that ran them):")
            let ruleIDs = Set(RuleRegistry.all.map { $0.description.id })
            #expect(lines[9...].allSatisfy { ruleIDs.contains(String($0.trimmingCharacters(in: .whitespaces).prefix { $0 != " " })) })
            let refused = try await app.lint(["--timings", "--watch"])
            #expect(refused.status == 2)
            #expect(refused.standardError.hasPrefix("Error: --timings times one lint; it does not combine with --watch\n"))
        }
    }

    @Test func anUnchangedProjectIsReadFromTheCache() async throws {
        try await Self.withApp { app in
            let cold = try await app.lint()
            #expect(cold.status == 0)
            #expect(try await app.lint().standardOutput == cold.standardOutput)
            try app.markCachedMessages()
            let warm = try await app.lint()
            #expect(warm.standardOutput.contains("note: FROM THE CACHE on Android, SkipMiniApp cannot decode SVG"))
            // Read without the project's files but those the diagnostics point into, the
            // report shows the same source lines.
            #expect(warm.standardOutput.replacingOccurrences(of: "FROM THE CACHE ", with: "") == cold.standardOutput)
            #expect(cold.standardOutput.contains("|"))
            // --no-cache neither reads nor writes it.
            #expect(try await app.lint(["--no-cache"]).standardOutput == cold.standardOutput)
            #expect(try await app.lint().standardOutput == warm.standardOutput)
        }
    }

    /// One change of each kind of input: after it, lint prints what a lint from scratch
    /// prints, never the cached result (whose messages were marked).
    @Test(arguments: [
        "template", "template, same size", "script", "locale", "manifest", "icon", "configuration", "runtime", "new file", "removed file",
        "configuration above",
    ])
    func eachKindOfInputInvalidatesTheCache(kind: String) async throws {
        try await Self.withApp { app in
            _ = try await app.lint()
            try app.markCachedMessages()
            var arguments: [String] = []
            switch kind {
            case "template":
                try app.edit("pages/home/home.html") { $0.replacingOccurrences(of: "onTapIncrement()", with: "onTapIncrment()") }
            // The same size: only the file's times tell the change from its stat.
            case "template, same size":
                try app.edit("pages/home/home.html") { $0.replacingOccurrences(of: "onTapIncrement()", with: "onTapIncremenX()") }
            case "script": try app.edit("pages/home/home.js") { $0.replacingOccurrences(of: "onTapIncrement(", with: "onTapIncrease(") }
            case "locale": try app.edit("i18n/fr.json") { $0.replacingOccurrences(of: "\"home.increment\"", with: "\"home.incremented\"") }
            case "manifest":
                try app.edit("manifest.json") {
                    $0.replacingOccurrences(of: "\"navigation_bar_text_style\": \"black\"", with: "\"navigation_bar_text_style\": \"grey\"")
                }
            case "icon":
                try app.edit("icons/home.svg") { $0.replacingOccurrences(of: "viewBox=\"0 0 24 24\"", with: "viewBox=\"0,0,24,24\"") }
            case "configuration":
                try Data("rules:\n  icon-tab-svg-on-android: warning\n".utf8).write(to: app.root.appendingPathComponent(".mactl.yml"))
            case "runtime": arguments = ["--runtime", "w3c"]
            case "new file": try Data("console.log('x');\n".utf8).write(to: app.root.appendingPathComponent("pages/home/extra.js"))
            case "removed file": try FileManager.default.removeItem(at: app.root.appendingPathComponent("pages/explore/explore.css"))
            default: try Data("rules:\n  icon-tab-svg-on-android: off\n".utf8).write(to: app.folder.appendingPathComponent(".mactl.yml"))
            }
            let warm = try await app.lint(arguments)
            let cold = try await app.lint(arguments + ["--no-cache"])
            #expect(warm.standardOutput == cold.standardOutput, "\(kind)")
            // The scripts' runs are kept for the next change (app.js and the three pages'), and
            // the page rules' findings on the four pages.
            let kept = try JSONDecoder().decode(LintCache.KeptWork.self, from: Data(contentsOf: app.keptFile()))
            #expect(kept.scriptRuns.count >= 4, "\(kind)")
            #expect(kept.pageFindings.pages.count == 4, "\(kind)")
            #expect(warm.status == cold.status)
            #expect(!warm.standardOutput.contains("FROM THE CACHE"), "\(kind)")
        }
    }

    /// After one template changes, the page rules run on its page alone: the other pages'
    /// findings are the entry's (their messages marked there), the changed page's are new, and
    /// the rules that read the whole project run again. A change of the manifest runs the page
    /// rules on every page.
    @Test func aChangedTemplateRunsThePageRulesOnItsPageAlone() async throws {
        try await Self.withApp { app in
            try app.edit("pages/home/home.html") { $0.replacingOccurrences(of: "onTapIncrement()", with: "onTapIncrment()") }
            try app.edit("pages/explore/explore.html") { $0.replacingOccurrences(of: "onTapOpenDetail()", with: "onTapOpenDetial()") }
            let first = try await app.lint()
            #expect(first.standardOutput.contains("unknown handler 'onTapIncrment'"))
            #expect(first.standardOutput.contains("unknown handler 'onTapOpenDetial'"))
            let url = try app.keptFile()
            var kept = try JSONDecoder().decode(LintCache.KeptWork.self, from: Data(contentsOf: url))
            #expect(kept.pageFindings.pages.count == 4)
            kept.pageFindings.pages = kept.pageFindings.pages.mapValues { byRule in
                byRule.mapValues { findings in
                    findings.map { finding in
                        var marked = finding
                        marked.message = "KEPT " + finding.message
                        return marked
                    }
                }
            }
            try JSONEncoder().encode(kept).write(to: url)

            try app.edit("pages/home/home.html") { $0.replacingOccurrences(of: "onTapIncrment()", with: "onTapIncremnt()") }
            let afterTemplate = try await app.lint().standardOutput
            #expect(afterTemplate.contains("error: KEPT unknown handler 'onTapOpenDetial'"))
            #expect(afterTemplate.contains("error: unknown handler 'onTapIncremnt'"))
            #expect(!afterTemplate.contains("onTapIncrment"))
            #expect(afterTemplate.replacingOccurrences(of: "KEPT ", with: "") == (try await app.lint(["--no-cache"]).standardOutput))

            try app.edit("manifest.json") {
                $0.replacingOccurrences(of: "\"navigation_bar_text_style\": \"black\"", with: "\"navigation_bar_text_style\": \"white\"")
            }
            let afterManifest = try await app.lint().standardOutput
            #expect(!afterManifest.contains("KEPT"))
            #expect(afterManifest == (try await app.lint(["--no-cache"]).standardOutput))
        }
    }

    @Test func aBrokenCacheFileIsReplacedWithANote() async throws {
        try await Self.withApp { app in
            let cold = try await app.lint()
            let file = try app.cacheFile()
            try Data("{\"key\": 12".utf8).write(to: file)
            let broken = try await app.lint()
            #expect(broken.standardOutput == cold.standardOutput)
            #expect(broken.standardError == "note: the lint cache '\(file.path)' is not a cache mactl wrote; it is replaced\n")
            #expect(try JSONDecoder().decode(LintCache.Entry.self, from: Data(contentsOf: file)).fileCount == 23)
            #expect(try await app.lint().standardError == "")
        }
    }

    /// Four lints of one project at once: each prints the same, and the cache they leave is
    /// whole (each entry is renamed into place).
    @Test func runsAtTheSameTimeAgree() async throws {
        try await Self.withApp { app in
            let expected = try await app.lint(["--no-cache"]).standardOutput
            let outputs = try await withThrowingTaskGroup(of: String.self) { group in
                for _ in 0..<4 { group.addTask { try await app.lint().standardOutput } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(outputs == Array(repeating: expected, count: 4))
            #expect(try JSONDecoder().decode(LintCache.Entry.self, from: Data(contentsOf: app.cacheFile())).fileCount == 23)
            #expect(try await app.lint().standardOutput == expected)
        }
    }
}
