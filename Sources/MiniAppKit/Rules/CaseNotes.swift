/// The note every "file not found" rule adds when only the letter case differs.
func caseNotes(for path: String, in model: ProjectModel) -> [DiagnosticNote] {
    guard let other = model.project.caseInsensitiveMatch(for: path) else { return [] }
    return [DiagnosticNote(message: "'\(other)' exists, but file names in a package are case-sensitive", span: .file(other))]
}
