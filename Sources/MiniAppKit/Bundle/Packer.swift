import Crypto
import Foundation

/// bundle → transform → archive → report: `mactl pack` after a clean lint.
public enum Packer {
    public struct Options: Sendable {
        /// Apply the safe size-reducing transforms (`--no-minify` turns them off).
        public var minify = true
        /// The package to write; `nil` for `dist/<app_id>-<version.name>.ma` in the project.
        public var output: URL?
        /// The build report to write; `nil` for beside the package, `.report.yaml`.
        public var report: URL?
        public var timestamp: ArchiveTimestamp
        /// Sign with this key and certificate (`--sign`).
        public var signing: (key: SigningKey, certificate: SigningCertificate)?
        /// Pictures taken by `PageShots` (`--screenshots`), moved beside the report once the
        /// package is written.
        public var screenshots: PageShots.Taken?

        public init(minify: Bool = true, output: URL? = nil, report: URL? = nil, timestamp: ArchiveTimestamp) {
            self.minify = minify
            self.output = output
            self.report = report
            self.timestamp = timestamp
        }
    }

    public struct Outcome: Sendable {
        public var packageURL: URL
        public var reportURL: URL
        public var entries: [WrittenEntry]
        public var packageSize: Int
        public var packageDigest: String
        /// Budget findings, as diagnostics with their configured severity.
        public var diagnostics: [Diagnostic]
        /// True when nothing was written because a budget is configured as an error.
        public var refused: Bool
        /// Why the pack cache was not used, for a note; nil when it was, or there was none.
        public var cacheNote: String?
        /// Where the screenshots were put beside the report, and how many; nil without --screenshots.
        public var screenshots: (folder: URL, count: Int)?
    }

    public struct Failure: Error, Sendable {
        public var message: String
    }

