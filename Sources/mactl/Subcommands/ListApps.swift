import ArgumentParser
import Foundation
import MiniAppKit

/// For the SwiftPM command plugin, which cannot use MiniAppKit: the MiniApp folders `lint`
/// and `pack` run on when it is given no path, one absolute path a line. Hidden: the search
/// and its skipped folders are the library's (`MiniAppFolders`), and this only prints them.
struct ListApps: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list-apps",
        abstract: "Print the MiniApp folders under a folder, one a line (for the SwiftPM plugin).",
        shouldDisplay: false)

    @Argument(help: "The folder to search.")
    var path: String = "."

    func run() async throws {
        let root = URL(fileURLWithPath: path).standardizedFileURL
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw CommandFailure(message: "no such folder '\(path)'")
        }
        let folders = MiniAppFolders.find(under: root)
        Terminal.standardOutput(folders.map { $0.path + "\n" }.joined())
    }
}
