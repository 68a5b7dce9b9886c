extension ProjectModel {
    /// The issues of one kind found while parsing the project's JSON files, as findings.
    /// The JSON rules differ only in which kind they report.
    func jsonIssueFindings(where matches: (JSONIssue.Kind) -> Bool) -> [Finding] {
        jsonDocuments.flatMap { document in
            document.issues.filter { matches($0.kind) }.map { issue in
                var notes: [DiagnosticNote] = []
                if case .duplicateKey(let first) = issue.kind {
                    notes.append(DiagnosticNote(message: "first defined here", span: document.span(first)))
                }
                return Finding(issue.message, at: document.span(issue.range), notes: notes, fixIt: Self.jsonFixIt(for: issue, in: document))
            }
        }
    }

    /// What `--fix` does about a JSONC habit: a trailing comma goes; a comment goes, with its
    /// line when nothing else is on it. A block comment never closed is left alone: removing
    /// it would remove the rest of the file.
    private static func jsonFixIt(for issue: JSONIssue, in document: JSONDocument) -> FixIt? {
        let bytes = document.file.bytes
        switch issue.kind {
        case .trailingComma:
            return FixIt(message: "remove the comma", span: document.span(issue.range), replacement: "")
        case .comment:
            var range = issue.range
            let isBlock = bytes[range.lowerBound + 1] == UInt8(ascii: "*")
            if isBlock,
                range.count < 4 || bytes[range.upperBound - 2] != UInt8(ascii: "*") || bytes[range.upperBound - 1] != UInt8(ascii: "/")
            {
                return nil
            }
            var lineStart = range.lowerBound
            while lineStart > 0, bytes[lineStart - 1] == 0x20 || bytes[lineStart - 1] == 0x09 { lineStart -= 1 }
            var lineEnd = range.upperBound
            while lineEnd < bytes.count, bytes[lineEnd] == 0x20 || bytes[lineEnd] == 0x09 || bytes[lineEnd] == 0x0D { lineEnd += 1 }
            if lineStart == 0 || bytes[lineStart - 1] == 0x0A, lineEnd == bytes.count || bytes[lineEnd] == 0x0A {
                // Alone on its line: the line goes, its newline with it.
                range = lineStart..<min(lineEnd + 1, bytes.count)
            }
            return FixIt(message: "remove the comment", span: document.span(range), replacement: "")
        default:
            return nil
        }
    }
}
