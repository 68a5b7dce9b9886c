import ArgumentParser
import Foundation
import MiniAppKit

struct Pack: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Lint a MiniApp, then pack it into a deterministic .ma package with a YAML build report.",
        discussion: """
            Nothing is written when the lint finds errors (or warnings with --strict). The package \
            is written whole or not at all. Timestamps come from SOURCE_DATE_EPOCH when it is set.
            """)

    @Argument(
        help: "The MiniApp project folder (default: the nearest folder from here upward with a manifest.json, else .).",
        completion: .directory)
    var path: String?

    @Option(
        name: [.short, .long], help: "The package to write (default: dist/<app_id>-<version>.ma in the project).",
        completion: .file(extensions: ["ma"]))
    var output: String?

    @Option(
        name: .long, help: "The build report to write (default: beside the package, .report.yaml).", completion: .file(extensions: ["yaml"])
    )
    var report: String?

    @Flag(name: .long, help: "Ship files as written, without the safe size-reducing transforms.")
    var noMinify = false

    @Option(
        name: .long, help: "Sign with this PEM private key (EC P-256, or RSA of 2048 bits or more; PKCS#8 encrypted with --key-pass).",
        completion: .file(extensions: ["pem"]))
    var sign: String?

    @Option(
        name: .long,
        help:
            "The certificate of the signing key (default: <key>.cert.pem beside the key, as keygen writes it, else a self-signed certificate made from the key).",
        completion: .file(extensions: ["pem"]))
    var cert: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Where the passphrase of an encrypted key is: env:VAR, or file:PATH (its first line). Never the passphrase itself.",
            valueName: "env:VAR|file:PATH"))
    var keyPass: String?

    @Option(
        name: .long, help: "Use this configuration file instead of the nearest .mactl.yml.", completion: .file(extensions: ["yml", "yaml"]))
    var config: String?

    @Flag(name: .long, help: "Lint, transform and compress from scratch, without reading or writing the lint and pack caches.")
    var noCache = false

    @Flag(
        name: .long,
        help:
            "Also photograph every page in each locale and colour scheme in headless Chromium, as mactl serve shows it: PNGs and a contact sheet beside the report, listed in it."
    )
    var screenshots = false

    @Option(
        name: .long, help: "Alpine.js's standard build, for --screenshots (default: the one scripts/setup.sh installed).",
        completion: .file(extensions: ["js"]))
    var alpine: String?

    @OptionGroup var runtimeOption: RuntimeOption

    @OptionGroup var outputOptions: OutputOptions

    func run() async throws {
        // Found as lint finds it, so `mactl pack` works from a page folder too.
        let path = ProjectLoading.projectPath(self.path)
        if sign == nil, cert != nil { throw ValidationError("--cert needs --sign with the certificate's private key") }
        if sign == nil, keyPass != nil { throw ValidationError("--key-pass needs --sign with the encrypted key") }
        // The key first: a key that cannot be used fails at once, before the lint's wait.
        var signer: PackSigning?
        if let sign {
            let passphrase = try keyPass.map(KeyPassphraseSource.init)
            signer = try PackSigning.load(keyPath: sign, certificatePath: cert, passphrase: passphrase)
        }
        if alpine != nil, !screenshots { throw ValidationError("--alpine is for --screenshots") }
        // What the pictures need, before the lint's wait: a missing browser fails at once.
        var cameras: (alpine: [UInt8], chromium: String)?
        if screenshots { cameras = try Self.screenshotTools(alpine: alpine) }
        let clock = ContinuousClock()
        let start = clock.now
        let cacheFolder = LintCache.defaultFolder()
        let session = PackSession(
            lint: LintSession(
                source: ProjectSource(path: path, configPath: config, runtime: runtimeOption.profile),
                cache: noCache ? nil : LintCache(folder: cacheFolder), tool: MactlBuild.identity),
            packCache: noCache ? nil : PackCache(folder: cacheFolder, tool: MactlBuild.identity), minify: !noMinify)
        // Nothing changed since the last lint and pack: the package comes from the caches, and
        // the files are not read. Else the files are read and linted, or the lint is the cache's.
        var linted = try session.lintForPack()
        for note in linted.notes { Terminal.standardError("note: \(note)\n") }
        let lint = linted.outcome
        let lintTime = clock.now - start
        let renderer = outputOptions.rendering.renderer()
        let shown = outputOptions.shown(lint.report(pathPrefix: ProjectLoading.displayPrefix(for: path)))
        if !shown.diagnostics.isEmpty || outputOptions.format != .text {
            try outputOptions.emit(renderer.render(shown), to: nil)
        }
        if lint.fails(strict: outputOptions.strict) {
            Terminal.standardError("error: not packed: the project has \(outputOptions.strict ? "errors or warnings" : "errors")\n")
            throw ExitCode(ExitStatus.projectHasErrors)
        }
        let timestamp: ArchiveTimestamp
        do {
            timestamp = try ArchiveTimestamp.fromEnvironment()
        } catch {
            throw CommandFailure(message: error.message)
        }
        var options = Packer.Options(
            minify: !noMinify, output: output.map { URL(fileURLWithPath: $0) }, report: report.map { URL(fileURLWithPath: $0) },
            timestamp: timestamp)
        options.signing = try signer?.signing(appID: linted.input.facts.appID ?? "", timestamp: timestamp)
        var timings = [("load_and_lint", lintTime)]
        if let cameras {
            let shotsStart = clock.now
            // `shooting 3/24 pages/cart/cart (fr, dark)` on one line rewritten on a terminal;
            // nothing in a log, where it would be noise.
            let onTerminal = isatty(STDERR_FILENO) == 1
            var progress: (@Sendable (PageShots.Progress) -> Void)?
            if onTerminal {
                progress = { shot in
                    Terminal.standardError("\r\u{1B}[Kshooting \(shot.index)/\(shot.total) \(shot.page) (\(shot.locale), \(shot.scheme))")
                }
            }
            do {
                defer { if onTerminal { Terminal.standardError("\r\u{1B}[K") } }
                options.screenshots = try await session.takeScreenshots(
                    for: linted, alpine: cameras.alpine, chromium: cameras.chromium, pathPrefix: ProjectLoading.displayPrefix(for: path),
                    progress: progress)
            } catch {
                throw CommandFailure(message: error.description + "; nothing was written")
            }
            timings.append(("screenshots", clock.now - shotsStart))
        }
        let packageURL = options.output ?? Packer.defaultPackageURL(root: URL(fileURLWithPath: path), facts: linted.input.facts)
        let interruption = InterruptCleanup(removing: Packer.workFolder(for: packageURL))
        defer { interruption.cancel() }
        let outcome: Packer.Outcome
        do {
            outcome = try session.pack(&linted, options: options, timings: timings)
        } catch {
            throw CommandFailure(message: error.message)
        }
        if let note = outcome.cacheNote { Terminal.standardError("note: \(note)\n") }
        if !outcome.diagnostics.isEmpty {
            // Budget findings, in the chosen format, on standard error: standard output is the
            // lint's document and the packed line.
            let budget = DiagnosticReport(
                diagnostics: outcome.diagnostics, sourceFiles: lint.sourceFiles, fileCount: lint.fileCount,
                pathPrefix: ProjectLoading.displayPrefix(for: path))
            Terminal.standardError(outputOptions.rendering.renderer(fileDescriptor: STDERR_FILENO).render(budget))
        }
        if outcome.refused {
            Terminal.standardError("error: not packed: the package is over its budget\n")
            throw ExitCode(ExitStatus.projectHasErrors)
        }
        let uncompressed = outcome.entries.reduce(0) { $0 + $1.size }
        // With a document format, standard output is that document alone, for the tool that
        // reads it; the status lines are for the person, on standard error.
        let status = outputOptions.format == .text ? Terminal.standardOutput : Terminal.standardError
        var signedLine = ""
        if let signer, let signing = options.signing { signedLine = signer.statusLine(certificate: signing.certificate) + "\n" }
        status(
            "packed \(outcome.packageURL.relativePathForDisplay): \(outcome.entries.count) files, package \(ByteSize.format(outcome.packageSize)) "
                + "(files \(ByteSize.format(uncompressed)) before compression), sha256 \(outcome.packageDigest)\n"
                + "report \(outcome.reportURL.relativePathForDisplay)\n" + signedLine + screenshotsLine(outcome))
    }

    private func screenshotsLine(_ outcome: Packer.Outcome) -> String {
        guard let (folder, count) = outcome.screenshots else { return "" }
        return "screenshots \(folder.relativePathForDisplay)/\(PageShots.contactSheetName): \(count) pictures\n"
    }

    /// Alpine.js (as mactl serve finds it) and a Chromium, or a clear error.
    static func screenshotTools(alpine: String?) throws -> (alpine: [UInt8], chromium: String) {
        let alpinePath = Serve.alpineLocation(given: alpine)
        guard let bytes = FileManager.default.contents(atPath: alpinePath) else {
            throw CommandFailure(
                message:
                    "--screenshots needs Alpine.js, which is not at '\(alpinePath)': run scripts/setup.sh (it installs it from PyPI) or pass --alpine PATH"
            )
        }
        guard let chromium = HeadlessChromium.locate() else {
            throw CommandFailure(
                message:
                    "--screenshots needs Chromium: install Debian's 'chromium' package (scripts/setup.sh does), or set MACTL_CHROMIUM to a Chromium or Chrome"
            )
        }
        return (Array(bytes), chromium)
    }
}

/// Removes a pack's work folder when the user presses Ctrl-C or the process is terminated,
/// so an interrupted pack leaves no partial file; the previous package was never touched.
final class InterruptCleanup: @unchecked Sendable {
    // @unchecked: the sources are set up once and only cancelled afterwards.
    private var sources: [DispatchSourceSignal] = []

    init(removing folder: URL) {
        for signalNumber in [SIGINT, SIGTERM] {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler {
                try? FileManager.default.removeItem(at: folder)
                Terminal.standardError("error: interrupted; the previous package is untouched\n")
                exit(128 + signalNumber)
            }
            source.resume()
            sources.append(source)
        }
    }

    func cancel() {
        for source in sources { source.cancel() }
        signal(SIGINT, SIG_DFL)
        signal(SIGTERM, SIG_DFL)
    }
}

extension URL {
    /// The path relative to the current folder when inside it, as a user would type it.
    var relativePathForDisplay: String {
        let current = FileManager.default.currentDirectoryPath
        let path = standardizedFileURL.path
        return path.hasPrefix(current + "/") ? String(path.dropFirst(current.count + 1)) : path
    }
}
