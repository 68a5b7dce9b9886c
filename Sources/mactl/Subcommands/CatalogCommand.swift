import ArgumentParser
import Foundation
import MiniAppKit

/// `mactl catalog verify|serve|rollout|keygen`: the catalog `mactl publish` writes
/// (docs/catalog.md, docs/rakuten.md).
struct CatalogCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "catalog",
        abstract: "Check, serve, sign for Rakuten's SDK or change the rollout of a catalog of published packages.",
        subcommands: [CatalogVerify.self, CatalogServe.self, CatalogRolloutCommand.self, CatalogKeygen.self])
}

struct CatalogKeygen: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keygen",
        abstract: "Give a catalog its P-256 key, which signs web bundles for hosts built on Rakuten's MiniApp SDK.",
        discussion: """
            Writes the private key (mode 0600) outside the catalog, by default beside it as \
            <catalog>-key.pem, and its public half as keys/<id> inside it, where the SDK fetches \
            it; then signs every web bundle the catalog has. Given an existing key, completes \
            what a stopped run left. Publish web bundles with --catalog-key. Exit status: 0 when \
            done, 1 when refused, 2 for usage errors.
            """)

    @Argument(help: "The catalog folder (created when missing).", completion: .directory)
    var catalog: String

    @Option(name: .long, help: "The private key file: written when missing, used when it is there.", completion: .file(extensions: ["pem"]))
    var key: String?

    func run() async throws {
        let folder = URL(fileURLWithPath: catalog).standardizedFileURL
        let keyPath = key ?? Self.defaultKeyPath(catalog)
        let keyURL = URL(fileURLWithPath: keyPath).standardizedFileURL
        guard !keyURL.path.hasPrefix(folder.path + "/") else {
            throw CommandFailure(
                message: "'\(keyPath)' is inside the catalog, which is served as it is: keep the private key outside it")
        }
        let platformKey: CatalogPlatformKey
        let wroteKey: Bool
        if FileManager.default.fileExists(atPath: keyURL.path) {
            do throws(CatalogPlatformKey.Failure) {
                platformKey = try CatalogPlatformKey.read(keyURL)
            } catch {
                throw CommandFailure(message: error.description)
            }
            wroteKey = false
        } else {
            platformKey = CatalogPlatformKey.generate()
            try Keygen.writeNew(Array(platformKey.pem.utf8), to: keyPath, mode: 0o600)
            wroteKey = true
        }
        let outcome: CatalogPublisher.KeyInstallOutcome
        do throws(CatalogPublisher.Failure) {
            outcome = try CatalogPublisher.installKey(platformKey, catalog: folder)
        } catch {
            Terminal.standardError("error: \(error.description)\n")
            throw ExitCode(ExitStatus.projectHasErrors)
        }
        var lines: [String] = []
        lines.append(wroteKey ? "wrote \(keyPath) (EC P-256, mode 0600): the catalog's private key" : "used the key \(keyPath)")
        lines.append(
            outcome.wroteRecord
                ? "wrote \(CatalogFiles.keyPath(outcome.keyID)) in the catalog: its public half, which hosts fetch"
                : "\(CatalogFiles.keyPath(outcome.keyID)) is in the catalog already")
        lines.append(
            outcome.signed.isEmpty
                ? "no web bundle needed signing"
                : "signed \(outcome.signed.count) web bundle\(outcome.signed.count == 1 ? "" : "s"): \(outcome.signed.joined(separator: ", "))"
        )
        lines.append(
            "publish web bundles with: mactl publish BUNDLE.zip --catalog \(ShellWord.quoted(catalog)) --catalog-key \(ShellWord.quoted(keyPath))"
        )
        Terminal.standardOutput(lines.joined(separator: "\n") + "\n")
    }

    /// `<catalog>-key.pem`, beside the catalog's folder.
    static func defaultKeyPath(_ catalog: String) -> String {
        var trimmed = catalog
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
        return trimmed + "-key.pem"
    }
}

struct CatalogVerify: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Re-check a catalog: packages, signatures, manifests, the index against the version lists, and no unlisted file.",
        discussion:
            "Exit status: 0 when the catalog is sound (notes for what a stopped publish left), 1 on an error, 2 for usage errors and a folder that is not a catalog (no index.json)."
    )

    @Argument(help: "The catalog folder.", completion: .directory)
    var catalog: String

    @OptionGroup var rendering: RenderingOptions

    func run() async throws {
        let folder = URL(fileURLWithPath: catalog)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw CommandFailure(message: "'\(catalog)' is not a folder")
        }
        let result: CatalogVerifier.Result
        do throws(CatalogVerifier.NotACatalog) {
            result = try CatalogVerifier.verify(folder)
        } catch {
            // One line, exit 2 as for a path that is not a folder: the input is not what the
            // command reads, so there is nothing in it to report.
            throw CommandFailure(
                message:
                    "'\(catalog)' is not a catalog: no \(CatalogFiles.indexPath) (make one with 'mactl publish PACKAGE --catalog \(ShellWord.quoted(catalog))')"
            )
        }
        let prefix = catalog.hasSuffix("/") ? catalog : catalog + "/"
        let report = DiagnosticReport(diagnostics: result.diagnostics, sourceFiles: [:], fileCount: result.fileCount, pathPrefix: prefix)
        Terminal.standardOutput(rendering.renderer().render(report))
        if result.diagnostics.contains(where: { $0.severity == .error }) { throw ExitCode(ExitStatus.projectHasErrors) }
    }
}

