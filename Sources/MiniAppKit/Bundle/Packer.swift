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
    }

    public struct Failure: Error, Sendable {
        public var message: String
    }

    /// Writes the package and its report for a project that linted clean. `root` is the
    /// project folder, for the default output path.
    public static func pack(root: URL, lint: LintResult, options: Options, timings: [(String, Duration)]) throws(Failure) -> Outcome {
        var model = lint.model
        let clock = ContinuousClock()
        let bundleStart = clock.now
        let plan = model.bundle
        var transforms: [String: String] = [:]
        let entries = plan.shipped.compactMap { shipped -> ArchiveEntry? in
            guard let file = model.project.file(shipped.path) else { return nil }
            var bytes = file.bytes
            if options.minify {
                let result = PackTransform.apply(to: file)
                bytes = result.bytes
                if let transform = result.transform { transforms[shipped.path] = transform }
            }
            return ArchiveEntry(path: shipped.path, bytes: bytes, method: ArchiveEntry.defaultMethod(forPath: shipped.path))
        }
        let bundleTime = clock.now - bundleStart

        let packageURL = options.output ?? defaultPackageURL(root: root, model: model)
        let folder = packageURL.deletingLastPathComponent()
        if options.output == nil {
            try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw Failure(message: "cannot write '\(packageURL.path)': the folder '\(folder.path)' does not exist")
        }
        // The archive is built in a work folder beside the package and renamed into place:
        // a budget configured as an error, a failure or an interrupt leaves the previous
        // package untouched, and removing the work folder removes every partial file.
        let work = workFolder(for: packageURL)
        do {
            try FileManager.default.createDirectory(at: work, withIntermediateDirectories: false)
        } catch {
            throw Failure(message: "cannot write in '\(folder.path)': \((error as NSError).localizedDescription)")
        }
        defer { try? FileManager.default.removeItem(at: work) }
        let staging = work.appendingPathComponent(packageURL.lastPathComponent)
        let archiveStart = clock.now
        let written: [WrittenEntry]
        do throws(ArchiveError) {
            written = try ArchiveWriter.write(entries, to: staging, timestamp: options.timestamp)
        } catch {
            try? FileManager.default.removeItem(at: staging)
            throw Failure(message: "cannot write '\(packageURL.path)': \(error.message)")
        }
        let archiveTime = clock.now - archiveStart
        guard var packageBytes = FileManager.default.contents(atPath: staging.path).map({ [UInt8]($0) }) else {
            throw Failure(message: "cannot read back '\(staging.path)'")
        }
        var signature: ReportValue = .null
        if let signing = options.signing {
            do throws(SigningError) {
                packageBytes = try PackageSigner.sign(packageBytes, key: signing.key, certificate: signing.certificate)
            } catch {
                throw Failure(message: "cannot sign the package: \(error.message)")
            }
            do throws(DurableFile.Failure) {
                try DurableFile.write(packageBytes, to: staging)
            } catch {
                throw Failure(message: error.message)
            }
            signature = .map([
                ("algorithm", .string(signing.key.algorithmName)),
                ("certificate_subject", .string(signing.certificate.subject)),
                ("certificate_sha256", .string(signing.certificate.fingerprint)),
                ("public_key_sha256", .string(Hex.string(SHA256.hash(data: signing.key.publicKeyDER)))),
            ])
        }
        model.packageSize = packageBytes.count
        let budget = Linter.check(model, rules: [PackageOverBudget.self]).diagnostics
        if budget.contains(where: { $0.severity == .error }) {
            try? FileManager.default.removeItem(at: staging)
            return Outcome(
                packageURL: packageURL, reportURL: packageURL, entries: written, packageSize: packageBytes.count,
                packageDigest: "", diagnostics: budget, refused: true)
        }
        guard rename(staging.path, packageURL.path) == 0 else {
            throw Failure(message: "cannot write '\(packageURL.path)': \(String(cString: strerror(errno)))")
        }
        do throws(DurableFile.Failure) {
            try DurableFile.flush(folder)
        } catch {
            throw Failure(message: error.message)
        }
        let digest = Hex.string(SHA256.hash(data: packageBytes))
        let reportURL = options.report ?? packageURL.deletingPathExtension().appendingPathExtension("report.yaml")
        let report = BuildReport(
            model: model, lint: lint, plan: plan, entries: written, transforms: transforms, packagePath: displayPath(packageURL, root: root),
            packageSize: packageBytes.count, packageDigest: digest, signature: signature,
            timings: timings + [("bundle", bundleTime), ("archive", archiveTime)])
        do {
            try Data(report.value.yaml.utf8).write(to: reportURL, options: .atomic)
        } catch {
            throw Failure(message: "cannot write the report '\(reportURL.path)': \((error as NSError).localizedDescription)")
        }
        return Outcome(
            packageURL: packageURL, reportURL: reportURL, entries: written, packageSize: packageBytes.count,
            packageDigest: digest, diagnostics: budget, refused: false)
    }

    /// Where a pack builds its files before renaming the package into place; the CLI removes
    /// it when interrupted.
    public static func workFolder(for packageURL: URL) -> URL {
        packageURL.deletingLastPathComponent().appendingPathComponent(".mactl-pack-\(ProcessInfo.processInfo.processIdentifier)")
    }

    /// `dist/<app_id>-<version.name>.ma` in the project folder.
    public static func defaultPackageURL(root: URL, model: ProjectModel) -> URL {
        let appID = model.manifest?["app_id"]?.stringValue ?? "app"
        let version = model.manifest?["version"]?["name"]?.stringValue ?? "0"
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
