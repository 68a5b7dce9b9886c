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

    /// The editor's range of a span, in the file it names as the lint read it.
    static func range(of span: SourceSpan?, in files: [String: SourceFile]) -> EditorRange {
        guard let span, let file = files[span.path] else { return .fileStart }
        return file.editorRange(of: span)
    }

    /// A diagnostic as `textDocument/publishDiagnostics` carries it: the rule's id as `code`,
    /// its documentation as `codeDescription`, notes as related information (a note with no
    /// place points at the diagnostic's own).
    func diagnostic(_ diagnostic: Diagnostic, files: [String: SourceFile]) -> JSONOutput {
        let range = Self.range(of: diagnostic.span, in: files)
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
                            let noteRange = note.span.map { Self.range(of: $0, in: files) } ?? range
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
    func edit(_ fixIt: FixIt, files: [String: SourceFile]) -> JSONOutput {
        let range = Self.range(of: fixIt.span, in: files)
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
