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
            lines.append(headline(diagnostic))
            lines.append(contentsOf: excerpt(for: diagnostic.span, in: report))
            if let fixIt = diagnostic.fixIt {
                lines.append(gutterPadding(for: diagnostic.span) + " = " + paint("fix-it:", .green) + " \(fixIt.message)")
            }
            for note in diagnostic.notes {
                lines.append(header(location(note.span ?? diagnostic.span), severity: "note", message: note.message))
            }
        }
        lines.append(contentsOf: coverageTables(report.localeCoverage, namingProjects: report.projectCount > 1))
        let files =
            "\(report.fileCount) \(report.fileCount == 1 ? "file" : "files")"
            + (report.projectCount > 1 ? " in \(report.projectCount) projects" : "")
        var summary = report.diagnostics.isEmpty ? "no problems found in \(files)" : "\(report.countsPhrase) in \(files)"
        if let hidden = report.hiddenPhrase {
            // Not "no problems found": there are some, the reader asked not to see them.
            summary = (report.diagnostics.isEmpty ? "no errors in \(files)" : summary) + "; " + hidden
        }
        lines.append(paint(summary, .bold))
        return lines.joined(separator: "\n") + "\n"
    }

    /// `i18n coverage: ...` then one aligned row per locale, for each project (its rows start
    /// with its default locale); the project is named when there are several.
    private func coverageTables(_ rows: [LocaleCoverage], namingProjects: Bool) -> [String] {
        var tables: [[LocaleCoverage]] = []
        for row in rows {
            if row.isDefault || tables.isEmpty { tables.append([row]) } else { tables[tables.count - 1].append(row) }
        }
        return tables.flatMap { coverageTable($0, namingProject: namingProjects) }
    }

    private func coverageTable(_ rows: [LocaleCoverage], namingProject: Bool) -> [String] {
        guard let defaultRow = rows.first(where: \.isDefault) else { return [] }
        let width = rows.map(\.tag.count).max() ?? 0
        let title = namingProject ? "i18n coverage of \(defaultRow.project)" : "i18n coverage"
        var lines = ["\(title) (default locale '\(defaultRow.tag)', \(defaultRow.present) keys):"]
        for row in rows {
            let tag = row.tag.padding(toLength: width, withPad: " ", startingAt: 0)
            lines.append("  \(tag)  \(row.present) present, \(row.missing) missing, \(row.extra) extra")
        }
        return lines
    }

    /// `path:line:col: error: message [id]`: the first line of a diagnostic, alone where a
    /// whole rendering is too much (`lint --watch` in a log lists what changed with it).
    public func headline(_ diagnostic: Diagnostic) -> String {
        header(
            location(diagnostic.span), severity: diagnostic.severity.rawValue,
            message: diagnostic.message + paint(" [\(diagnostic.id)]", .dim))
    }

    private func location(_ span: SourceSpan?) -> String? {
        guard let span else { return nil }
        return span.hasPosition ? "\(span.path):\(span.start.line):\(span.start.column)" : span.path
    }

    private func header(_ location: String?, severity: String, message: String) -> String {
        let style: Style =
            switch severity {
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
            let (text, skippedScalars, cutAfter) = Self.lineWindow(file, line: span.start.line, around: span.start.offset)
        else { return [] }
        var scalars = Array(text.unicodeScalars)
        var column = span.start.column - 1 - skippedScalars
        var underlineLength = 1
        if span.end.line == span.start.line, span.end.column > span.start.column {
            underlineLength = span.end.column - span.start.column
        }
        var leading = skippedScalars > 0 ? "..." : "", trailing = cutAfter ? "..." : ""
        // A long line, or the window of a very long one, is cut around the column; a window
        // whose end is not the line's end never shifts left to show more.
        if skippedScalars > 0 || cutAfter || scalars.count > Self.excerptWidth {
            let start = max(0, min(column - Self.excerptWidth / 3, cutAfter ? Int.max : scalars.count - Self.excerptWidth))
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

    /// The text of `line`, or of a window of it around `offset` when the line is so long that
    /// decoding all of it for each diagnostic would be quadratic (a one-line file with 100,000
    /// findings). Returns the text, how many scalars of the line precede it, and whether the
    /// line goes on after it.
    static func lineWindow(_ file: SourceFile, line: Int, around offset: Int) -> (String, Int, Bool)? {
        guard line >= 1, line <= file.lineStarts.count else { return nil }
        let lineStart = file.lineStarts[line - 1]
        var lineEnd = line < file.lineStarts.count ? file.lineStarts[line] - 1 : file.bytes.count
        if lineEnd > lineStart, file.bytes[lineEnd - 1] == UInt8(ascii: "\r") { lineEnd -= 1 }
        let reach = 4 * excerptWidth  // bytes: enough for excerptWidth scalars either side
        guard lineEnd - lineStart > 4 * reach else { return file.lineText(line).map { ($0, 0, false) } }
        var start = max(lineStart, min(offset, lineEnd) - reach)
        // Start on a scalar boundary as the column count sees it.
        while start > lineStart, start < lineEnd, file.bytes[start] & 0xC0 == 0x80 { start -= 1 }
        let end = min(lineEnd, max(offset, start) + reach)
        let skipped = file.position(at: start).column - 1
        return (String(decoding: file.bytes[start..<end], as: UTF8.self), skipped, end < lineEnd)
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
