/// A page or app script uses a browser global the logic layer does not have.
public struct ScriptBrowserGlobal: Rule {
    public static let description = RuleDescription(
        id: "script-browser-global", domain: .script, severity: .error,
        summary: "A script uses 'document', 'window', 'localStorage', 'alert' or another browser global.",
        rationale: """
            Page logic runs in an isolated JavaScript context (JavaScriptCore on iOS), not in the \
            WebView: there is no DOM and no storage. A use throws a ReferenceError when it runs, \
            which may be long after load (in a handler), so every use is reported, not only those \
            at load. Use the host API instead: `skip.net.fetch`, `skip.fs`, `setData` for the \
            view. `typeof document` checks and names the script declares itself are fine, and so \
            are the globals the runtime defines: under SkipMiniApp the network module declares a \
            global `fetch`, while under `w3c` no such global is promised.
            """,
        runtimeFacts: ["skip.globals"],
        triggering: [
            .file(
                "pages/index/index.js",
                "Page({\n  data: { title: 'Hello' },\n  onTap() {\n    1️⃣localStorage.setItem('seen', '1');\n  },\n});\n",
                expected: [
                    .at("1️⃣", "'localStorage' does not exist in the logic layer, which has no DOM or browser APIs; use 'skip.fs' instead")
                ]),
            RuleExample(
                files: [
                    (
                        "pages/index/index.js",
                        "Page({\n  data: { title: 'Hello' },\n  async onTap() {\n    await 1️⃣fetch('https://example.com');\n  },\n});\n"
                    )
                ],
                configuration: "runtime: w3c\n",
                expected: [
                    .at("1️⃣", "'fetch' does not exist in the logic layer, which has no DOM or browser APIs; use 'skip.net.fetch' instead")
                ]),
        ],
        nonTriggering: [
            .file(
                "pages/index/index.js",
                "const window = { size: 1 };\nPage({\n  data: { title: 'Hello', window: 1 },\n  async onTap() {\n    if (typeof document !== 'undefined') {}\n    skip.log(window.size, this.data.window, await fetch('https://example.com'));\n  },\n});\n"
            )
        ])

    /// What to use instead, for the globals that have a host counterpart.
    static let alternatives: [String: String] = [
        "localStorage": "skip.fs", "sessionStorage": "skip.fs", "indexedDB": "skip.fs",
        "fetch": "skip.net.fetch", "XMLHttpRequest": "skip.net.fetch", "WebSocket": "skip.net.fetch",
        "location": "skip.nav", "history": "skip.nav",
        "document": "'this.setData' to change the view", "window": "'this.setData' to change the view",
        "alert": "the view to show messages", "confirm": "the view to ask", "prompt": "the view to ask",
    ]

    /// API names are quoted; advice in words is not.
    static func quoted(_ alternative: String) -> String {
        alternative.contains(" ") ? alternative : "'\(alternative)'"
    }

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] {
        // Globals the runtime defines itself (`fetch` under SkipMiniApp) are not the browser's.
        let runtimeGlobals = Set(model.runtime.hostAPI?.globals ?? [])
        return model.scripts.flatMap { script in
            script.facts.browserGlobalUses.filter { !$0.isTypeofGuard && !runtimeGlobals.contains($0.name) }.map { use in
                var message = "'\(use.name)' does not exist in the logic layer, which has no DOM or browser APIs"
                if let alternative = Self.alternatives[use.name] { message += "; use \(Self.quoted(alternative)) instead" }
                return Finding(message, at: script.span(use.range))
            }
        }
    }
}