    /// Writes the package and its report for a project that linted clean. `root` is the
    /// project folder, for the default output path.
    ///
    /// Pure steps, then one commit: bundle (what ships, transformed) → archive bytes (in
    /// memory) → sign → budgets (a function of the size) → commit (a temporary file flushed,
    /// renamed over the package, the folder flushed) → report. A budget made an error, a
    /// failure or an interrupt before the commit leaves the previous package untouched.
    public static func pack(
        root: URL, input: inout PackInput, options: Options, cache: PackCache? = nil, cacheRead: PackCache.Lookup? = nil,
        timings: [(String, Duration)]
    ) throws(Failure) -> Outcome {
        let clock = ContinuousClock()
        let bundleStart = clock.now
        let plan = input.facts.bundle
        // `cacheRead`: the caller read the cache already.
        let cached = cacheRead ?? cache?.load(projectAt: root) ?? .miss
        let packed = bundle(plan, of: input, minify: options.minify, cached: cached.entries, keepsDigests: cache != nil)
        let tabIconPaths = Set(input.facts.tabIconPaths)
        let shippedTabIcons = packed.filter { tabIconPaths.contains($0.path) }.compactMap { entry in
            entry.shippedBytes().map { (entry.path, $0) }
        }
        let tabIcons = TabIconImages(shipped: shippedTabIcons, linted: input.model?.icons ?? [])
        // The model's last use (the caller keeps the rest): the package and its copies need the room more.
        input.model = nil
        let bundleTime = clock.now - bundleStart

        let packageURL = options.output ?? defaultPackageURL(root: root, facts: input.facts)
        let reportURL = options.report ?? packageURL.deletingPathExtension().appendingPathExtension("report.yaml")
        // A report that cannot be written fails the pack before the package is, so a failed
        // pack never leaves a new package without its report.
        if options.report != nil, let problem = FileProblem.writingProblem(at: reportURL) {
            throw Failure(message: "cannot write the report '\(reportURL.path)': \(problem); nothing was written")
        }
        let archiveStart = clock.now
        var packageBytes: [UInt8]
        let written: [WrittenEntry]
        do throws(ArchiveError) {
            (packageBytes, written) = try ArchiveWriter.archive(compressed: packed.map(\.compressed), timestamp: options.timestamp)
        } catch {
            throw Failure(message: "cannot write '\(packageURL.path)': \(error.message)")
        }
        var signature: ReportValue = .null
        if let signing = options.signing {
            do throws(SigningError) {
                packageBytes = try PackageSigner.sign(packageBytes, key: signing.key, certificate: signing.certificate)
            } catch {
                throw Failure(message: "cannot sign the package: \(error.message)")
            }
            signature = .map([
                ("algorithm", .string(signing.key.algorithmName)),
                ("certificate_subject", .string(signing.certificate.subject)),
                ("certificate_sha256", .string(signing.certificate.fingerprint)),
                ("public_key_sha256", .string(Hex.string(SHA256.hash(data: signing.key.publicKeyDER)))),
            ])
        }
        let archiveTime = clock.now - archiveStart
        let budget = PackageOverBudget.diagnostics(packageSize: packageBytes.count, entries: written, configuration: input.configuration)
        if budget.contains(where: { $0.severity == .error }) {
            return Outcome(
                packageURL: packageURL, reportURL: packageURL, entries: written, packageSize: packageBytes.count,
                packageDigest: "", diagnostics: budget, refused: true, cacheNote: cached.note)
        }
        try commit(packageBytes, to: packageURL, creatingFolder: options.output == nil)
        let digest = Hex.string(SHA256.hash(data: packageBytes))
        // Entries all taken from the cache are what it holds already: writing its 25 MB again
        // to say the same was a fifth of an unchanged re-pack.
        let cacheHoldsThese = packed.count == cached.entries.count && packed.allSatisfy { cached.entries[$0.path] == $0 }
        if !cacheHoldsThese { cache?.store(packed, projectAt: root) }
        let imagesFolder = reportURL.deletingPathExtension().lastPathComponent + ".icons"
        do throws(Failure) {
            try writeImages(tabIcons, into: reportURL.deletingLastPathComponent().appendingPathComponent(imagesFolder))
        } catch {
            throw Failure(message: "the package '\(packageURL.path)' was written, but its report was not: \(error.message)")
        }
        var screenshots: ReportValue?
        var placedScreenshots: (folder: URL, count: Int)?
        if let taken = options.screenshots {
            let name = reportURL.deletingPathExtension().lastPathComponent + ".screenshots"
            let destination = reportURL.deletingLastPathComponent().appendingPathComponent(name)
            placedScreenshots = (destination, taken.shots.count)
            do {
                try? FileManager.default.removeItem(at: destination)
                try FileManager.default.moveItem(at: taken.folder, to: destination)
            } catch {
                throw Failure(
                    message:
                        "the package '\(packageURL.path)' was written, but its screenshots were not: \(FileProblem.reason(for: error, writing: true))"
                )
            }
            screenshots = PageShots.reportValue(taken, folder: name)
        }
        let report = BuildReport(
            input: input, entries: written,
            transforms: Dictionary(
                packed.compactMap { entry in entry.transform.map { (entry.path, $0) } }, uniquingKeysWith: { first, _ in first }),
            packagePath: displayPath(packageURL, root: root),
            packageSize: packageBytes.count, packageDigest: digest, signature: signature,
            tabIcons: tabIcons.reportValue(folder: imagesFolder), screenshots: screenshots,
            timings: timings + [("bundle", bundleTime), ("archive", archiveTime)])
        do throws(FileProblem.WriteFailure) {
            try FileProblem.writeWhole(Array(report.value.yaml.utf8), to: reportURL)
        } catch {
            throw Failure(message: "the package '\(packageURL.path)' was written, but its report was not: \(error.message)")
        }
        return Outcome(
            packageURL: packageURL, reportURL: reportURL, entries: written, packageSize: packageBytes.count,
            packageDigest: digest, diagnostics: budget, refused: false, cacheNote: cached.note,
            screenshots: placedScreenshots)
    }

    /// The tab icons' two renderings, each PNG written whole (a temporary file renamed).
    static func writeImages(_ images: TabIconImages, into folder: URL) throws(Failure) {
        for icon in images.icons {
            let names = TabIconImages.imageNames(for: icon.path)
            for (name, bytes) in [(names.svg, icon.svgPNG), (names.ios, icon.iosPNG)] {
                let url = folder.appendingPathComponent(name)
                do {
                    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                } catch {
                    throw Failure(
                        message:
                            "cannot create the folder '\(url.deletingLastPathComponent().path)': \(FileProblem.reason(for: error, writing: true))"
                    )
                }
                do throws(FileProblem.WriteFailure) {
                    try FileProblem.writeWhole(bytes, to: url)
                } catch {
                    throw Failure(message: error.message)
                }
            }
        }
    }

