/// Turns a lint's diagnostics into one output format. One file per format; the CLI picks one
/// with `--format`.
public protocol DiagnosticRenderer {
    func render(_ report: DiagnosticReport) -> String
}

/// What a renderer needs besides the diagnostics: the sources (for excerpts), the catalogue of
/// ids (for SARIF's rule table). Its paths are the ones every format prints: relative to the current
/// folder (the project's folder prefixed), so a terminal, an editor or CI opens them as they are.
public struct DiagnosticReport: Sendable {
    public var diagnostics: [Diagnostic]
    public var sourceFiles: [String: SourceFile]
    public var catalog: [DiagnosticEntry]
    /// How many files were checked, for the summary.
    public var fileCount: Int
    /// The i18n coverage table, shown by the text and JSON formats (empty without locales).
    public var localeCoverage: [LocaleCoverage]
    /// How many projects the report covers: the text format titles each coverage table with
    /// its project when there are several.
    public var projectCount = 1
    /// More top-level members for the JSON document, after the diagnostics: what a command
    /// proved besides them (`verify`'s signature and package digest).
    public var jsonMembers: [(String, JSONOutput)] = []
    /// The diagnostics `--quiet` left out (`onlyFailing`), counted so the summary can say so:
    /// a quiet run that printed "no problems found" over warnings would not be telling the truth.
    public var hiddenByQuiet: [Diagnostic] = []

    /// `pathPrefix` is the project folder as shown from the current folder, with a trailing
    /// '/' (`demo/`, `../`), or empty: it is put before every project-relative path, in the
    /// diagnostics, their notes and fix-its, the source files and the coverage rows, so no
    /// renderer has its own idea of a path.
    public init(
        diagnostics: [Diagnostic], sourceFiles: [String: SourceFile] = [:], catalog: [DiagnosticEntry] = DiagnosticCatalog.all,
        fileCount: Int = 0, pathPrefix: String = "", localeCoverage: [LocaleCoverage] = []
    ) {
        self.diagnostics = diagnostics.map { $0.rebased(onto: pathPrefix) }
        self.sourceFiles =
            pathPrefix.isEmpty
            ? sourceFiles : Dictionary(sourceFiles.map { (DisplayPath.joined(pathPrefix, $0.key), $0.value) }) { first, _ in first }
        self.catalog = catalog
        self.fileCount = fileCount
        self.localeCoverage = localeCoverage.map { row in
            var row = row
            row.path = DisplayPath.joined(pathPrefix, row.path)
            if !pathPrefix.isEmpty { row.project = String(pathPrefix.dropLast()) }
            return row
        }
    }

    public init(_ result: LintResult, pathPrefix: String = "") {
        self.init(
            diagnostics: result.diagnostics, sourceFiles: result.sourceFiles,
            fileCount: result.model.project.files.count, pathPrefix: pathPrefix, localeCoverage: result.model.localeCoverage)
    }

    /// Several projects' reports as one (`mactl lint a b`): their diagnostics in the order the
    /// projects were given, their files counted together.
    public init(combining reports: [DiagnosticReport]) {
        self.init(diagnostics: [])
        for report in reports {
            diagnostics += report.diagnostics
            sourceFiles.merge(report.sourceFiles) { first, _ in first }
            fileCount += report.fileCount
            localeCoverage += report.localeCoverage
            hiddenByQuiet += report.hiddenByQuiet
        }
        projectCount = reports.count
    }

    /// The report `--quiet` shows: what fails the command (errors, and warnings when `strict`),
    /// without the coverage table; what it leaves out is kept in `hiddenByQuiet` to be counted.
    public func onlyFailing(strict: Bool) -> DiagnosticReport {
        var report = self
        let fails = { (diagnostic: Diagnostic) in diagnostic.severity == .error || (strict && diagnostic.severity == .warning) }
        report.diagnostics = diagnostics.filter(fails)
        report.hiddenByQuiet = hiddenByQuiet + diagnostics.filter { !fails($0) }
        report.localeCoverage = []
        return report
    }

    /// "2 warnings and 1 note hidden by --quiet", or nil when `--quiet` hid nothing. Counts
    /// diagnostics, since their attached notes were never shown either.
    public var hiddenPhrase: String? {
        guard !hiddenByQuiet.isEmpty else { return nil }
        let parts = [(hiddenByQuiet.warningCount, "warning"), (hiddenByQuiet.noteCount, "note")]
            .filter { $0.0 > 0 }.map { count, noun in "\(count) \(noun)\(count == 1 ? "" : "s")" }
        return parts.joined(separator: " and ") + " hidden by --quiet"
    }

    /// "1 error, 2 warnings and 3 notes" style counts, shared by the text summary. The notes
    /// are every `note:` line the text shows: note diagnostics and the notes attached to the
    /// others (a person counts the lines, not the diagnostics).
    public var countsPhrase: String {
        func plural(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
        let notes = diagnostics.noteCount + diagnostics.reduce(0) { $0 + $1.notes.count }
        return "\(plural(diagnostics.errorCount, "error")), \(plural(diagnostics.warningCount, "warning")) and \(plural(notes, "note"))"
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
