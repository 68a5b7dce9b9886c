/// A rule fed by the smoke run.
public protocol RunRule: Rule {
    /// The ids of static rules that find the same problem; see `Linter.withoutRepeatedRunFindings`.
    static var sameProblemAs: Set<String> { get }
}

extension RunRule {
    public static var asRunRule: (any RunRule.Type)? { Self.self }
}

extension ProjectModel {
    /// The smoke run's findings of `kind` as rule findings, each with a note saying what the
    /// run was doing; `everyVisit` is the severity of one that happened while the app started
    /// or a page opened, which happens on every visit (`nil`: the rule's own).
    func smokeFindings(_ kind: SmokeRunFinding.Kind, everyVisit: Severity? = nil) -> [Finding] {
        smokeRun.findings(kind).map { finding in
            let notes = finding.during.map { [DiagnosticNote(message: "the smoke run was \($0)")] } ?? []
            return Finding(
                finding.message, at: finding.span, notes: notes,
                defaultSeverity: finding.severity ?? (finding.onEveryVisit ? everyVisit : nil))
        }
    }
}

/// The minimal app's page with `script` and a button bound to `onTap()` below its text, for
/// the `run-*` rules' examples.
enum RunExample {
    static func page(script: String, expected: [ExpectedFinding] = []) -> RuleExample {
        let template = MinimalApp.files["pages/index/index.html", default: ""]
            .replacingOccurrences(of: "</body>", with: "  <button @click=\"onTap()\">Tap</button>\n</body>")
        return RuleExample(files: [("pages/index/index.js", script), ("pages/index/index.html", template)], expected: expected)
    }
}
