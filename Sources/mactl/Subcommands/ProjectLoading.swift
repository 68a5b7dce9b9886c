import Foundation
import MiniAppKit

/// Loading and linting a project the way `lint` and `pack` both do.
enum ProjectLoading {
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
