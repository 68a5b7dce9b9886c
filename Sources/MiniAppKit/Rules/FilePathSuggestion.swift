/// The project file a missing path most likely means: one in the same folder with the same
/// extension whose name is a close spelling (or the same name in another letter case), for the
/// "did you mean" of the rules about files the manifest names.
enum FilePathSuggestion {
    static func closest(to path: String, in project: Project) -> String? {
        let folder = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        let name = String(path.split(separator: "/").last ?? "")
        let extensionStart = name.lastIndex(of: ".")
        let stem = extensionStart.map { String(name[..<$0]) } ?? name
        let fileExtension = extensionStart.map { String(name[$0...]).lowercased() } ?? ""
        var stems: [String: String] = [:]
        for candidate in project.paths {
            let parts = candidate.split(separator: "/", omittingEmptySubsequences: false)
            guard parts.dropLast().joined(separator: "/") == folder, let last = parts.last,
                let dot = last.lastIndex(of: "."), last[dot...].lowercased() == fileExtension
            else { continue }
            stems[String(last[..<dot]), default: candidate] = candidate
        }
        return NameSuggester.closest(to: stem, in: stems.keys.sorted()).flatMap { stems[$0] }
    }

    /// "; did you mean 'icons/home.svg'?" and the fix-it that writes it in the manifest's string.
    static func advice(for written: String, path: String, at span: SourceSpan?, in model: ProjectModel) -> (clause: String, fixIt: FixIt?) {
        guard let suggestion = closest(to: path, in: model.project) else { return ("", nil) }
        let fixIt = span.flatMap { LiteralFixIt.replacing(written, with: suggestion, at: $0, in: model.manifestFile) }
        return ("; did you mean '\(suggestion)'?", fixIt)
    }
}
