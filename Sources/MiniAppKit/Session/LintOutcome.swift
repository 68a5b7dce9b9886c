/// A lint's result as `lint` reports it: what a lint cache entry holds, with the files the
/// diagnostics point into.
public struct LintOutcome: Sendable {
    public var diagnostics: [Diagnostic]
    public var sourceFiles: [String: SourceFile]
    public var fileCount: Int
    public var localeCoverage: [LocaleCoverage]

    public init(diagnostics: [Diagnostic], sourceFiles: [String: SourceFile], fileCount: Int, localeCoverage: [LocaleCoverage]) {
        self.diagnostics = diagnostics
        self.sourceFiles = sourceFiles
        self.fileCount = fileCount
        self.localeCoverage = localeCoverage
    }

    public init(_ result: LintResult) {
        self.init(
            diagnostics: result.diagnostics, sourceFiles: result.sourceFiles, fileCount: result.model.project.files.count,
            localeCoverage: result.model.localeCoverage)
    }

    /// Whether the project fails the command: an error, or a warning under `--strict`.
    public func fails(strict: Bool) -> Bool {
        diagnostics.contains { $0.severity == .error || (strict && $0.severity == .warning) }
    }

    public func report(pathPrefix: String) -> DiagnosticReport {
        DiagnosticReport(
            diagnostics: diagnostics, sourceFiles: sourceFiles, fileCount: fileCount, pathPrefix: pathPrefix, localeCoverage: localeCoverage
        )
    }
}
