/// A script does not load: a syntax error, an exception at load, or it never finishes.
public struct ScriptLoadError: Rule {
    public static let description = RuleDescription(
        id: "script-load-error", domain: .script, severity: .error,
        summary: "A page script or 'app.js' does not load: a syntax error, an exception at load time, or a loop that never ends.",
        rationale: """
            The runtime evaluates each script in JavaScriptCore when the page opens; if it fails, \
            `Page(...)` is never registered and every handler of the page is dead. mactl runs the \
            script the same way, with stand-ins for the globals the runtime defines (`Page`, `App`, `skip`, `console`), \
            after `app.js` in the same context when the runtime shares one (SkipMiniApp), \
            and a time limit, and reports the first failure with its position. The template's \
            checks against a script that does not load are skipped. An exception at load depends \
            on the globals the host defines, so under a runtime whose globals mactl does not model \
            (`w3c`) only syntax errors, endless loops and bad encodings are reported.
            """,
        runtimeFacts: ["skip.globals"],
        triggering: [
            .file(
                "pages/index/index.js", "Page({\n  data: { title: 'Hello' },\n  onTap() {\n    skip.log('x'\n  1️⃣},\n});\n",
                expected: [.at("1️⃣", "SyntaxError: Unexpected token '}'. Expected ')' to end an argument list.")])
        ],
        nonTriggering: [
            // A handler that throws runs only on a tap, not when the script loads.
            .file("pages/index/index.js", "Page({\n  data: { title: 'Hello' },\n  onTap() {\n    throw new Error('not yet');\n  },\n});\n"),
            // SkipMiniApp runs `app.js` first in the same context, so its top-level names are the page's globals.
            RuleExample(files: [
                ("app.js", "var launched = false;\nfunction fmt(n) { return 'n=' + n; }\n"),
                ("pages/index/index.js", "Page({\n  data: { title: fmt(1) + launched },\n});\n"),
            ]),
            // A global of the W3C lifecycle tests' host; under `skip` it is a ReferenceError.
            RuleExample(files: [("app.js", "global.started = true;\n")], configuration: "runtime: w3c\n"),
        ])

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] {
        model.scripts.compactMap { script in
            guard let issue = script.registration.issue,
                model.runtime.evaluatesScripts || issue.kind != .uncaughtException
            else { return nil }
            let span = issue.range.map(script.span) ?? .file(script.file.path)
            var notes: [DiagnosticNote] = []
            if script.file.path != "app.js" {
                notes.append(DiagnosticNote(message: "the page's template is not checked against this script until it loads"))
            }
            return Finding(issue.message, at: span, notes: notes)
        }
    }
}
