extension Suppression {
    /// The edit that silences `diagnostic` on its line: a `mactl-disable-next-line` comment
    /// above it, indented as the line is, or the rule's id added to the one already there.
    /// Nil where no suppression can go: a file other than a page's template or a script, or
    /// a finding without a line.
    /// `existing`: the file's suppressions (`inFile`), when the caller has them, so that the
    /// fixes of many diagnostics of one file do not read it once each.
    public static func fixIt(silencing diagnostic: Diagnostic, in model: ProjectModel, existing: [Suppression]? = nil) -> FixIt? {
        guard let span = diagnostic.span, span.hasPosition, let file = model.project.file(span.path) else { return nil }
        let isTemplate = model.pages.contains { $0.templatePath == span.path && $0.template != nil }
        let isScript = model.scripts.contains { $0.file.path == span.path }
        guard isTemplate || isScript else { return nil }
        let message = "disable '\(diagnostic.id)' for this line"
        let existing = (existing ?? inFile(span.path, of: model)).first { $0.targetLine == span.start.line }
        if let existing {
            guard !existing.ruleIDs.contains(diagnostic.id) else { return nil }
            let ids = (existing.ruleIDs + [diagnostic.id]).joined(separator: " ")
            let text = String(decoding: file.bytes[existing.span.start.offset..<existing.span.end.offset], as: UTF8.self)
            let replacement: String
            if isTemplate {
                replacement = "<!-- \(marker) \(ids) -->"
            } else if text.hasPrefix("/*") {
                replacement = "/* \(marker) \(ids) */"
            } else {
                replacement = "// \(marker) \(ids)"
            }
            return FixIt(message: message, span: existing.span, replacement: replacement)
        }
        let lineStart = file.lineStarts[span.start.line - 1]
        var indentEnd = lineStart
        while indentEnd < file.bytes.count, file.bytes[indentEnd] == UInt8(ascii: " ") || file.bytes[indentEnd] == UInt8(ascii: "\t") {
            indentEnd += 1
        }
        let indent = String(decoding: file.bytes[lineStart..<indentEnd], as: UTF8.self)
        let comment = isTemplate ? "<!-- \(marker) \(diagnostic.id) -->" : "// \(marker) \(diagnostic.id)"
        let lineBreak = file.lineText(span.start.line).map { _ in Self.lineBreak(of: file, line: span.start.line) } ?? "\n"
        return FixIt(message: message, span: file.span(lineStart..<lineStart), replacement: indent + comment + lineBreak)
    }

    /// The suppressions of one page template or script.
    public static func inFile(_ path: String, of model: ProjectModel) -> [Suppression] {
        if let page = model.pages.first(where: { $0.templatePath == path }), let template = page.template { return inHTML(template.file) }
        return model.scripts.first { $0.file.path == path }.map { inComments($0.comments, of: $0.file) } ?? []
    }

    /// The file's line break as the line ends with (`\r\n` or `\n`), so an inserted line matches.
    private static func lineBreak(of file: SourceFile, line: Int) -> String {
        let starts = file.lineStarts
        guard line < starts.count else { return "\n" }
        let end = starts[line] - 1
        return end > 0 && file.bytes[end - 1] == UInt8(ascii: "\r") ? "\r\n" : "\n"
    }
}
