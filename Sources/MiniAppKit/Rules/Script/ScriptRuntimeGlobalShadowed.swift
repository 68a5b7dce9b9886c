/// A top-level declaration named like a global the runtime declares in the shared script
/// context (`fetch`, `__i18nMessages`, …).
public struct ScriptRuntimeGlobalShadowed: Rule {
    public static let description = RuleDescription(
        id: "script-runtime-global-shadowed", domain: .script, severity: .error,
        summary:
            "A script declares a top-level name the runtime declares itself ('fetch', '__i18nMessages', …): a 'let', 'const' or 'class' fails the script, a 'function' or 'var' replaces the runtime's.",
        rationale: """
            SkipMiniApp's modules declare some globals by evaluating script in the one \
            JavaScript context every script shares: `fetch` (network), `__i18nMessages`, \
            `__i18nLocale`, `__i18nTranslate` (i18n), `__FSDirectoryHandle`, `__FSFileHandle` \
            (file system). A top-level `let`, `const` or `class` of one of these names is a \
            SyntaxError before any of the script runs: a page gets no `Page()`, so no data and \
            no handlers, and `app.js` does nothing; on iOS no message says so (an error). A \
            top-level `function` or `var` of such a name raises nothing but replaces the \
            runtime's global for every script (a warning): every `fetch(...)` of every page \
            calls it (`skip.net.fetch` is unaffected). Rename the declaration, or move it into \
            a function. Runtimes that give each script its own context (`w3c`) are not checked.
            """,
        runtimeFacts: ["skip.script-declared-globals", "skip.one-script-context", "skip.script-errors-silent"],
        triggering: [
            .file(
                "pages/index/index.js", "const 1️⃣fetch = (url) => skip.net.fetch(url);\nPage({\n  data: { title: 'Hello' },\n});\n",
                expected: [
                    .at(
                        "1️⃣",
                        "top-level 'const fetch' clashes with the global 'fetch' the runtime declares in the script context all scripts share: this script fails before any of its code runs, so the page has no data and no handlers; rename it, or move it into a function"
                    )
                ]),
            .file(
                "app.js", "function 1️⃣fetch(url, options) {\n  return skip.net.fetch(url, options);\n}\nApp({\n  onLaunch() {}\n});\n",
                expected: [
                    .at(
                        "1️⃣",
                        "top-level 'function fetch' replaces the global 'fetch' the runtime declares, for every page and 'app.js'; rename it, or move it into a function"
                    )
                ]),
        ],
        nonTriggering: [
            // Inside a function, and a name the runtime does not declare.
            .file(
                "pages/index/index.js",
                "function load(url) {\n  const fetch = skip.net.fetch;\n  return fetch(url);\n}\nvar request = (url) => fetch(url);\nPage({\n  data: { title: 'Hello' },\n});\n"
            ),
            RuleExample(
                files: [
                    ("pages/index/index.js", "const fetch = (url) => skip.net.fetch(url);\nPage({\n  data: { title: 'Hello' },\n});\n")
                ],
                configuration: "runtime: w3c\n"),
        ])

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] {
        guard let scope = SharedScriptScope(model) else { return [] }
        return scope.members.flatMap { member in
            member.declarations.compactMap { declaration -> Finding? in
                guard scope.runtimeDeclaredGlobals.contains(declaration.name) else { return nil }
                let written = "top-level '\(declaration.kind.rawValue) \(declaration.name)'"
                let span = member.script.span(declaration.range)
                guard declaration.kind.isLexical else {
                    return Finding(
                        "\(written) replaces the global '\(declaration.name)' the runtime declares, for every page and 'app.js'; rename it, or move it into a function",
                        at: span, defaultSeverity: .warning)
                }
                let outcome = member.isApp ? "nothing of 'app.js' runs" : "the page has no data and no handlers"
                return Finding(
                    "\(written) clashes with the global '\(declaration.name)' the runtime declares in the script context all scripts share: this script fails before any of its code runs, so \(outcome); rename it, or move it into a function",
                    at: span)
            }
        }
    }
}
