@testable import MiniAppKit

/// A diagnostic reduced to what tests compare: where, what, which rule.
struct DiagnosticSummary: Hashable, CustomStringConvertible, Comparable {
    var path: String
    var line: Int
    var column: Int
    var id: String
    var message: String
    /// Compared only where an example pins them; nil otherwise.
    var notes: [String]?
    var fixIt: String?
    /// Compared only where an example pins it; nil otherwise.
    var severity: String?

    init(
        path: String, line: Int, column: Int, id: String, message: String, notes: [String]? = nil, fixIt: String? = nil,
        severity: String? = nil
    ) {
        self.path = path
        self.line = line
        self.column = column
        self.id = id
        self.message = message
        self.notes = notes
        self.fixIt = fixIt
        self.severity = severity
    }

    init(_ diagnostic: Diagnostic) {
        self.init(
            path: diagnostic.span?.path ?? "", line: diagnostic.span?.start.line ?? 0,
            column: diagnostic.span?.start.column ?? 0, id: diagnostic.id, message: diagnostic.message)
    }

    var description: String {
        "\(path):\(line):\(column): \(message) [\(id)]" + (notes.map { " notes: \($0)" } ?? "") + (fixIt.map { " fix-it: '\($0)'" } ?? "")
            + (severity.map { " severity: \($0)" } ?? "")
    }

    static func < (lhs: Self, rhs: Self) -> Bool { lhs.description < rhs.description }
}

/// Lints an in-memory project with the default configuration.
func lint(_ contents: [String: String]) -> [Diagnostic] {
    Linter.lint(Project(contents: contents)).diagnostics
}

/// The minimal app with its manifest replaced.
func lintManifest(_ manifest: String, extraFiles: [String: String] = [:]) -> [DiagnosticSummary] {
    var files = MinimalApp.files
    files["manifest.json"] = manifest
    files.merge(extraFiles) { $1 }
    return lint(files).map(DiagnosticSummary.init)
}