struct CatalogServe: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve a catalog on 127.0.0.1 as a static server does, with its read-only HTTP API, for a host app in development.",
        discussion: """
            Every path index.json and versions.json name is served as nginx serves it, plus the API \
            of docs/catalog.md. Serves until interrupted (SIGINT or SIGTERM), then stops \
            gracefully. Exit status: 0 after an interrupt, 2 when the server cannot start.
            """)

    @Argument(help: "The catalog folder.", completion: .directory)
    var catalog: String

    @Option(name: .long, help: "The port to listen on; 0 picks a free one.")
    var port = 8081

    @Option(name: .long, help: "The address to listen on. Anything but 127.0.0.1 lets other machines in.")
    var host = "127.0.0.1"

    @Option(name: .long, help: "Answer Rakuten's MiniApp SDK's platform API under /host/ for this project id (the host's RASProjectId).")
    var projectId: String?

    @Option(name: .long, help: "The subscription key the SDK must send (the host's RASProjectSubscriptionKey); with --project-id.")
    var apiKey: String?

    @Option(name: .long, help: "The URL the SDK's file lists point at (the catalog's static files); this server when not given.")
    var filesUrl: String?

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535") }
        if (projectId == nil) != (apiKey == nil) { throw ValidationError("give --project-id and --api-key together") }
        if let projectId, !CatalogFiles.isSafeAppID(projectId) {
            throw ValidationError("--project-id '\(projectId)' must be one path component: letters, digits, '.', '_' and '-'")
        }
        if let apiKey, apiKey.isEmpty || apiKey.contains(where: { $0.isWhitespace || !$0.isASCII }) {
            throw ValidationError("--api-key must be printable ASCII with no spaces")
        }
        if filesUrl != nil, projectId == nil { throw ValidationError("--files-url is for the platform API: give --project-id too") }
        if let filesUrl, !(filesUrl.hasPrefix("http://") || filesUrl.hasPrefix("https://")) || filesUrl.hasSuffix("/") {
            throw ValidationError("--files-url must be an http(s) URL without a final '/', such as https://cdn.example.com/catalog")
        }
    }

    func run() async throws {
        let folder = URL(fileURLWithPath: catalog)
        guard FileManager.default.fileExists(atPath: folder.appendingPathComponent(CatalogFiles.indexPath).path) else {
            throw CommandFailure(
                message: "'\(catalog)' has no index.json; publish into it with: mactl publish PACKAGE --catalog \(catalog)")
        }
        let server: LocalServer
        do {
            let platform = projectId.map { CatalogPlatformAPI(projectID: $0, apiKey: apiKey ?? "", filesURL: filesUrl) }
            server = try await CatalogServer.start(catalog: folder, host: host, port: port, platform: platform, stopsOnInterrupt: true)
        } catch {
            throw CommandFailure(message: error.description)
        }
        Terminal.standardOutput("serving the catalog '\(catalog)' at \(server.url) (index: \(server.url)index.json; Ctrl-C to stop)\n")
        if let projectId {
            Terminal.standardOutput("Rakuten's platform API for project '\(projectId)': RMAAPIEndpoint \(String(server.url.dropLast()))\n")
        }
        await server.waitUntilStopped()
        Terminal.standardOutput("stopped\n")
    }
}

struct CatalogRolloutCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rollout",
        abstract: "Raise, lower or halt the share of devices a published version is offered to.",
        discussion: """
            mactl catalog rollout DIR APP CODE PERCENT, or --halt instead of PERCENT. Takes the \
            catalog's lock as publish does, writes the app's versions.json (which keeps every \
            rollout the version had, with its time) and then index.json. The time is \
            SOURCE_DATE_EPOCH's when set, else now. Exit status: 0 when changed (or already so), \
            1 when refused, 2 for usage errors.
            """)

    @Argument(help: "The catalog folder.", completion: .directory)
    var catalog: String

    @Argument(help: "The app id.")
    var app: String

    @Argument(help: "The version code.")
    var code: Int

    @Argument(help: "The share of devices, 0 to 100, that are offered the version.")
    var percent: Int?

    @Option(name: .long, help: "Refuse unless the version is on this channel.")
    var channel: String?

    @Flag(name: .long, help: "Offer the version to no device from now on (rollout 0, recorded as a halt).")
    var halt = false

    func validate() throws {
        switch (percent, halt) {
        case (nil, false): throw ValidationError("give the rollout in percent, or --halt")
        case (.some, true): throw ValidationError("give either a rollout in percent or --halt, not both")
        case (let percent?, false) where !(0...100).contains(percent):
            throw ValidationError("the rollout must be between 0 and 100, found \(percent)")
        default: break
        }
    }

    func run() async throws {
        var options = CatalogPublisher.RolloutOptions(at: try Publish.publishedTime())
        options.channel = channel
        let target: CatalogPublisher.RolloutTarget = halt ? .halt : .percent(percent ?? 0)
        let outcome: CatalogPublisher.RolloutOutcome
        do throws(CatalogPublisher.Failure) {
            outcome = try CatalogPublisher.changeRollout(
                app: app, code: code, to: target, catalog: URL(fileURLWithPath: catalog), options: options)
        } catch {
            Terminal.standardError("error: \(error.description)\n")
            throw ExitCode(ExitStatus.projectHasErrors)
        }
        let version = outcome.version
        let what = "\(app) \(version.code) (\(version.name)) on '\(version.channel)'"
        if !outcome.changed {
            Terminal.standardOutput("\(what) is already at \(version.rollout)%; nothing to change\n")
        } else if halt {
            Terminal.standardOutput("halted \(what): offered to no device (was \(outcome.previous)%)\n")
        } else {
            Terminal.standardOutput("\(what): rollout \(outcome.previous)% -> \(version.rollout)%\n")
        }
    }
}
