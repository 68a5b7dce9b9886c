import ArgumentParser
import Foundation
import MiniAppKit

struct New: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Create a MiniApp project that lints clean and packs.",
        discussion: "Templates:\n" + EmbeddedTemplates.names.map { "  \($0): \(EmbeddedTemplates.summaries[$0] ?? "")" }.joined(separator: "\n"))

    @Argument(help: "The folder to create; its last component is the default app name.")
    var path: String

    @Option(name: .long, help: "The template: \(EmbeddedTemplates.names.joined(separator: ", ")).")
    var template = "tabs"

    @Option(name: .long, help: "The app id, in reverse-domain form (default: com.example.<name>).")
    var appID: String?

    @Option(name: .long, help: "The app name (default: the folder's name).")
    var name: String?

    @Option(name: .long, help: "The default language, a BCP 47 tag.")
    var lang = "en"

    func run() async throws {
        let folder = URL(fileURLWithPath: path)
        let files: [String]
        do {
            files = try Scaffolder.create(
                at: folder, options: Scaffolder.Options(template: template, appID: appID, name: name, lang: lang))
        } catch {
            throw CommandFailure(message: error.description)
        }
        Terminal.standardOutput("created '\(path)' from the '\(template)' template (\(files.count) files)\nnext: mactl lint \(ShellWord.quoted(path))\n")
    }
}
