import ArgumentParser
import Foundation
import MiniAppKit

/// `mactl new`: the command that creates things. `mactl new PATH` creates a project (the
/// default subcommand, whose name is empty so that every folder name but `page` works);
/// `mactl new page NAME` adds a page to one. The project options are declared here too, so
/// that `mactl new --help` lists them; the project subcommand reads the values parsed here.
struct New: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Create a MiniApp project that lints clean and packs, or add a page to one.",
        usage: """
            mactl new <path> [--template <template>] [--app-id <app-id>] [--name <name>] [--lang <lang>]
            mactl new page <name> [--tab] [--project <project>]
            """,
        discussion: NewProject.templateList + """


            <path> is the folder to create; its last component is the default app name. A \
            project folder named 'page' is created with 'mactl new ./page'.
            """,
        subcommands: [NewProject.self, NewPage.self],
        defaultSubcommand: NewProject.self)

    @OptionGroup(title: "Options of a new project")
    var options: NewProjectOptions
}

/// The options of `mactl new PATH`. Each is optional, so that `mactl new page` can tell one
/// given to it by mistake from a default.
struct NewProjectOptions: ParsableArguments {
    @Option(
        name: .long, help: "The template: \(EmbeddedTemplates.names.joined(separator: ", ")) (default: tabs).",
        completion: .list(EmbeddedTemplates.names))
    var template: String?

    @Option(name: .long, help: "The app id, in reverse-domain form (default: com.example.<name>).")
    var appID: String?

    @Option(name: .long, help: "The app name (default: the folder's name).")
    var name: String?

    @Option(name: .long, help: "The default language, a BCP 47 tag (default: en).")
    var lang: String?

    /// The options given, as typed, for the message that refuses them.
    var given: [String] {
        [(template, "--template"), (appID, "--app-id"), (name, "--name"), (lang, "--lang")].compactMap { $0.0 == nil ? nil : $0.1 }
    }
}

/// `mactl new PATH`: writes a template into a new project folder.
struct NewProject: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "",
        abstract: "Create a MiniApp project that lints clean and packs.",
        usage: "mactl new <path> [--template <template>] [--app-id <app-id>] [--name <name>] [--lang <lang>]",
        discussion: templateList,
        shouldDisplay: false)

    static let templateList =
        "Templates:\n" + EmbeddedTemplates.names.map { "  \($0): \(EmbeddedTemplates.summaries[$0] ?? "")" }.joined(separator: "\n")

    @Argument(help: "The folder to create; its last component is the default app name.", completion: .directory)
    var path: String

    @OptionGroup var options: NewProjectOptions

    func run() async throws {
        let folder = URL(fileURLWithPath: path)
        let template = options.template ?? "tabs"
        let files: [String]
        do {
            files = try Scaffolder.create(
                at: folder,
                options: Scaffolder.Options(template: template, appID: options.appID, name: options.name, lang: options.lang ?? "en"))
        } catch {
            throw CommandFailure(message: error.description)
        }
        Terminal.standardOutput(
            "created '\(path)' from the '\(template)' template (\(files.count) files)\nnext: mactl lint \(ShellWord.quoted(path)), then mactl test \(ShellWord.quoted(path))\n"
        )
    }
}

extension New {
    /// A usage error of `mactl new PATH` ends with "See 'mactl new  --help'": ArgumentParser
    /// joins the command names, and the default subcommand's is empty.
    static func tidyUsageMessage(_ message: String) -> String {
        message.replacingOccurrences(of: "'mactl new  --help'", with: "'mactl new --help'")
    }
}
