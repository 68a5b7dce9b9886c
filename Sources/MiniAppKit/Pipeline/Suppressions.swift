/// Inline suppressions: `<!-- mactl-disable-next-line rule-id -->` in a template,
/// `// mactl-disable-next-line rule-id` in a script. They silence those rules' diagnostics on
/// the next line only, and one that silences nothing is reported, so stale ones do not pile up.
public struct Suppression: Sendable, Hashable {
    public var path: String
    /// The line whose diagnostics it silences.
    public var targetLine: Int
    public var ruleIDs: [String]
    public var span: SourceSpan

    static let marker = "mactl-disable-next-line"

    /// Every suppression in the project's templates and scripts.
    static func find(in model: ProjectModel) -> [Suppression] {
        var result: [Suppression] = []
        for page in model.pages {
            if let template = page.template { result += inHTML(template.file) }
        }
        for script in model.scripts {
            result += inComments(script.comments, of: script.file)
        }
        return result
    }

    static func inHTML(_ file: SourceFile) -> [Suppression] {
        let bytes = file.bytes
        var result: [Suppression] = []
        var index = 0
        while let open = SVGParser.firstOffset(of: "<!--", in: bytes, from: index) {
            guard let close = SVGParser.firstOffset(of: "-->", in: bytes, from: open + 4) else { break }
            if let suppression = parse(text: bytes[(open + 4)..<close], range: open..<(close + 3), in: file) { result.append(suppression) }
            index = close + 3
        }
        return result
    }

    static func inComments(_ comments: [Range<Int>], of file: SourceFile) -> [Suppression] {
        comments.compactMap { range in
            var start = range.lowerBound
            // `//` or `/*` ... `*/`: drop the delimiters.
            start += 2
            var end = range.upperBound
            if end - start >= 2, file.bytes[end - 2] == UInt8(ascii: "*"), file.bytes[end - 1] == UInt8(ascii: "/") { end -= 2 }
            guard start <= end else { return nil }
            return parse(text: file.bytes[start..<end], range: range, in: file)
        }
    }

    private static func parse(text: ArraySlice<UInt8>, range: Range<Int>, in file: SourceFile) -> Suppression? {
        let words = String(decoding: text, as: UTF8.self).split(whereSeparator: { $0.isWhitespace || $0 == "," }).map(String.init)
        guard words.first == marker else { return nil }
        let span = file.span(range)
        return Suppression(path: file.path, targetLine: span.end.line + 1, ruleIDs: Array(words.dropFirst()), span: span)
    }

    /// Removes the diagnostics suppressions silence, and reports suppressions that silenced
    /// nothing or name no rule. A suppression whose rules all are in `unchecked` (rules that
    /// did not run: the smoke run's, in a lint without it) is not known to be unused.
    static func apply(
        _ suppressions: [Suppression], to diagnostics: [Diagnostic], severity: Severity?, unchecked: Set<String> = []
    ) -> [Diagnostic] {
        var used = Set<Int>()
        var kept: [Diagnostic] = []
        for diagnostic in diagnostics {
            guard let span = diagnostic.span, span.hasPosition,
                let index = suppressions.firstIndex(where: {
                    $0.path == span.path && $0.targetLine == span.start.line && $0.ruleIDs.contains(diagnostic.id)
                })
            else {
                kept.append(diagnostic)
                continue
            }
            used.insert(index)
        }
        guard let severity else { return kept }
        let known = Set(RuleRegistry.allIDs)
        for (index, suppression) in suppressions.enumerated() where !used.contains(index) {
            if !suppression.ruleIDs.isEmpty, suppression.ruleIDs.allSatisfy(unchecked.contains) { continue }
            let unknown = suppression.ruleIDs.filter { !known.contains($0) }
            let message: String
            if suppression.ruleIDs.isEmpty {
                message = "'\(marker)' names no rule; write the ids of the rules to silence"
            } else if let id = unknown.first {
                let suggestion = NameSuggester.closest(to: id, in: known.sorted()).map { "; did you mean '\($0)'?" } ?? ""
                message = "'\(marker)' names the unknown rule '\(id)'\(suggestion)"
            } else {
                message =
                    "this suppression silences nothing: line \(suppression.targetLine) has no \(suppression.ruleIDs.map { "'\($0)'" }.joined(separator: " or ")) diagnostic"
            }
            kept.append(
                Diagnostic(id: ProjectUnusedSuppression.description.id, severity: severity, message: message, span: suppression.span))
        }
        return kept
    }
}
