import Foundation

/// swiftc-style text: `path:line:col: error: message [id]`, the source line with a caret
/// under the span, then notes and the fix-it; a summary line at the end.
public struct TextRenderer: DiagnosticRenderer {
    public var colored: Bool

    public init(colored: Bool = false) {
        self.colored = colored
    }

    public func render(_ report: DiagnosticReport) -> String {
        var lines: [String] = []
        for diagnostic in report.diagnostics {
            lines.append(header(location(diagnostic.span), severity: diagnostic.severity.rawValue, message: diagnostic.message + paint(" [\(diagnostic.id)]", .dim)))
            lines.append(contentsOf: excerpt(for: diagnostic.span, in: report))
            if let fixIt = diagnostic.fixIt {
                lines.append(gutterPadding(for: diagnostic.span) + " = " + paint("fix-it:", .green) + " \(fixIt.message)")
            }
            for note in diagnostic.notes {
                lines.append(header(location(note.span ?? diagnostic.span), severity: "note", message: note.message))
            }
        }
        lines.append(contentsOf: coverageTable(report.localeCoverage))
        let summary = report.diagnostics.isEmpty
            ? "no problems found in \(report.fileCount) \(report.fileCount == 1 ? "file" : "files")"
            : "\(report.countsPhrase) in \(report.fileCount) \(report.fileCount == 1 ? "file" : "files")"
        lines.append(paint(summary, .bold))
        return lines.joined(separator: "\n") + "\n"
    }

    /// `i18n coverage: ...` then one aligned row per locale.
    private func coverageTable(_ rows: [LocaleCoverage]) -> [String] {
        guard let defaultRow = rows.first(where: \.isDefault) else { return [] }
        let width = rows.map(\.tag.count).max() ?? 0
        var lines = ["i18n coverage (default locale '\(defaultRow.tag)', \(defaultRow.present) keys):"]
        for row in rows {
            let tag = row.tag.padding(toLength: width, withPad: " ", startingAt: 0)
            lines.append("  \(tag)  \(row.present) present, \(row.missing) missing, \(row.extra) extra")
        }
        return lines
    }

    private func location(_ span: SourceSpan?) -> String? {
        guard let span else { return nil }
        return span.hasPosition ? "\(span.path):\(span.start.line):\(span.start.column)" : span.path
    }

    private func header(_ location: String?, severity: String, message: String) -> String {
        let style: Style = switch severity {
        case "error": .red
        case "warning": .magenta
        default: .cyan
        }
        let label = paint(severity + ":", style)
        guard let location else { return "\(label) \(paint(message, .bold))" }
        return "\(paint(location + ":", .bold)) \(label) \(paint(message, .bold))"
    }

    /// Source lines longer than this are shown as a window around the column.
    static let excerptWidth = 120

    /// ` 20 | source line` and `    |     ^~~~` under it, like swiftc's formatter. A long line
    /// (minified code, a one-line file) is cut to a window around the column.
    private func excerpt(for span: SourceSpan?, in report: DiagnosticReport) -> [String] {
        guard let span, span.hasPosition, let file = report.sourceFiles[span.path],
              let text = file.lineText(span.start.line) else { return [] }
        var scalars = Array(text.unicodeScalars)
        var column = span.start.column - 1
        var underlineLength = 1
        if span.end.line == span.start.line, span.end.column > span.start.column {
            underlineLength = span.end.column - span.start.column
        }
        var leading = "", trailing = ""
        if scalars.count > Self.excerptWidth {
            let start = max(0, min(column - Self.excerptWidth / 3, scalars.count - Self.excerptWidth))
            let end = min(scalars.count, start + Self.excerptWidth)
            if start > 0 { leading = "..." }
            if end < scalars.count { trailing = "..." }
            scalars = Array(scalars[start..<end])
            column = column - start + leading.count
            underlineLength = min(underlineLength, max(1, scalars.count + leading.count - column))
        }
        let shown = leading + String(String.UnicodeScalarView(scalars)) + trailing
        let number = String(span.start.line)
        let gutter = String(repeating: " ", count: number.count)
        // Keep tabs so the caret lines up under what the terminal shows.
        let prefix = shown.unicodeScalars.prefix(max(0, column)).map { $0 == "\t" ? "\t" : " " }.joined()
        let underline = "^" + String(repeating: "~", count: max(0, min(underlineLength, Self.excerptWidth) - 1))
        return [
            "\(number) | \(shown)",
            "\(gutter) | \(prefix)\(paint(underline, .green))",
        ]
    }

    private func gutterPadding(for span: SourceSpan?) -> String {
        guard let span, span.hasPosition else { return "" }
        return String(repeating: " ", count: String(span.start.line).count)
    }

    private enum Style: String {
        case bold = "1"
        case dim = "2"
        case red = "1;31"
        case green = "32"
        case magenta = "1;35"
        case cyan = "1;36"
    }

    private func paint(_ text: String, _ style: Style) -> String {
        colored ? "\u{1B}[\(style.rawValue)m\(text)\u{1B}[0m" : text
    }
}
