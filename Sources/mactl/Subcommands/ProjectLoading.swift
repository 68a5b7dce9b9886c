import Foundation
import MiniAppKit

/// Loading and linting a project the way `lint` and `pack` both do.
enum ProjectLoading {
    /// The project a command runs on: `path` when given; without one, the nearest folder from
    /// the current one upward that has a `manifest.json` (as git and cargo find their root),
    /// written relative to the current folder (`..`), or `.` when there is none.
    static func projectPath(_ path: String?, from current: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)) -> String {
        if let path { return path }
        var folder = current.standardizedFileURL
        var ups = 0
        while true {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent(ProjectModel.manifestPath).path) {
                return ups == 0 ? "." : Array(repeating: "..", count: ups).joined(separator: "/")
            }
            let parent = folder.deletingLastPathComponent().standardizedFileURL
            guard parent.path != folder.path else { return "." }
            folder = parent
            ups += 1
        }
    }

    /// The project folder as text, JSON, SARIF and GitHub output print it before each path, so
    /// a terminal or an editor opens the file from the current folder: `demo/` for `demo`,
    /// `./demo` or `/home/me/work/demo` run from /home/me/work; nothing for the current folder;
    /// `../` for the one above. A folder outside the current one given as an absolute path
    /// stays absolute, as the user wrote it.
    static func displayPrefix(
        for path: String, from current: String = FileManager.default.currentDirectoryPath
    ) -> String {
        let currentComponents = URL(fileURLWithPath: current).standardizedFileURL.pathComponents
        let target = URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: current, isDirectory: true)).standardizedFileURL
        let targetComponents = target.pathComponents
        var shared = 0
        while shared < min(currentComponents.count, targetComponents.count), currentComponents[shared] == targetComponents[shared] {
            shared += 1
        }
        let inside = shared == currentComponents.count
        if path.hasPrefix("/") && !inside { return target.path + "/" }
        let relative = Array(repeating: "..", count: currentComponents.count - shared) + targetComponents[shared...]
        return relative.isEmpty ? "" : relative.joined(separator: "/") + "/"
    }

    static func lint(path: String, config: String?, runtime: RuntimeProfile? = nil) throws -> LintResult {
        let root = URL(fileURLWithPath: path)
        let project: Project
        do {
            project = try ProjectLoader.load(root: root)
        } catch {
            throw CommandFailure(message: error.description)
        }
        if let config, !FileManager.default.fileExists(atPath: config) {
            throw CommandFailure(message: "no such configuration file '\(config)'")
        }
        var configuration = ConfigurationLocator.load(forProjectAt: root, explicitPath: config.map { URL(fileURLWithPath: $0) })
        if let runtime { configuration.runtime = runtime }
        return Linter.lint(project, configuration: configuration)
    }
}
