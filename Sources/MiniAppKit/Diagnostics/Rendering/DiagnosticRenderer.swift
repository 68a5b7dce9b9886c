/// Turns a lint's diagnostics into one output format. One file per format; the CLI picks one
/// with `--format`.
public protocol DiagnosticRenderer {
    func render(_ report: DiagnosticReport) -> String
}

/// What a renderer needs besides the diagnostics: the sources (for excerpts), the rules (for
/// SARIF's rule table) and how to show paths.
public struct DiagnosticReport: Sendable {
    public var diagnostics: [Diagnostic]
    public var sourceFiles: [String: SourceFile]
    public var rules: [RuleDescription]
    /// How many files were checked, for the summary.
    public var fileCount: Int
    /// Prepended to project-relative paths by formats read outside the project (GitHub
    /// annotations and SARIF need paths relative to the repository): the project path as the
    /// user gave it, with a trailing '/', or empty.
    public var pathPrefix: String
    /// The i18n coverage table, shown by the text and JSON formats (empty without locales).
    public var localeCoverage: [LocaleCoverage]
    /// More top-level members for the JSON document, after the diagnostics: what a command
    /// proved besides them (`verify`'s signature and package digest).
    public var jsonMembers: [(String, JSONOutput)] = []

    public init(
        diagnostics: [Diagnostic], sourceFiles: [String: SourceFile] = [:], rules: [RuleDescription] = RuleRegistry.descriptions,
        fileCount: Int = 0, pathPrefix: String = "", localeCoverage: [LocaleCoverage] = []
    ) {
        self.diagnostics = diagnostics
        self.sourceFiles = sourceFiles
        self.rules = rules
        self.fileCount = fileCount
        self.pathPrefix = pathPrefix
        self.localeCoverage = localeCoverage
    }

    public init(_ result: LintResult, pathPrefix: String = "") {
        self.init(
            diagnostics: result.diagnostics, sourceFiles: result.sourceFiles,
            fileCount: result.model.project.files.count, pathPrefix: pathPrefix, localeCoverage: result.model.localeCoverage)
    }

    /// "1 error, 2 warnings and 0 notes" style counts, shared by the text summary.
    public var countsPhrase: String {
        func plural(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
        return "\(plural(diagnostics.errorCount, "error")), \(plural(diagnostics.warningCount, "warning")) and \(plural(diagnostics.noteCount, "note"))"
    }
}

public enum OutputFormat: String, Sendable, CaseIterable {
    case text
    case json
    case sarif
    case github

    public func renderer(colored: Bool) -> any DiagnosticRenderer {
        switch self {
        case .text: TextRenderer(colored: colored)
        case .json: JSONRenderer()
        case .sarif: SARIFRenderer()
        case .github: GitHubActionsRenderer()
        }
    }
}
