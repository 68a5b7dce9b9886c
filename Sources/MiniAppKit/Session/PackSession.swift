import Foundation

/// One `mactl pack` of one project: the lint the package is made from (from the caches when
/// nothing changed since the last pack, else a `LintSession`), the screenshots when asked for,
/// then the package planned and committed with the pack cache. The CLI renders the lint, reads
/// the key and the clock, and prints what was packed.
public struct PackSession: Sendable {
    public var lint: LintSession
    /// The pack cache; nil without one (`--no-cache`).
    public var packCache: PackCache?
    /// The safe size-reducing transforms (`--no-minify` turns them off).
    public var minify: Bool

    public init(lint: LintSession, packCache: PackCache?, minify: Bool) {
        self.lint = lint
        self.packCache = packCache
        self.minify = minify
        // The lint's budget rule and the pack read the one cache file once between them.
        if self.lint.packCache == nil, let packCache {
            self.lint.packCache = PackCache.Lending(packCache, projectAt: lint.source.root)
        }
    }

    /// The lint a package is made from, and how it was come by.
    public struct Linted: Sendable {
        /// What the lint found, but its estimate of the package's budget (`pack` measures the
        /// package it writes and reports that instead).
        public var outcome: LintOutcome
        public var input: PackInput
        /// Notes for standard error: a lint cache file that could not be read.
        public var notes: [String]
        /// How the lint was come by.
        public var origin: LintOrigin
        /// The pack cache as read while deciding, for the pack to use either way.
        var packCacheRead: PackCache.Lookup?
    }

    /// Where the lint a pack packs from came from: the three shapes of its input.
    public enum LintOrigin: Sendable, Equatable {
        /// Nothing changed since the last lint and pack (`stat` alone tells): the pack cache
        /// holds every file that ships, and the project's files are not read (but for the
        /// lines of the diagnostics). No model.
        case unchangedSinceLastPack
        /// The files were read and the lint cache had their lint: the facts it kept, no model.
        case lintCacheHit
        /// A lint ran: its model, whose parses the bundle reuses.
        case linted
    }

    /// The lint the package is made from: from the caches alone when nothing changed since
    /// the last pack, else `LintSession.run` (the lint cache's entry, or a lint).
    public func lintForPack() throws(ProjectSource.Failure) -> Linted {
        var linted: Linted
        let quick = quickInput()
        if let found = quick?.input {
            linted = Linted(
                outcome: found.outcome, input: found.input, notes: [], origin: .unchangedSinceLastPack, packCacheRead: quick?.packCacheRead)
        } else {
            let run = try lint.run()
            linted = Linted(
                outcome: run.outcome, input: run.input, notes: run.notes, origin: run.input.model == nil ? .lintCacheHit : .linted,
                packCacheRead: quick?.packCacheRead)
        }
        // Lint's budget finding is an estimate made without the signature; pack measures the
        // package it writes and reports that instead.
        linted.outcome.diagnostics.removeAll { $0.id == PackageOverBudget.description.id }
        linted.input.diagnostics = linted.outcome.diagnostics
        return linted
    }

    /// The pictures `--screenshots` asks for, taken into a folder of their own (the queries
    /// from the configuration the lint read: `.mactl.yml` is not read twice). `pack` moves the
    /// folder beside the report once the package is written, so a failed pack leaves no
    /// pictures of it.
    public func takeScreenshots(
        for linted: Linted, alpine: [UInt8], chromium: String, pathPrefix: String,
        progress: (@Sendable (PageShots.Progress) -> Void)?
    ) async throws(PageShots.Failure) -> Packer.Screenshots {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mactl-screenshots-\(UUID().uuidString)")
        do throws(PageShots.Failure) {
            let taken = try await PageShots.take(
                root: lint.source.root, into: folder, alpine: alpine, chromium: chromium,
                queries: linted.input.configuration.screenshotQueries, pathPrefix: pathPrefix, progress: progress)
            return Packer.Screenshots(folder: taken.folder, count: taken.shots.count) { PageShots.reportValue(taken, folder: $0) }
        } catch {
            try? FileManager.default.removeItem(at: folder)
            throw error
        }
    }

    /// Packs a lint that passed: `Packer.plan`, measured against the configuration's budgets
    /// (`PackageOverBudget`), then `Packer.commit` unless a budget refuses the package. The
    /// screenshots' folder, when it was not moved beside the report, is removed.
    public func pack(
        _ linted: inout Linted, options: Packer.Options, timings: [(String, Duration)]
    ) throws(Packer.Failure)
        -> Packer.Outcome
    {
        defer { if let folder = options.screenshots?.folder { try? FileManager.default.removeItem(at: folder) } }
        let root = lint.source.root
        // The cache as read while deciding (`quickInput`), else read now.
        let cached = linted.packCacheRead ?? lint.packCache?.lookup ?? .miss
        let configuration = linted.input.configuration
        return try Packer.pack(
            root: root, input: &linted.input, options: options, cached: cached, cache: packCache,
            budgets: { size, entries in PackageOverBudget.diagnostics(packageSize: size, entries: entries, configuration: configuration) },
            timings: timings)
    }

    /// What `pack` packs when nothing changed since the lint cache's entry
    /// (`LintSession.quickEntry`) and the pack cache holds every file that ships as the entry
    /// recorded it. Nil when the lint cache cannot tell; the inner value nil (with the pack
    /// cache as read) when the pack cache lacks a file.
    func quickInput() -> (input: (outcome: LintOutcome, input: PackInput)?, packCacheRead: PackCache.Lookup?)? {
        guard let packCache, lint.cache != nil, let quick = lint.quickEntry() else { return nil }
        let read = lint.packCache?.lookup ?? packCache.load(projectAt: lint.source.root)
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
}
