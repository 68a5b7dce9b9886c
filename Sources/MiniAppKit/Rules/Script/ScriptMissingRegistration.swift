/// A page script that never calls `Page(...)`, or an `app.js` that defines app hooks but never
/// calls `App(...)`.
public struct ScriptMissingRegistration: Rule {
    public static let description = RuleDescription(
        id: "script-missing-registration", domain: .script, severity: .error,
        summary: "A page script does not call 'Page({...})', or 'app.js' defines app hooks without calling 'App({...})'.",
        rationale: """
            The runtime learns a page's data and handlers only from `Page({...})`; a script that \
            defines functions without registering them leaves the page without data and every \
            event without a handler. `App()` is optional: an `app.js` that only logs, or is only a \
            comment, is fine. But an `app.js` that writes `onLaunch`, `onShow`, `onHide` or \
            `onError` and never passes them to `App({...})` has hooks that never run.
            """,
        runtimeFacts: ["skip.app-script-optional"],
        triggering: [
            .file(
                "app.js", "1️⃣function onLaunch() {\n  console.log('launched');\n}\n",
                expected: [.at("1️⃣", "'app.js' defines 'onLaunch' but does not call 'App({...})'; the hook never runs")]),
            .file(
                "pages/index/index.js", "1️⃣const page = {\n  data: { title: 'Hello' },\n};\n",
                expected: [.at("1️⃣", "page script does not call 'Page({...})'; the page has no data and no handlers")]),
        ],
        nonTriggering: [
            .file("pages/index/index.js", "const data = { title: 'Hello' };\nPage({ data });\n"),
            .file("app.js", "// The app needs no App() hooks.\nconsole.log('started');\n"),
            // A zero-byte script, which SkipMiniApp skips: `project-empty-file` reports it.
            .file("pages/index/index.js", ""),
        ])

    /// The hooks `App()` keeps; a name of one of them in `app.js` means the author meant to register it.
    static let appHooks: Set<String> = ["onLaunch", "onShow", "onHide", "onError"]

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] {
        var findings: [Finding] = []
        let start = { (script: ScriptModel) in script.span(0..<0) }
        if let app = model.appScript, app.loaded, app.registration.appCalls.isEmpty,
            let hook = app.tokens.first(where: { $0.kind == .identifier && Self.appHooks.contains($0.text) })
        {
            findings.append(Finding("'app.js' defines '\(hook.text)' but does not call 'App({...})'; the hook never runs", at: start(app)))
        }
        for page in model.pages {
            // A zero-byte script the runtime skips is `project-empty-file`'s.
            guard let script = page.script, script.loaded, script.registration.pageCalls.isEmpty, !model.isSkippedAsEmpty(page.scriptPath)
            else { continue }
            let message =
                script.registration.appCalls.isEmpty
                ? "page script does not call 'Page({...})'; the page has no data and no handlers"
                : "page script calls 'App({...})' instead of 'Page({...})'"
            findings.append(Finding(message, at: start(script)))
        }
        return findings
    }
}
