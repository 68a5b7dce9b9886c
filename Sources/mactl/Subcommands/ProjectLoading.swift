import Foundation
import MiniAppKit

/// Loading and linting a project the way `lint` and `pack` both do.
enum ProjectLoading {
    /// The project a command runs on: `path` when given; without one, the nearest folder from
    /// the current one upward that has a `manifest.json` (as git and cargo find their root),
    /// written relative to the current folder (`..`), or `.` when there is none.
    static func projectPath(_ path: String?, from current: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)) -> String {
        if let path { return path }
        var folder = current.standardizedFileURL
        var ups = 0
        while true {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent(ProjectModel.manifestPath).path) {
                return ups == 0 ? "." : Array(repeating: "..", count: ups).joined(separator: "/")
            }
            let parent = folder.deletingLastPathComponent().standardizedFileURL
            guard parent.path != folder.path else { return "." }
            folder = parent
            ups += 1
        }
    }

    /// The project folder as text, JSON, SARIF and GitHub output print it before each path, so
    /// a terminal or an editor opens the file from the current folder: `demo/` for `demo`,
    /// `./demo` or `/home/me/work/demo` run from /home/me/work; nothing for the current folder;
    /// `../` for the one above. A folder outside the current one given as an absolute path
    /// stays absolute, as the user wrote it.
    static func displayPrefix(
        for path: String, from current: String = FileManager.default.currentDirectoryPath
    ) -> String {
        let currentComponents = URL(fileURLWithPath: current).standardizedFileURL.pathComponents
        let target = URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: current, isDirectory: true)).standardizedFileURL
        let targetComponents = target.pathComponents
        var shared = 0
        while shared < min(currentComponents.count, targetComponents.count), currentComponents[shared] == targetComponents[shared] {
            shared += 1
        }
        let inside = shared == currentComponents.count
        if path.hasPrefix("/") && !inside { return target.path + "/" }
        let relative = Array(repeating: "..", count: currentComponents.count - shared) + targetComponents[shared...]
        return relative.isEmpty ? "" : relative.joined(separator: "/") + "/"
    }

    /// The project and its configuration, as every command that lints reads them.
    static func load(
        path: String, config: String?, runtime: RuntimeProfile? = nil, reusing previous: Project? = nil
    ) throws -> (project: Project, configuration: Configuration) {
        let root = URL(fileURLWithPath: path)
        let project: Project
        do {
            project = try ProjectLoader.load(root: root, reusing: previous)
        } catch {
            throw CommandFailure(message: error.description)
        }
        return (project, try configuration(root: root, config: config, runtime: runtime))
    }

    /// The configuration of the project at `root`: the file `config` names, else the nearest
    /// `.mactl.yml`, with `runtime` in place of the file's when given.
    static func configuration(root: URL, config: String?, runtime: RuntimeProfile?) throws -> Configuration {
        if let config, !FileManager.default.fileExists(atPath: config) {
            throw CommandFailure(message: "no such configuration file '\(config)'")
        }
        var configuration = ConfigurationLocator.load(forProjectAt: root, explicitPath: config.map { URL(fileURLWithPath: $0) })
        if let runtime { configuration.runtime = runtime }
        return configuration
    }

    static func lint(
        path: String, config: String?, runtime: RuntimeProfile? = nil, reusing previous: ProjectModel? = nil,
        pageFindings: PageFindingStore? = nil
    ) throws -> LintResult {
        let (project, configuration) = try load(path: path, config: config, runtime: runtime, reusing: previous?.project)
        return Linter.lint(project, configuration: configuration, reusing: previous, pageFindings: pageFindings)
    }

    /// What `lint` prints when the cache can tell from the files' `stat` alone that nothing
    /// changed since its entry (`LintCache.quickLookup`): only the files the diagnostics point
    /// into are read, for their lines. Nil when it cannot tell; then `cachedLintForPack`.
    static func quickCachedLint(path: String, config: String?, runtime: RuntimeProfile?, cache: LintCache) -> LintOutcome? {
        quickCachedEntry(path: path, config: config, runtime: runtime, cache: cache)?.outcome
    }

    /// The entry `quickCachedLint` prints, with the configuration it was found under and the
    /// files' SHA-256 as it recorded them.
    private static func quickCachedEntry(
        path: String, config: String?, runtime: RuntimeProfile?, cache: LintCache
    ) -> (entry: LintCache.Entry, digests: [String: String], configuration: Configuration, outcome: LintOutcome)? {
        let root = URL(fileURLWithPath: path)
        // A configuration that cannot be read is reported by the full lint, after the project.
        guard let configuration = try? configuration(root: root, config: config, runtime: runtime),
            let (entry, digests) = cache.quickLookup(projectAt: root, configuration: configuration, tool: MactlBuild.identity)
        else { return nil }
        var sourceFiles: [String: SourceFile] = [:]
        if let file = configuration.file { sourceFiles[file.path] = file }
        let paths = Set(
            entry.diagnostics.flatMap { diagnostic in [diagnostic.span?.path] + diagnostic.notes.map { $0.span?.path } }.compactMap { $0 })
        for path in paths where sourceFiles[path] == nil {
            guard let file = ProjectLoader.readFile(root: root, path: path) else { return nil }
            sourceFiles[path] = file
        }
        let outcome = LintOutcome(
            diagnostics: entry.diagnostics, sourceFiles: sourceFiles, fileCount: entry.fileCount, localeCoverage: entry.localeCoverage)
        return (entry, digests, configuration, outcome)
    }

    /// What `pack` packs when nothing changed since the lint cache's entry (`quickCachedEntry`)
    /// and the pack cache holds every file that ships as the entry recorded it: the package is
    /// then made from the pack cache alone, and the project's files are not read (but for the
    /// lines of the diagnostics). `pack` is nil when that cannot be; `packCacheRead` is the
    /// pack cache as read, when it was, for the pack to use either way.
    static func quickCachedPack(
        path: String, config: String?, runtime: RuntimeProfile?, cache: LintCache, packCache: PackCache, minify: Bool
    ) -> (pack: (lint: LintOutcome, input: PackInput)?, packCacheRead: PackCache.Lookup?) {
        guard let quick = quickCachedEntry(path: path, config: config, runtime: runtime, cache: cache) else { return (nil, nil) }
        let read = packCache.load(projectAt: URL(fileURLWithPath: path))
        let digests = quick.digests
        let cached = read.entries
        let complete = quick.entry.pack.bundle.shipped.allSatisfy { shipped in
            digests[shipped.path].map { digest in cached[shipped.path]?.matches(digest: digest, minify: minify) == true } ?? false
        }
        guard complete else { return (nil, read) }
        let files = quick.outcome.sourceFiles.values.filter { digests[$0.path] != nil }
        var input = PackInput(
            project: Project(files: Array(files)), configuration: quick.configuration, diagnostics: quick.entry.diagnostics,
            localeCoverage: quick.entry.localeCoverage, facts: quick.entry.pack)
        input.knownDigests = digests
        return ((quick.outcome, input), read)
    }

    /// What `lint` prints, from the cache when no input changed since the last lint of this
    /// project, else from a lint, stored for the next run (a cache file that cannot be read is
    /// a note on standard error, and the lint runs without it); with what `pack` packs: on a
    /// hit, the project's files and the facts the cache kept, and no model; else the lint's
    /// model. Without a cache (`--no-cache`), a lint.
    static func cachedLintForPack(
        path: String, config: String?, runtime: RuntimeProfile?, cache: LintCache?
    ) throws -> (outcome: LintOutcome, input: PackInput) {
        let (project, configuration) = try load(path: path, config: config, runtime: runtime)
        // The loader's clock, read before it read the files: the entry's racy margin counts from it.
        let readStartedAt = project.readStartedAt ?? FileSignature.now()
        let root = URL(fileURLWithPath: path)
        guard let cache else {
            let result = Linter.lint(project, configuration: configuration)
            return (LintOutcome(result), PackInput(lint: result))
        }
        let key = LintCache.key(project: project, configuration: configuration, tool: MactlBuild.identity)
        var sourceFiles = project.files
        if let file = configuration.file { sourceFiles[file.path] = file }
        var kept = LintCache.KeptWork()
        switch cache.lookup(key: key, projectAt: root) {
        case .hit(let entry):
            // An entry made while files were still changing, or before a file was touched
            // without a change, is written again, so the next run can take it without reading.
            if !entry.isQuick(for: project.signatures) {
                cache.store(
                    LintCache.Entry(
                        key: key, diagnostics: entry.diagnostics, localeCoverage: entry.localeCoverage, fileCount: entry.fileCount,
                        pack: entry.pack,
                        project: project, readStartedAt: readStartedAt),
                    kept: nil, projectAt: root)
            }
            let outcome = LintOutcome(
                diagnostics: entry.diagnostics, sourceFiles: sourceFiles, fileCount: entry.fileCount, localeCoverage: entry.localeCoverage)
            let input = PackInput(
                project: project, configuration: configuration, diagnostics: entry.diagnostics, localeCoverage: entry.localeCoverage,
                facts: entry.pack)
            return (outcome, input)
        case .unreadable(let reason):
            Terminal.standardError("note: \(reason)\n")
        case .miss(let earlier):
            kept = earlier
        }
        // The scripts that did not change are not run again (`ScriptRunStore`), nor the page
        // rules on pages that did not (`PageFindingStore`).
        let scriptRuns = ScriptRunStore(tool: MactlBuild.identity, kept: kept.scriptRuns)
        let pageFindings = PageFindingStore(tool: MactlBuild.identity, kept: kept.pageFindings)
        let result = Linter.lint(project, configuration: configuration, scriptRuns: scriptRuns, pageFindings: pageFindings)
        let outcome = LintOutcome(result)
        let input = PackInput(lint: result)
        cache.store(
            LintCache.Entry(
                key: key, diagnostics: outcome.diagnostics, localeCoverage: outcome.localeCoverage, fileCount: outcome.fileCount,
                pack: input.facts,
                project: project, readStartedAt: readStartedAt),
            kept: LintCache.KeptWork(scriptRuns: scriptRuns.usedRuns, pageFindings: pageFindings.usedFindings), projectAt: root)
        return (outcome, input)
    }
}

