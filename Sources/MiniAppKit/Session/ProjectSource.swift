import Foundation

/// A project as every command that lints reads it: the folder the user named, the
/// configuration file given (else the nearest `.mactl.yml`), and the runtime given in place of
/// the configuration's.
public struct ProjectSource: Sendable {
    /// A project or configuration that cannot be read, in one line.
    public struct Failure: Error, Sendable {
        public var message: String

        public init(message: String) { self.message = message }
    }

    /// The project folder as the user named it: messages quote it as written.
    public var path: String
    /// `--config`; nil for the nearest `.mactl.yml`.
    public var configPath: String?
    /// `--runtime`; nil for the configuration's.
    public var runtime: RuntimeProfile?

    public init(path: String, configPath: String? = nil, runtime: RuntimeProfile? = nil) {
        self.path = path
        self.configPath = configPath
        self.runtime = runtime
    }

    public var root: URL { URL(fileURLWithPath: path) }

    /// The project `folder` is in: the nearest folder from it upward that has a
    /// `manifest.json` (as git and cargo find their root); nil when there is none. How `lint`
    /// with no path and `mactl lsp` find a project.
    public static func enclosingProject(of folder: URL) -> URL? {
        var folder = folder.standardizedFileURL
        while true {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent(ProjectModel.manifestPath).path) { return folder }
            let parent = folder.deletingLastPathComponent().standardizedFileURL
            guard parent.path != folder.path else { return nil }
            folder = parent
        }
    }

    /// The project and its configuration. `previous`: an earlier read of the same folder,
    /// whose unchanged files are not read again.
    public func load(reusing previous: Project? = nil) throws(Failure) -> (project: Project, configuration: Configuration) {
        let project: Project
        do throws(ProjectLoader.Failure) {
            project = try ProjectLoader.load(root: root, reusing: previous)
        } catch {
            throw Failure(message: error.description)
        }
        return (project, try configuration())
    }

    /// The configuration: the file `configPath` names, else the nearest `.mactl.yml`, with
    /// `runtime` in place of the file's when given.
    public func configuration() throws(Failure) -> Configuration {
        if let configPath, !FileManager.default.fileExists(atPath: configPath) {
            throw Failure(message: "no such configuration file '\(configPath)'")
        }
        var configuration = ConfigurationLocator.load(forProjectAt: root, explicitPath: configPath.map { URL(fileURLWithPath: $0) })
        if let runtime { configuration.runtime = runtime }
        return configuration
    }
}
