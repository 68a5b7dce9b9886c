import Foundation

/// A project's files as an editor names them: `file://` URIs of absolute paths, and the
/// protocol's JSON for diagnostics, ranges and edits.
struct EditorFiles: Sendable {
    /// The project's root, absolute and standardized.
    var root: URL
    /// The URI an editor opened each absolute path under, used back as the editor wrote it.
    var openURIs: [String: String]

    func absolutePath(_ path: String) -> String {
        root.appendingPathComponent(path).standardizedFileURL.path
    }

    func uri(_ path: String) -> String {
        let absolute = absolutePath(path)
        return openURIs[absolute] ?? URL(fileURLWithPath: absolute).absoluteString
    }

    static func range(_ range: EditorRange) -> JSONOutput {
        .object([("start", position(range.start)), ("end", position(range.end))])
    }

    static func position(_ position: EditorPosition) -> JSONOutput {
        .object([("line", .integer(position.line)), ("character", .integer(position.character))])
    }

    /// A diagnostic as `textDocument/publishDiagnostics` carries it: the rule's id as `code`,
    /// its documentation as `codeDescription`, notes as related information (a note with no
    /// place points at the diagnostic's own).
    func diagnostic(_ diagnostic: Diagnostic, ranges: DiagnosticRanges) -> JSONOutput {
        let range = ranges.range(of: diagnostic.span)
        let severity: Int
        switch diagnostic.severity {
        case .error: severity = 1
        case .warning: severity = 2
        case .note: severity = 3
        }
        var members: [(String, JSONOutput)] = [
            ("range", Self.range(range)), ("severity", .integer(severity)), ("code", .string(diagnostic.id)),
        ]
        if let entry = DiagnosticCatalog.entry(for: diagnostic.id) {
            members.append(("codeDescription", .object([("href", .string(entry.documentationURL))])))
        }
        members.append(("source", .string("mactl")))
        members.append(("message", .string(diagnostic.message)))
        if !diagnostic.notes.isEmpty {
            let ownPath = diagnostic.span?.path ?? ProjectModel.manifestPath
            members.append(
                (
                    "relatedInformation",
                    .array(
                        diagnostic.notes.map { note in
                            let path = note.span?.path ?? ownPath
                            let noteRange = note.span.map { ranges.range(of: $0) } ?? range
                            return .object([
                                ("location", .object([("uri", .string(uri(path))), ("range", Self.range(noteRange))])),
                                ("message", .string(note.message)),
                            ])
                        })
                ))
        }
        return .object(members)
    }

    /// The workspace edit of a fix-it.
    func edit(_ fixIt: FixIt, ranges: DiagnosticRanges) -> JSONOutput {
        let range = ranges.range(of: fixIt.span)
        return .object([
            (
                "changes",
                .object([
                    (uri(fixIt.span.path), .array([.object([("range", Self.range(range)), ("newText", .string(fixIt.replacement))])]))
                ])
            )
        ])
    }
}

/// The editor ranges of diagnostics' spans, in the files as the lint read them: every offset
/// the diagnostics name is converted in one walk per file (`EditorPositionTable`).
struct DiagnosticRanges {
    private var tables: [String: EditorPositionTable] = [:]
    private let files: [String: SourceFile]

    init(_ diagnostics: [Diagnostic], fixIts: [FixIt] = [], files: [String: SourceFile]) {
        self.files = files
        var offsets: [String: [Int]] = [:]
        func add(_ span: SourceSpan?) {
            guard let span, span.hasPosition else { return }
            offsets[span.path, default: []] += [span.start.offset, span.end.offset]
        }
        for diagnostic in diagnostics {
            add(diagnostic.span)
            for note in diagnostic.notes { add(note.span) }
            add(diagnostic.fixIt?.span)
        }
        for fixIt in fixIts { add(fixIt.span) }
        for (path, wanted) in offsets {
            if let file = files[path] { tables[path] = EditorPositionTable(file: file, offsets: wanted) }
        }
    }

    /// A span without a position, or in a file the lint did not read, is the file's start.
    func range(of span: SourceSpan?) -> EditorRange {
        guard let span, span.hasPosition, let file = files[span.path] else { return .fileStart }
        let table = tables[span.path]
        return EditorRange(
            start: table?.position(span.start.offset) ?? file.editorPosition(at: span.start.offset),
            end: table?.position(span.end.offset) ?? file.editorPosition(at: span.end.offset))
    }
}
