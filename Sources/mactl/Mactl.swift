import ArgumentParser
import Foundation
import MiniAppKit

struct Mactl: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mactl",
        abstract: "The build toolchain for W3C MiniApps: scaffold, lint, pack, sign and verify.",
        subcommands: [
            New.self, Lint.self, Test.self, Serve.self, Pack.self, Inspect.self, Verify.self, Publish.self, CatalogCommand.self,
            Keygen.self, Rules.self, Explain.self, ListApps.self, LanguageServerCommand.self,
        ])

    // The version is a flag of the root command alone (`mactl --version`): set as the
    // configuration's `version`, ArgumentParser would offer it on every subcommand too.
    @Flag(name: .long, help: "Show the version.")
    var version = false

    func run() async throws {
        guard version else { throw CleanExit.helpRequest(self) }
        Terminal.standardOutput(MactlVersion.current + "\n")
    }

    /// `--version` after a subcommand (`mactl lint --version`): ArgumentParser would take it as
    /// the root's flag and run the subcommand, which is not what was asked.
    static func misplacedVersionFlag(in arguments: [String]) -> String? {
        guard let index = arguments.prefix(while: { $0 != "--" }).firstIndex(of: "--version"), index > 0 else { return nil }
        return "error: '--version' is an option of mactl itself: mactl --version\n"
    }

    /// A first argument that is no subcommand but close to one (`mactl lnit`): the message
    /// ArgumentParser gives ("Unexpected argument") does not say what was meant.
    static func misspeltSubcommand(in arguments: [String]) -> String? {
        guard let first = arguments.first, !first.hasPrefix("-") else { return nil }
        let names = configuration.subcommands.filter { $0.configuration.shouldDisplay }.map { $0._commandName }
        guard first != "help", !names.contains(first), let closest = NameSuggester.closest(to: first, in: names, maxDistance: 2) else {
            return nil
        }
        return "error: unknown command '\(first)'; did you mean '\(closest)'?\nSee 'mactl --help' for the commands.\n"
    }
}

/// The entry point. ArgumentParser exits 64 on usage errors; mactl promises 2 for every
/// failure outside the project (usage errors included), 1 for problems in the project.
@main
enum MactlEntry {
    static func main() async {
        JavaScriptEngine.configureProcess()
        let arguments = Array(CommandLine.arguments.dropFirst())
        if let message = Mactl.misspeltSubcommand(in: arguments) ?? Mactl.misplacedVersionFlag(in: arguments) {
            Terminal.standardError(message)
            exit(ExitStatus.usageOrEnvironment)
        }
        do {
            var command = try Mactl.parseAsRoot()
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch let exitCode as ExitCode {
            exit(exitCode.rawValue)
        } catch let failure as CommandFailure {
            Terminal.standardError("error: \(failure.message)\n")
            exit(ExitStatus.usageOrEnvironment)
        } catch let failure as ProjectSource.Failure {
            // A project or configuration that cannot be read: as a command failure.
            Terminal.standardError("error: \(failure.message)\n")
            exit(ExitStatus.usageOrEnvironment)
        } catch {
            let code = Mactl.exitCode(for: error)
            if code == .success { Mactl.exit(withError: error) }  // --help, --version
            Terminal.standardError(New.tidyUsageMessage(Mactl.fullMessage(for: error)) + "\n")
            exit(ExitStatus.usageOrEnvironment)
        }
    }
}

/// Exit codes, as the README documents them.
enum ExitStatus {
    static let clean: Int32 = 0
    static let projectHasErrors: Int32 = 1
    static let usageOrEnvironment: Int32 = 2
}

/// A failure outside the project (a path that does not exist, an unwritable output): a
/// one-line message and exit 2.
struct CommandFailure: Error {
    var message: String
}
