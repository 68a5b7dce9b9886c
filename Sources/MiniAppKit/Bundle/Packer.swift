import Crypto
import Foundation

/// bundle → transform → archive → report: `mactl pack` after a clean lint, as a plan computed
/// in memory (`plan`), then one step that writes it (`commit`). What the pack is measured
/// against (the budgets) and what it carries beside the report (the screenshots) are given to
/// it, so the packer depends on neither the rules nor the browser.
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
        /// Pictures taken before the pack (`--screenshots`), moved beside the report once the
        /// package is written.
        public var screenshots: Screenshots?

        public init(minify: Bool = true, output: URL? = nil, report: URL? = nil, timestamp: ArchiveTimestamp) {
            self.minify = minify
            self.output = output
            self.report = report
            self.timestamp = timestamp
        }
    }

    /// A folder of pictures made for the report (`PageShots` makes them): the commit moves it
    /// beside the report as `<report name>.screenshots`, and the report lists them.
    public struct Screenshots: Sendable {
        public var folder: URL
        public var count: Int
        /// The report's `screenshots` section, given the name the folder is moved to.
        public var reportValue: @Sendable (_ folderName: String) -> ReportValue

        public init(folder: URL, count: Int, reportValue: @escaping @Sendable (_ folderName: String) -> ReportValue) {
            self.folder = folder
            self.count = count
            self.reportValue = reportValue
        }
    }

    /// The budget findings on a package of this size with these entries, as diagnostics with
    /// their configured severity (`PackageOverBudget`); an error refuses the package.
    public typealias Budgets = @Sendable (_ packageSize: Int, _ entries: [WrittenEntry]) -> [Diagnostic]

    /// Everything a pack writes, computed and nothing written: the entries that ship
    /// (transformed and compressed), the package's bytes, the budget findings, the tab icons'
    /// pictures and the report. `commit` writes it.
    public struct Plan: Sendable {
        public var packageURL: URL
        public var reportURL: URL
        /// What ships, in the package's order, as the pack cache keeps it.
        public var shipped: [PackCache.Entry]
        public var entries: [WrittenEntry]
        public var packageBytes: [UInt8]
        /// SHA-256 of `packageBytes`, lowercase hex.
        public var packageDigest: String
        /// Budget findings, as diagnostics with their configured severity.
        public var diagnostics: [Diagnostic]
        /// A budget configured as an error found the package over it: it is not to be written.
        public var refused: Bool { diagnostics.contains { $0.severity == .error } }
        /// The report's YAML.
        public var report: String
        var tabIcons: TabIconImages
        /// Why the pack cache was not used, for a note; nil when it was, or there was none.
        public var cacheNote: String?
        public var screenshots: Screenshots?
        /// Whether the pack cache holds these entries already: it is not written again.
        var cacheHoldsThese: Bool
        /// `--output` was not given: the default `dist/` folder is made when missing.
        var createsFolder: Bool

        /// What `commit` would say of it, had nothing been written (a refused package).
        var unwritten: Outcome {
            Outcome(
                packageURL: packageURL, reportURL: packageURL, entries: entries, packageSize: packageBytes.count,
                packageDigest: "", diagnostics: diagnostics, refused: true, cacheNote: cacheNote)
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

    /// Writes the package and its report for a project that linted clean: `plan`, then
    /// `commit` unless a budget refuses the package. `root` is the project folder, for the
    /// default output path; `cached` the pack cache as read (`.miss` without one), `cache` the
    /// one to keep this pack's entries in.
    public static func pack(
        root: URL, input: inout PackInput, options: Options, cached: PackCache.Lookup, cache: PackCache?, budgets: Budgets,
        timings: [(String, Duration)]
    ) throws(Failure) -> Outcome {
        let plan = try plan(
            root: root, input: &input, options: options, cached: cached, keepsDigests: cache != nil, budgets: budgets, timings: timings)
        if plan.refused { return plan.unwritten }
        return try commit(plan, cache: cache, root: root)
    }

    /// The pack in memory, pure steps only: bundle (what ships, transformed) → archive bytes →
    /// sign → budgets (a function of the size) → report. Nothing is written, so a budget made
    /// an error, a failure or an interrupt leaves the previous package untouched.
    /// `keepsDigests`: the entries go to a pack cache, which needs each file's SHA-256.
    public static func plan(
        root: URL, input: inout PackInput, options: Options, cached: PackCache.Lookup, keepsDigests: Bool, budgets: Budgets,
        timings: [(String, Duration)]
    ) throws(Failure) -> Plan {
        let clock = ContinuousClock()
        let bundleStart = clock.now
        let packed = bundle(input.facts.bundle, of: input, minify: options.minify, cached: cached.entries, keepsDigests: keepsDigests)
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
            packageBytes = try sign(packageBytes, key: signing.key, certificate: signing.certificate)
            signature = signatureReport(key: signing.key, certificate: signing.certificate)
        }
        let archiveTime = clock.now - archiveStart
        let digest = Hex.string(SHA256.hash(data: packageBytes))
        // Entries all taken from the cache are what it holds already: writing its 25 MB again
        // to say the same was a fifth of an unchanged re-pack.
        let cachedEntries = cached.entries
        let cacheHoldsThese = packed.count == cachedEntries.count && packed.allSatisfy { cachedEntries[$0.path] == $0 }
        let reportName = reportURL.deletingPathExtension().lastPathComponent
        let report = BuildReport(
            input: input, entries: written,
            transforms: Dictionary(
                packed.compactMap { entry in entry.transform.map { (entry.path, $0) } }, uniquingKeysWith: { first, _ in first }),
            packagePath: displayPath(packageURL, root: root),
            packageSize: packageBytes.count, packageDigest: digest, signature: signature,
            tabIcons: tabIcons.reportValue(folder: reportName + ".icons"),
            screenshots: options.screenshots.map { $0.reportValue(reportName + ".screenshots") },
            timings: timings + [("bundle", bundleTime), ("archive", archiveTime)])
        return Plan(
            packageURL: packageURL, reportURL: reportURL, shipped: packed, entries: written, packageBytes: packageBytes,
            packageDigest: digest, diagnostics: budgets(packageBytes.count, written), report: report.value.yaml, tabIcons: tabIcons,
            cacheNote: cached.note, screenshots: options.screenshots, cacheHoldsThese: cacheHoldsThese,
            createsFolder: options.output == nil)
    }

    /// Writes a plan: the package (a temporary file flushed, renamed over the package, the
    /// folder flushed), then the pack cache's entries (`cache`, unless it holds them already),
    /// the tab icons' pictures, the screenshots and the report, each written whole.
    public static func commit(_ plan: Plan, cache: PackCache?, root: URL) throws(Failure) -> Outcome {
        let packageURL = plan.packageURL
        let reportURL = plan.reportURL
        try placePackage(plan.packageBytes, at: packageURL, creatingFolder: plan.createsFolder)
        if !plan.cacheHoldsThese { cache?.store(plan.shipped, projectAt: root) }
        let reportFolder = reportURL.deletingLastPathComponent()
        let reportName = reportURL.deletingPathExtension().lastPathComponent
        do throws(Failure) {
            try writeImages(plan.tabIcons, into: reportFolder.appendingPathComponent(reportName + ".icons"))
        } catch {
            throw Failure(message: "the package '\(packageURL.path)' was written, but its report was not: \(error.message)")
        }
        var placedScreenshots: (folder: URL, count: Int)?
        if let screenshots = plan.screenshots {
            let destination = reportFolder.appendingPathComponent(reportName + ".screenshots")
            placedScreenshots = (destination, screenshots.count)
            do {
                try? FileManager.default.removeItem(at: destination)
                try FileManager.default.moveItem(at: screenshots.folder, to: destination)
            } catch {
                throw Failure(
                    message:
                        "the package '\(packageURL.path)' was written, but its screenshots were not: \(FileProblem.reason(for: error, writing: true))"
                )
            }
        }
        do throws(FileProblem.WriteFailure) {
            try FileProblem.writeWhole(Array(plan.report.utf8), to: reportURL)
        } catch {
            throw Failure(message: "the package '\(packageURL.path)' was written, but its report was not: \(error.message)")
        }
        return Outcome(
            packageURL: packageURL, reportURL: reportURL, entries: plan.entries, packageSize: plan.packageBytes.count,
            packageDigest: plan.packageDigest, diagnostics: plan.diagnostics, refused: false, cacheNote: plan.cacheNote,
            screenshots: placedScreenshots)
    }

    /// The package with its signing block (`--sign`).
    static func sign(_ bytes: [UInt8], key: SigningKey, certificate: SigningCertificate) throws(Failure) -> [UInt8] {
        do throws(SigningError) {
            return try PackageSigner.sign(bytes, key: key, certificate: certificate)
        } catch {
            throw Failure(message: "cannot sign the package: \(error.message)")
        }
    }

    /// The report's `signature` section: who signed, by which key.
    static func signatureReport(key: SigningKey, certificate: SigningCertificate) -> ReportValue {
        .map([
            ("algorithm", .string(key.algorithmName)),
            ("certificate_subject", .string(certificate.subject)),
            ("certificate_sha256", .string(certificate.fingerprint)),
            ("public_key_sha256", .string(Hex.string(SHA256.hash(data: key.publicKeyDER)))),
        ])
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
        mapShipped(plan, of: input) { deflater, shipped, file, page, document -> PackCache.Entry? in
            // A file the pack did not read has the digest the lint cache recorded (`knownDigests`).
            let digest = keepsDigests ? file?.sha256 ?? input.knownDigests[shipped.path] : nil
            if let digest, let entry = cached[shipped.path], entry.matches(digest: digest, minify: minify) { return entry }
            guard let file else { return nil }
            return entry(for: file, minify: minify, page: page, document: document, digest: digest ?? "", deflater: deflater)
        }
    }

    /// `transform` of each shipped file, in plan order, with the file (nil when the project
    /// lacks it) and the lint's parse of it when there is one: on every core, the files to
    /// deflate first (deflating costs most, so such a file counts its bytes several times),
    /// each worker with its own `Deflater`. The pack and the budget check's sizing share it.
    static func mapShipped<Result: Sendable>(
        _ plan: BundlePlan, of input: PackInput,
        transform: @Sendable (Deflater, BundlePlan.ShippedFile, SourceFile?, PageModel?, JSONDocument?) -> Result?
    ) -> [Result] {
        let pages = Dictionary((input.model?.pages ?? []).map { ($0.templatePath, $0) }, uniquingKeysWith: { first, _ in first })
        let documents = Dictionary((input.model?.jsonDocuments ?? []).map { ($0.file.path, $0) }, uniquingKeysWith: { first, _ in first })
        return ParallelMap.mapLargestFirst(plan.shipped) { shipped in
            let size = input.project.file(shipped.path)?.bytes.count ?? 0
            return ArchiveEntry.isCompressedMedia(shipped.path) ? size : size * 8
        } makeContext: {
            Deflater()
        } transform: { deflater, shipped in
            transform(deflater, shipped, input.project.file(shipped.path), pages[shipped.path], documents[shipped.path])
        }.compactMap { $0 }
    }

    /// One file's entry: transformed unless `minify` is off, then compressed by its kind.
    static func entry(
        for file: SourceFile, minify: Bool, page: PageModel?, document: JSONDocument?, digest: String, deflater: Deflater
    ) -> PackCache.Entry {
        let (entry, applied) = archiveEntry(for: file, minify: minify, page: page, document: document, deflater: deflater)
        return PackCache.Entry(
            sourceSHA256: digest, minify: minify, transform: applied, compressed: CompressedEntry(entry, deflater: deflater))
    }

    /// The file as it ships, before compression: transformed unless `minify` is off, with the
    /// method its kind asks for, and the transform's name.
    static func archiveEntry(
        for file: SourceFile, minify: Bool, page: PageModel?, document: JSONDocument?, deflater: Deflater
    ) -> (entry: ArchiveEntry, transform: String?) {
        var bytes = file.bytes
        var applied: String?
        if minify {
            let result = PackTransform.apply(to: file, page: page, document: document)
            bytes = result.bytes
            applied = result.transform
        }
        let method = ArchiveEntry.defaultMethod(forPath: file.path, bytes: bytes, deflater: deflater)
        return (ArchiveEntry(path: file.path, bytes: bytes, method: method), applied)
    }

    /// Puts the package in place, through a work folder beside it that the CLI removes on an
    /// interrupt, so no partial file is ever left under any name.
    static func placePackage(_ bytes: [UInt8], at packageURL: URL, creatingFolder: Bool) throws(Failure) {
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

    /// `dist/<app_id>-<version.name>.ma` in the project folder (`.zip` for a web bundle).
    public static func defaultPackageURL(root: URL, facts: PackFacts) -> URL {
        let appID = facts.appID ?? "app"
        let version = facts.versionName ?? "0"
        let name = "\(appID)-\(version).\(facts.packageExtension)".map { $0 == "/" || $0 == "\\" ? "_" : $0 }
        return root.appendingPathComponent("dist").appendingPathComponent(String(name))
    }

    /// The package path as the report records it: relative to the project when inside it.
    static func displayPath(_ url: URL, root: URL) -> String {
        let rootPath = root.standardizedFileURL.path
        let path = url.standardizedFileURL.path
        return path.hasPrefix(rootPath + "/") ? String(path.dropFirst(rootPath.count + 1)) : url.lastPathComponent
    }
}
