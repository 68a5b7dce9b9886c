import ArgumentParser
import Foundation
import MiniAppKit

/// `mactl publish`: a verified package into a catalog of static files (docs/catalog.md).
struct Publish: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Publish a verified package into a catalog of static files that hosts list, download and verify.",
        discussion: """
            The package must pass 'mactl verify' and be signed (unless --allow-unsigned), by the \
            key of the app's earlier versions. Versions are immutable; publishing the same bytes \
            again changes nothing, and with another --rollout is refused ('mactl catalog rollout' \
            changes a rollout). Files are staged, flushed and renamed into place, index.json \
            last. 'published' is SOURCE_DATE_EPOCH's time when set, else now. Exit status: 0 when \
            published (or already), 1 when refused, 2 for usage errors.
            """)

    @Argument(help: "The package to publish (with --withdraw: the app id, then the version code).", completion: .file(extensions: ["ma"]))
    var arguments: [String] = []

    @Option(name: .long, help: "The catalog folder (created when missing).", completion: .directory)
    var catalog: String

    @Option(name: .long, help: "The channel to publish on.")
    var channel = "stable"

    @Option(
        name: .long,
        help: "The share of devices, 0 to 100, that get this version (100 when not given); 'mactl catalog rollout' changes it later.")
    var rollout: Int?

    @Option(name: .long, help: "Require the package to be signed by this certificate's key (PEM).", completion: .file(extensions: ["pem"]))
    var cert: String?

    @Option(
        name: .long, help: "The catalog's key ('mactl catalog keygen'), which signs a web bundle for Rakuten's SDK.",
        completion: .file(extensions: ["pem"]))
    var catalogKey: String?

    @Flag(name: .long, help: "Publish a package that is not signed.")
    var allowUnsigned = false

    @Flag(name: .long, help: "Publish a version code that is not above the channel's newest.")
    var allowDowngrade = false

    @Flag(name: .long, help: "Check everything and say what would be written, writing nothing.")
    var dryRun = false

    @Flag(name: .long, help: "Withdraw a version: publish --withdraw APP CODE --catalog DIR. It stays listed, for audit.")
    var withdraw = false

    /// How many arguments were given is checked here, in `run`, not in `validate()`:
    /// ArgumentParser validates before it reports an unknown option, and the value after one
    /// (`--key key.pem`) arrives as a second argument, so `validate()` would blame the count.
    /// A failure is one line with the command's form (an error thrown from `run` would get
    /// the usage of `mactl` itself, not of `publish`).
    private func checkArguments() throws {
        if withdraw {
            guard arguments.count == 2, Int(arguments[1]) != nil else {
                throw CommandFailure(
                    message: "--withdraw takes the app id and the version code: mactl publish --withdraw com.example.app 12 --catalog DIR")
            }
        } else {
            guard arguments.count == 1 else {
                throw CommandFailure(
                    message:
                        "give one package to publish: mactl publish PACKAGE --catalog DIR (\(arguments.isEmpty ? "none" : "\(arguments.count)") given)"
                )
            }
        }
    }

    func run() async throws {
        try checkArguments()
        let folder = URL(fileURLWithPath: catalog)
        if withdraw {
            do throws(CatalogPublisher.Failure) {
                let version = try CatalogPublisher.withdraw(app: arguments[0], code: Int(arguments[1])!, catalog: folder)
                Terminal.standardOutput(
                    "withdrew \(arguments[0]) \(version.code) (\(version.name)) from '\(version.channel)'; it stays in \(CatalogFiles.versionsPath(arguments[0]))\n"
                )
                return
            } catch {
                Terminal.standardError("error: \(error.description)\n")
                throw ExitCode(ExitStatus.projectHasErrors)
            }
        }
        let package = arguments[0]
        let bytes = try PackageFile.readOrExit(package) { failure in
            "error: \(CatalogPublisher.notVerified(package, [(failure.message, failure.id)]).description)"
        }
        var options = CatalogPublisher.Options(published: try Self.publishedTime())
        options.channel = channel
        options.rollout = rollout
        options.allowUnsigned = allowUnsigned
        options.allowDowngrade = allowDowngrade
        options.dryRun = dryRun
        if let cert {
            options.expectedSigner = try ExpectedSignerFile.read(cert, option: "--cert")
        }
        if let catalogKey {
            do throws(CatalogPlatformKey.Failure) {
                options.platformKey = try CatalogPlatformKey.read(URL(fileURLWithPath: catalogKey))
            } catch {
                throw CommandFailure(message: error.description)
            }
        }
        let outcome: CatalogPublisher.Outcome
        do throws(CatalogPublisher.Failure) {
            outcome = try CatalogPublisher.publish(bytes, packageName: package, catalog: folder, options: options)
        } catch {
            Terminal.standardError("error: \(error.description)\n")
            throw ExitCode(ExitStatus.projectHasErrors)
        }
        let version = outcome.version
        let what = "\(outcome.app) \(version.code) (\(version.name))"
        if outcome.alreadyPublished {
            Terminal.standardOutput("\(what) is already published with these bytes; nothing to do\n")
        } else if dryRun {
            Terminal.standardOutput(
                "would publish \(what) on '\(version.channel)' at \(version.rollout)%, writing:\n"
                    + outcome.written.map { "  \($0)\n" }.joined())
        } else {
            Terminal.standardOutput(
                "published \(what) on '\(version.channel)' at \(version.rollout)%: \(version.package), \(ByteSize.format(version.size)), sha256 \(version.sha256)\n"
            )
        }
    }

    /// SOURCE_DATE_EPOCH's time, read as pack reads it, when it is set; else now.
    static func publishedTime() throws -> Date {
        guard ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"] != nil else { return Date() }
        do {
            return Date(timeIntervalSince1970: TimeInterval(try ArchiveTimestamp.fromEnvironment().secondsSinceEpoch))
        } catch {
            throw CommandFailure(message: error.message)
        }
    }
}
