/// One run of `mactl test`: the project read, checked to be an app the runtime would start,
/// then its `tests/**/*.test.js` run in the logic-layer host (`LogicTestRunner`).
public struct TestSession: Sendable {
    public var source: ProjectSource
    public var options: LogicTestRunner.Options

    public init(source: ProjectSource, options: LogicTestRunner.Options) {
        self.source = source
        self.options = options
    }

    /// The project's tests, run once.
    public func run() throws(ProjectSource.Failure) -> LogicTestRun {
        var (project, configuration) = try source.load()
        // The host is SkipMiniApp's, whatever runtime the project lints against.
        configuration.runtime = .skip
        guard let manifest = project.file(ProjectModel.manifestPath) else {
            throw ProjectSource.Failure(message: "'\(source.path)' has no manifest.json; give the MiniApp's folder")
        }
        guard CatalogManifest.object(manifest.bytes) != nil else {
            throw ProjectSource.Failure(
                message: "manifest.json is not a JSON object, so the runtime would not start the app; 'mactl lint' says where")
        }
        let model = ProjectModel(project: project, configuration: configuration)
        return LogicTestRunner.run(model, options: options)
    }
}
