import Foundation

/// One lint of one project as `lint` and `pack` run it, with the lint cache: the cache's entry
/// when no input changed since it was made, else a lint, stored for the next run. The CLI
/// picks the renderer and prints; this reads, decides and caches.
public struct LintSession: Sendable {
    public var source: ProjectSource
    /// The lint cache; nil without one (`--no-cache`): then every run lints.
    public var cache: LintCache?
    /// The mactl build (`MactlBuild.identity` in the CLI): a cache entry, a kept script run or
    /// page finding another build made is not used.
    public var tool: String
    /// The pack cache, read only if the budget rule needs it (`PackageOverBudget`): the files
    /// the last pack compressed are not deflated again to measure the package.
    public var packCache: PackCache.Lending?
    /// Where a lint's time goes (`lint --timings`); nil records nothing. A lint the cache
    /// answers whole runs no stage.
    public var timings: LintTimings?

    public init(source: ProjectSource, cache: LintCache?, tool: String, packCache: PackCache? = nil, timings: LintTimings? = nil) {
        self.source = source
        self.cache = cache
        self.tool = tool
        self.packCache = packCache.map { PackCache.Lending($0, projectAt: source.root) }
        self.timings = timings
    }

    /// What one run gives: what `lint` prints, what `pack` packs, and the notes for standard
    /// error (a cache file that could not be read, and was not used).
    public struct Result: Sendable {
        public var outcome: LintOutcome
        /// On a cache hit, the project's files and the facts the cache kept, and no model;
        /// else the lint's model.
        public var input: PackInput
        public var notes: [String]
    }

    /// A lint without the cache. `previous` and `pageFindings` spare the work a watcher's
    /// earlier lint did on the files that did not change.
    public func lint(
        reusing previous: ProjectModel? = nil, pageFindings: PageFindingStore? = nil
    ) throws(ProjectSource.Failure)
        -> LintResult
    {
        let (project, configuration) = try load(reusing: previous?.project)
        return Linter.lint(
            project, configuration: configuration, reusing: previous, pageFindings: pageFindings, packCache: packCache, timings: timings)
    }

    /// What `lint` prints when the cache can tell from the files' `stat` alone that nothing
    /// changed since its entry (`LintCache.quickLookup`): only the files the diagnostics point
    /// into are read, for their lines. Nil when it cannot tell; then `run`.
    public func quickOutcome() -> LintOutcome? {
        quickEntry()?.outcome
    }

    /// The entry `quickOutcome` gives, with the configuration it was found under and the
    /// files' SHA-256 as it recorded them.
    struct QuickEntry {
        var entry: LintCache.Entry
        var digests: [String: String]
        var configuration: Configuration
        var outcome: LintOutcome
    }

    func quickEntry() -> QuickEntry? {
        guard let cache else { return nil }
        let root = source.root
        // A configuration that cannot be read is reported by the full lint, after the project.
        guard let configuration = try? source.configuration(),
            let (entry, digests) = cache.quickLookup(projectAt: root, configuration: configuration, tool: tool)
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
        return QuickEntry(entry: entry, digests: digests, configuration: configuration, outcome: outcome)
    }

    /// The project read, then its lint: from the cache when no input changed since the last
    /// lint of this project, else a lint, stored for the next run (a cache file that cannot be
    /// read is a note, and the lint runs without it). Without a cache, a lint.
    public func run() throws(ProjectSource.Failure) -> Result {
        let (project, configuration) = try load()
        // The loader's clock, read before it read the files: the entry's racy margin counts from it.
        let readStartedAt = project.readStartedAt ?? FileSignature.now()
        let root = source.root
        guard let cache else {
            let result = Linter.lint(project, configuration: configuration, packCache: packCache, timings: timings)
            return Result(outcome: LintOutcome(result), input: PackInput(lint: result), notes: [])
        }
        let key = LintCache.key(project: project, configuration: configuration, tool: tool)
        var sourceFiles = project.files
        if let file = configuration.file { sourceFiles[file.path] = file }
        var kept = LintCache.KeptWork()
        var notes: [String] = []
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
            return Result(outcome: outcome, input: input, notes: [])
        case .unreadable(let reason):
            notes.append(reason)
        case .miss(let earlier):
            kept = earlier
        }
        // The scripts that did not change are not run again (`ScriptRunStore`), nor the page
        // rules on pages that did not (`PageFindingStore`).
        let scriptRuns = ScriptRunStore(tool: tool, kept: kept.scriptRuns)
        let pageFindings = PageFindingStore(tool: tool, kept: kept.pageFindings)
        let result = Linter.lint(
            project, configuration: configuration, scriptRuns: scriptRuns, pageFindings: pageFindings, packCache: packCache,
            timings: timings)
        let outcome = LintOutcome(result)
        let input = PackInput(lint: result)
        cache.store(
            LintCache.Entry(
                key: key, diagnostics: outcome.diagnostics, localeCoverage: outcome.localeCoverage, fileCount: outcome.fileCount,
                pack: input.facts,
                project: project, readStartedAt: readStartedAt),
            kept: LintCache.KeptWork(scriptRuns: scriptRuns.usedRuns, pageFindings: pageFindings.usedFindings), projectAt: root)
        return Result(outcome: outcome, input: input, notes: notes)
    }

    /// The project and its configuration, read as a timed stage.
    private func load(reusing previous: Project? = nil) throws(ProjectSource.Failure) -> (Project, Configuration) {
        guard let timings else { return try source.load(reusing: previous) }
        return try timings.stage(.read) { () throws(ProjectSource.Failure) in try source.load(reusing: previous) }
    }
}
