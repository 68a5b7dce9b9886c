import Foundation

/// Finds `.mactl.yml` in the project folder or the nearest folder above it, as SwiftLint and
/// swift-format find theirs, so one file can configure several MiniApps in a repository.
public enum ConfigurationLocator {
    /// The config file for a project at `root`, with its path relative to the root as
    /// diagnostics show it (`.mactl.yml`, `../.mactl.yml`).
    public static func locate(forProjectAt root: URL) -> (url: URL, displayPath: String)? {
        var directory = root.standardizedFileURL
        var prefix = ""
        while true {
            let candidate = directory.appendingPathComponent(ConfigurationParser.fileName)
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory), !isDirectory.boolValue {
                return (candidate, prefix + ConfigurationParser.fileName)
            }
            let parent = directory.deletingLastPathComponent()
            if parent.path == directory.path { return nil }
            directory = parent
            prefix += "../"
        }
    }

    /// Reads and parses the config for a project; a config that cannot be read is an issue of
    /// the configuration, not a crash.
    public static func load(forProjectAt root: URL, explicitPath: URL? = nil) -> Configuration {
        let located: (url: URL, displayPath: String)?
        if let explicitPath {
            located = (explicitPath, explicitPath.path)
        } else {
            located = locate(forProjectAt: root)
        }
        guard let located else { return .default }
        guard let data = FileManager.default.contents(atPath: located.url.path) else {
            let file = SourceFile(path: located.displayPath, bytes: [])
            return Configuration(
                file: file,
                issues: [
                    ConfigurationIssue(
                        kind: .syntax, message: "the configuration file cannot be read", span: .file(located.displayPath))
                ])
        }
        let file = SourceFile(path: located.displayPath, bytes: [UInt8](data))
        return ConfigurationParser.parse(file, knownRuleIDs: RuleRegistry.allIDs)
    }
}