    /// The files that ship, in the plan's order, each through the safe transforms unless
    /// `minify` is off and compressed, with the transform applied (for the report). Files are
    /// transformed and compressed on every core. A file whose bytes the cache has seen under
    /// the same path and `minify` is neither: the cache gives both. A page's template is not
    /// parsed again: the lint's parse is its original shape. `keepsDigests`: the entries go to
    /// a pack cache, which needs each file's SHA-256 (without one, no file is hashed).
    static func bundle(
        _ plan: BundlePlan, of input: PackInput, minify: Bool, cached: [String: PackCache.Entry], keepsDigests: Bool = true
    ) -> [PackCache.Entry] {
        let pages = Dictionary((input.model?.pages ?? []).map { ($0.templatePath, $0) }, uniquingKeysWith: { first, _ in first })
        let documents = Dictionary((input.model?.jsonDocuments ?? []).map { ($0.file.path, $0) }, uniquingKeysWith: { first, _ in first })
        // Deflating at level 9 costs most, so a file to deflate counts its bytes several times.
        return ParallelMap.mapLargestFirst(plan.shipped) { shipped in
            let size = input.project.file(shipped.path)?.bytes.count ?? 0
            return ArchiveEntry.isCompressedMedia(shipped.path) ? size : size * 8
        } transform: { shipped -> PackCache.Entry? in
            // A file the pack did not read has the digest the lint cache recorded (`knownDigests`).
            let file = input.project.file(shipped.path)
            let digest = keepsDigests ? file?.sha256 ?? input.knownDigests[shipped.path] : nil
            if let digest, let entry = cached[shipped.path], entry.matches(digest: digest, minify: minify) { return entry }
            guard let file else { return nil }
            return entry(for: file, minify: minify, page: pages[shipped.path], document: documents[shipped.path], digest: digest ?? "")
        }.compactMap { $0 }
    }

    /// One file's entry: transformed unless `minify` is off, then compressed by its kind.
    static func entry(for file: SourceFile, minify: Bool, page: PageModel?, document: JSONDocument?, digest: String) -> PackCache.Entry {
        var bytes = file.bytes
        var applied: String?
        if minify {
            let result = PackTransform.apply(to: file, page: page, document: document)
            bytes = result.bytes
            applied = result.transform
        }
        let entry = ArchiveEntry(path: file.path, bytes: bytes, method: ArchiveEntry.defaultMethod(forPath: file.path, bytes: bytes))
        return PackCache.Entry(sourceSHA256: digest, minify: minify, transform: applied, compressed: CompressedEntry(entry))
    }

    /// Puts the package in place, through a work folder beside it that the CLI removes on an
    /// interrupt, so no partial file is ever left under any name.
    static func commit(_ bytes: [UInt8], to packageURL: URL, creatingFolder: Bool) throws(Failure) {
        let folder = packageURL.deletingLastPathComponent()
        if creatingFolder {
            try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw Failure(message: "cannot write '\(packageURL.path)': the folder '\(folder.path)' does not exist")
        }
        let work = workFolder(for: packageURL)
        do {
            try FileManager.default.createDirectory(at: work, withIntermediateDirectories: false)
        } catch {
            throw Failure(message: "cannot write in '\(folder.path)': \(FileProblem.reason(for: error, writing: true))")
        }
        defer { try? FileManager.default.removeItem(at: work) }
        let staging = work.appendingPathComponent(packageURL.lastPathComponent)
        do throws(DurableFile.Failure) {
            try DurableFile.write(bytes, to: staging)
            guard rename(staging.path, packageURL.path) == 0 else {
                throw DurableFile.Failure("cannot write", packageURL, errno: errno)
            }
            try DurableFile.flush(folder)
        } catch {
            throw Failure(message: error.message)
        }
    }

    /// Where a pack builds its files before renaming the package into place; the CLI removes
    /// it when interrupted.
    public static func workFolder(for packageURL: URL) -> URL {
        packageURL.deletingLastPathComponent().appendingPathComponent(".mactl-pack-\(ProcessInfo.processInfo.processIdentifier)")
    }

    /// `dist/<app_id>-<version.name>.ma` in the project folder.
    public static func defaultPackageURL(root: URL, facts: PackFacts) -> URL {
        let appID = facts.appID ?? "app"
        let version = facts.versionName ?? "0"
        let name = "\(appID)-\(version).ma".map { $0 == "/" || $0 == "\\" ? "_" : $0 }
        return root.appendingPathComponent("dist").appendingPathComponent(String(name))
    }

    /// The package path as the report records it: relative to the project when inside it.
    static func displayPath(_ url: URL, root: URL) -> String {
        let rootPath = root.standardizedFileURL.path
        let path = url.standardizedFileURL.path
        return path.hasPrefix(rootPath + "/") ? String(path.dropFirst(rootPath.count + 1)) : url.lastPathComponent
    }
}
