/// A page script that never calls `Page(...)`, or an `app.js` that never calls `App(...)`.
public struct ScriptMissingRegistration: Rule {
    public static let description = RuleDescription(
        id: "script-missing-registration", domain: .script, severity: .error,
        summary: "A page script does not call 'Page({...})', or 'app.js' does not call 'App({...})'.",
        rationale: """
            The runtime learns a page's data and handlers only from `Page({...})` (and the app's \
            hooks from `App({...})`); a script that defines functions without registering them \
            leaves the page without data and every event without a handler.
            """,
        triggering: [
            .file("pages/index/index.js", "1️⃣const page = {\n  data: { title: 'Hello' },\n};\n",
                  expected: [.at("1️⃣", "page script does not call 'Page({...})'; the page has no data and no handlers")]),
        ],
        nonTriggering: [.file("pages/index/index.js", "const data = { title: 'Hello' };\nPage({ data });\n")])

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] {
        var findings: [Finding] = []
        let start = { (script: ScriptModel) in script.span(0..<0) }
        if let app = model.appScript, app.loaded, app.registration.appCalls.isEmpty {
            findings.append(Finding("'app.js' does not call 'App({...})'; the app's lifecycle hooks never run", at: start(app)))
        }
        for page in model.pages {
            guard let script = page.script, script.loaded, script.registration.pageCalls.isEmpty else { continue }
            let message = script.registration.appCalls.isEmpty
                ? "page script does not call 'Page({...})'; the page has no data and no handlers"
                : "page script calls 'App({...})' instead of 'Page({...})'"
            findings.append(Finding(message, at: start(script)))
        }
        return findings
    }
}
