import ArgumentParser
import Foundation
import MiniAppKit

/// `mactl new page NAME`: adds a page to the project found as `lint` finds it.
struct NewPage: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "page",
        abstract: "Add pages/NAME/NAME.html, .js and .css to a project and list the page in its manifest.",
        discussion: """
            The page's title is a translation in every locale file when the app has them. With \
            --tab the page also gets a tab, with a text and an SVG icon the iOS tab bar draws; \
            an app without a tab bar gets one, whose first tab is its launch page. The project \
            lints as clean as before.
            """)

    @Argument(help: "The page's name: an ASCII letter, then letters, digits, '-' or '_'.")
    var name: String

    @Flag(name: .long, help: "Add the page to the tab bar too.")
    var tab = false

    @Option(
        name: .long, help: "The project folder (default: the nearest folder from here upward with a manifest.json).", completion: .directory
    )
    var project: String?

    /// What `mactl new` parsed before `page`: options of a new project, which a page has not.
    @OptionGroup(visibility: .private) var projectOptions: NewProjectOptions

    func validate() throws {
        let given = projectOptions.given
        guard given.isEmpty else {
            let names = given.count == 1 ? given[0] : given.dropLast().joined(separator: ", ") + " and " + given.last!
            throw ValidationError("\(names) \(given.count == 1 ? "is an option" : "are options") of a new project, not of 'mactl new page'")
        }
    }

    func run() async throws {
        let path = ProjectLoading.projectPath(project)
        let root = URL(fileURLWithPath: path)
        if let project, !FileManager.default.fileExists(atPath: project) {
            throw CommandFailure(message: "no such folder '\(project)'; --project names a MiniApp project folder")
        }
        guard FileManager.default.fileExists(atPath: root.appendingPathComponent(ProjectModel.manifestPath).path) else {
            throw CommandFailure(
                message: project == nil
                    ? "no manifest.json here or in any folder above; run mactl new page inside a MiniApp project, or name one with --project"
                    : "no manifest.json in '\(path)'; --project names a MiniApp project folder")
        }
        let loaded: Project
        do {
            loaded = try ProjectLoader.load(root: root)
        } catch {
            throw CommandFailure(message: error.description)
        }
        let plan: PageScaffolder.Plan
        do {
            plan = try PageScaffolder.plan(for: loaded, options: PageScaffolder.Options(name: name, asTab: tab))
            try ProjectChangeWriter.write(plan.changes, into: root)
        } catch let failure as PageScaffolder.Failure {
            throw CommandFailure(message: failure.description)
        } catch let failure as ProjectChangeWriter.Failure {
            throw CommandFailure(message: failure.description)
        }
        let prefix = ProjectLoading.displayPrefix(for: path)
        var output = ""
        for change in plan.changes {
            switch change.kind {
            case .created: output += "created \(DisplayPath.joined(prefix, change.path))\n"
            case .updated(let summary): output += "updated \(DisplayPath.joined(prefix, change.path)): \(summary)\n"
            }
        }
        if !tab {
            output += "open it from a page's script: skip.nav.navigateTo({ url: '\(plan.route)' })\n"
        }
        output += "next: mactl lint\(project.map { " " + ShellWord.quoted($0) } ?? "")\n"
        Terminal.standardOutput(output)
    }
}