/// A lint's result as `lint` reports it: what a cache entry holds, with the files the
/// diagnostics point into.
struct LintOutcome {
    var diagnostics: [Diagnostic]
    var sourceFiles: [String: SourceFile]
    var fileCount: Int
    var localeCoverage: [LocaleCoverage]

    init(diagnostics: [Diagnostic], sourceFiles: [String: SourceFile], fileCount: Int, localeCoverage: [LocaleCoverage]) {
        self.diagnostics = diagnostics
        self.sourceFiles = sourceFiles
        self.fileCount = fileCount
        self.localeCoverage = localeCoverage
    }

    init(_ result: LintResult) {
        self.init(
            diagnostics: result.diagnostics, sourceFiles: result.sourceFiles, fileCount: result.model.project.files.count,
            localeCoverage: result.model.localeCoverage)
    }

    func fails(strict: Bool) -> Bool {
        diagnostics.contains { $0.severity == .error || (strict && $0.severity == .warning) }
    }

    func report(pathPrefix: String) -> DiagnosticReport {
        DiagnosticReport(
            diagnostics: diagnostics, sourceFiles: sourceFiles, fileCount: fileCount, pathPrefix: pathPrefix, localeCoverage: localeCoverage
        )
    }
}

/// This build of mactl, for the lint cache's key: its version, and the size and modification
/// time of its executable, so a rebuilt mactl (same version, other rules) misses the cache.
enum MactlBuild {
    static let identity: String = {
        var status = stat()
        let executable = FileManager.default.fileExists(atPath: "/proc/self/exe") ? "/proc/self/exe" : CommandLine.arguments[0]
        guard stat(executable, &status) == 0 else { return MactlVersion.current + " " + UUID().uuidString }
        #if os(Linux)
        let modified = status.st_mtim
        #else
        let modified = status.st_mtimespec
        #endif
        return "\(MactlVersion.current) \(status.st_size) \(modified.tv_sec).\(modified.tv_nsec) \(status.st_ino)"
    }()
}
