import MiniAppKit

/// `mactl explain RULE` on a terminal: the rule's section of `docs/rules.md` as text to read
/// there, as `rustc --explain` prints: paragraphs wrapped, no Markdown marks, and each example
/// shown with line numbers and a caret under the place the diagnostic points, with what mactl
/// reports there (the examples' `1️⃣` markers are for the web page, where carets cannot be).
public enum RuleExplanation {
    /// Paragraphs are wrapped to this many columns: a terminal's usual width.
    public static let width = 80

    public static func text(for rule: RuleDescription, colored: Bool = false) -> String {
        let style = Style(colored: colored)
        var lines = [style.bold(rule.id) + ": " + style.severity(rule.defaultSeverity) + " by default", ""]
        lines += wrap(plain(rule.summary, style)) + [""]
        for paragraph in rule.rationale.components(separatedBy: "\n\n") {
            lines += wrap(plain(paragraph, style)) + [""]
        }
        if !rule.runtimeFacts.isEmpty {
            lines += wrap("Depends on the runtime: \(rule.runtimeFacts.joined(separator: ", ")) (docs/runtimes.md).") + [""]
        }
        if RuleRegistry.pageRuleIDs.contains(rule.id) {
            lines += wrap("Checks each page on its own: a lint after a change runs it only on the pages that changed.") + [""]
        }
        for (index, example) in rule.triggeringExamples.enumerated() {
            lines.append(style.bold(rule.triggeringExamples.count > 1 ? "Triggers (\(index + 1)):" : "Triggers:"))
            lines += render(example, rule: rule, style: style)
        }
        for example in rule.nonTriggeringExamples where !example.files.isEmpty || example.configuration != nil {
            lines.append(style.bold("Does not trigger:"))
            lines += render(example, rule: rule, style: style)
        }
        while lines.last == "" { lines.removeLast() }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The example's files, each with numbered lines and, under a line that held markers, a
    /// caret and the expected diagnostic for each; findings on a whole file follow its name.
    private static func render(_ example: RuleExample, rule: RuleDescription, style: Style) -> [String] {
        var lines = [""]
        if !example.removedFiles.isEmpty {
            lines += wrap("A project without " + example.removedFiles.joined(separator: ", ") + ".", indent: "  ") + [""]
        }
        var files = example.files
        if let configuration = example.configuration { files.insert((".mactl.yml", configuration), at: 0) }
        let expected = Dictionary(
            example.expected.compactMap { finding in finding.marker.map { ($0, finding) } }, uniquingKeysWith: { first, _ in first })
        for (path, text) in files {
            lines.append("  " + style.bold(path))
            for finding in example.expected where finding.marker == nil && finding.path == path {
                lines.append("  " + report(finding, rule: rule, style: style))
            }
            let sourceLines =
                text.hasSuffix("\n") ? String(text.dropLast()).components(separatedBy: "\n") : text.components(separatedBy: "\n")
            let numberWidth = String(sourceLines.count).count
            for (index, line) in sourceLines.enumerated() {
                let (shown, markers) = withoutMarkers(line)
                let number = String(index + 1)
                lines.append("  " + String(repeating: " ", count: numberWidth - number.count) + number + " | " + shown)
                for (marker, column) in markers {
                    guard let finding = expected[marker] else { continue }
                    let gutter = "  " + String(repeating: " ", count: numberWidth) + " | "
                    lines.append(
                        gutter + String(repeating: " ", count: column) + style.caret("^") + " " + report(finding, rule: rule, style: style))
                }
            }
            lines.append("")
        }
        return lines
    }

    private static func report(_ finding: ExpectedFinding, rule: RuleDescription, style: Style) -> String {
        style.severity(finding.severity ?? rule.defaultSeverity) + ": " + finding.message
    }

    /// The line without its example markers, and each marker with the column (in characters)
    /// it marks.
    static func withoutMarkers(_ line: String) -> (String, [(marker: String, column: Int)]) {
        var shown = ""
        var markers: [(String, Int)] = []
        var rest = Substring(line)
        while !rest.isEmpty {
            if let marker = markerNames.first(where: { rest.hasPrefix($0) }) {
                markers.append((marker, shown.count))
                rest = rest.dropFirst(marker.count)
            } else {
                shown.append(rest.removeFirst())
            }
        }
        return (shown, markers)
    }

    static let markerNames = ["1️⃣", "2️⃣", "3️⃣", "4️⃣", "5️⃣", "6️⃣", "7️⃣", "8️⃣", "9️⃣"]

    /// The Markdown of a description as text: `code` and **bold** lose their marks (and are
    /// coloured on a terminal that wants it), and a [link](target) keeps its words.
    static func plain(_ markdown: String, _ style: Style) -> String {
        var text = ""
        var rest = Substring(markdown)
        while let first = rest.first {
            if first == "`", let end = rest.dropFirst().firstIndex(of: "`") {
                text += style.code(String(rest[rest.index(after: rest.startIndex)..<end]))
                rest = rest[rest.index(after: end)...]
            } else if rest.hasPrefix("**"), let end = rest.dropFirst(2).range(of: "**") {
                text += style.bold(String(rest[rest.index(rest.startIndex, offsetBy: 2)..<end.lowerBound]))
                rest = rest[end.upperBound...]
            } else if first == "[", let close = rest.range(of: "]("), let end = rest[close.upperBound...].firstIndex(of: ")"),
                !rest[rest.startIndex..<close.lowerBound].contains("\n")
            {
                text += String(rest[rest.index(after: rest.startIndex)..<close.lowerBound])
                rest = rest[rest.index(after: end)...]
            } else {
                text.append(first)
                rest = rest.dropFirst()
            }
        }
        return text
    }

    /// Words filled into lines of at most `width` visible columns (a longer word gets its own line).
    static func wrap(_ text: String, indent: String = "") -> [String] {
        var lines: [String] = []
        var line = ""
        var visible = 0
        for word in text.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
            let length = Style.visibleCount(word)
            if visible > 0, indent.count + visible + 1 + length > width {
                lines.append(indent + line)
                line = ""
                visible = 0
            }
            if visible > 0 {
                line += " "
                visible += 1
            }
            line += word
            visible += length
        }
        if !line.isEmpty { lines.append(indent + line) }
        return lines
    }

    /// ANSI styles, or none.
    struct Style {
        var colored: Bool

        func bold(_ text: String) -> String { paint(text, "1") }
        func code(_ text: String) -> String { paint(text, "36") }
        func caret(_ text: String) -> String { paint(text, "1;32") }

        func severity(_ severity: Severity) -> String {
            switch severity {
            case .error: paint("error", "1;31")
            case .warning: paint("warning", "1;35")
            case .note: paint("note", "1;36")
            }
        }

        private func paint(_ text: String, _ code: String) -> String {
            colored ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
        }

        /// Characters a terminal shows: escape sequences take no room.
        static func visibleCount(_ text: Substring) -> Int {
            var count = 0
            var inEscape = false
            for character in text {
                if character == "\u{1B}" {
                    inEscape = true
                } else if inEscape {
                    if character == "m" { inEscape = false }
                } else {
                    count += 1
                }
            }
            return count
        }
    }
}
