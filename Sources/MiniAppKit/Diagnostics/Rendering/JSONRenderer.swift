/// A stable JSON document for tools: the summary, then each diagnostic with its location,
/// notes and fix-it. Keys come in a fixed order.
public struct JSONRenderer: DiagnosticRenderer {
    public init() {}

    public func render(_ report: DiagnosticReport) -> String {
        let document = JSONOutput.object(
            [
                ("version", .integer(2)),
                ("tool", .object([("name", .string("mactl")), ("version", .string(MactlVersion.current))])),
                (
                    "summary",
                    .object([
                        ("errors", .integer(report.diagnostics.errorCount)),
                        ("warnings", .integer(report.diagnostics.warningCount)),
                        ("notes", .integer(report.diagnostics.noteCount)),
                        ("files", .integer(report.fileCount)),
                    ])
                ),
                (
                    "i18n",
                    .array(
                        report.localeCoverage.map { row in
                            .object([
                                ("locale", .string(row.tag)), ("file", .string(row.path)), ("default", .bool(row.isDefault)),
                                ("present", .integer(row.present)), ("missing", .integer(row.missing)), ("extra", .integer(row.extra)),
                            ])
                        })
                ),
                ("diagnostics", .array(report.diagnostics.map(diagnostic))),
            ] + report.jsonMembers)
        return document.pretty() + "\n"
    }

    private func diagnostic(_ diagnostic: Diagnostic) -> JSONOutput {
        var members: [(String, JSONOutput)] = [
            ("id", .string(diagnostic.id)),
            ("severity", .string(diagnostic.severity.rawValue)),
            ("message", .string(diagnostic.message)),
        ]
        members.append(contentsOf: Self.location(diagnostic.span))
        members.append(
            (
                "notes",
                .array(
                    diagnostic.notes.map { note in
                        .object([("message", .string(note.message))] + Self.location(note.span))
                    })
            ))
        if let fixIt = diagnostic.fixIt {
            members.append(
                (
                    "fix_it",
                    .object(
                        [("message", .string(fixIt.message))] + Self.location(fixIt.span) + [("replacement", .string(fixIt.replacement))])
                ))
        }
        return .object(members)
    }

    static func location(_ span: SourceSpan?) -> [(String, JSONOutput)] {
        guard let span else { return [("file", .null)] }
        guard span.hasPosition else { return [("file", .string(span.path))] }
        return [
            ("file", .string(span.path)),
            ("line", .integer(span.start.line)),
            ("column", .integer(span.start.column)),
            ("end_line", .integer(span.end.line)),
            ("end_column", .integer(span.end.column)),
        ]
    }
}
