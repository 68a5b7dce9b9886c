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
                return Finding(issue.message, at: document.span(issue.range), notes: notes)
            }
        }
    }
}
