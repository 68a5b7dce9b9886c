/// A top-level `let`, `const` or `class` name that another script declares at top level too.
public struct ScriptGlobalRedeclared: Rule {
    public static let description = RuleDescription(
        id: "script-global-redeclared", domain: .script, severity: .error,
        summary:
            "Two scripts declare the same top-level name and at least one of them with 'let', 'const' or 'class': the script that runs second fails.",
        rationale: """
            SkipMiniApp runs `app.js` and every page script in one JavaScript context, so their \
            top-level declarations share one global scope. A `let`, `const` or `class` whose \
            name an earlier script already declared (with any keyword), or a `var` or \
            `function` over an earlier `let`, `const` or `class`, is a SyntaxError when the \
            second script is evaluated: nothing of it runs, `Page()` is never called, and the \
            page shows no data and no handler works. On iOS the error is dropped without a \
            message. `app.js` runs first, so a page that clashes with it always fails; of two \
            pages, whichever is opened second fails. The diagnostic is on the later script in \
            manifest order, with a note at the first declaration. Keep page state in the \
            `Page({...})` object (`data`, methods) or inside functions, or give the names a \
            page prefix. Only names at the top level clash: a `let` inside a function, block \
            or object is the script's own. Scripts that do not run (a syntax error) declare \
            nothing; names the runtime declares itself (`fetch`) are \
            `script-runtime-global-shadowed`'s. Runtimes that give each script its own context \
            (`w3c`) are not checked.
            """,
        runtimeFacts: ["skip.one-script-context", "skip.script-errors-silent"],
        triggering: [
            RuleExample(
                files: [
                    ("app.js", "const api = 'https://example.com/api';\nApp({\n  onLaunch() {}\n});\n"),
                    ("pages/index/index.js", "const 1️⃣api = 'https://example.com/api/items';\nPage({\n  data: { title: 'Hello' },\n});\n"),
                ],
                expected: [
                    .at(
                        "1️⃣",
                        "top-level 'const api' is already declared by 'app.js' ('const api'), which runs first in the one script context all pages share: this page's script fails before any of its code runs, so the page has no data and no handlers; move 'api' into a function or the 'Page({...})' object, or rename it"
                    )
                    .notes(["'app.js' declares 'api' here"])
                ]),
            RuleExample(
                files: [
                    ("pages/index/index.js", "var count = 0;\nPage({\n  data: { title: 'Hello' },\n});\n"),
                    ("pages/detail/detail.js", "let 1️⃣count = 0;\nPage({\n  data: { title: 'Detail' },\n});\n"),
                ],
                supportFiles: SharedScopeExample.twoPages,
                expected: [
                    .at(
                        "1️⃣",
                        "top-level 'let count' is also declared by 'pages/index/index.js' ('var count'): all scripts share one global scope, so whichever of the two pages is opened second fails before any of its code runs and has no data and no handlers; move 'count' into a function or the 'Page({...})' object, or rename it"
                    )
                ]),
            RuleExample(
                files: [
                    ("pages/index/index.js", "class Cart {}\nPage({\n  data: { title: 'Hello' },\n});\n"),
                    ("pages/detail/detail.js", "function 1️⃣Cart() {}\nPage({\n  data: { title: 'Detail' },\n});\n"),
                ],
                supportFiles: SharedScopeExample.twoPages,
                expected: [
                    .at(
                        "1️⃣",
                        "top-level 'function Cart' is also declared by 'pages/index/index.js' ('class Cart'): all scripts share one global scope, so whichever of the two pages is opened second fails before any of its code runs and has no data and no handlers; move 'Cart' into a function or the 'Page({...})' object, or rename it"
                    )
                ]),
        ],
        nonTriggering: [
            // Each `let` inside a function belongs to that function.
            RuleExample(
                files: [
                    (
                        "pages/index/index.js",
                        "Page({\n  data: { title: 'Hello' },\n  onLoad() {\n    let count = 0;\n    this.setData({ title: 'n' + count });\n  },\n});\n"
                    ),
                    (
                        "pages/detail/detail.js",
                        "function load() {\n  const count = 1;\n  return count;\n}\nPage({\n  data: { title: 'Detail' },\n  onLoad() { load(); },\n});\n"
                    ),
                ],
                supportFiles: SharedScopeExample.twoPages),
            // A `let` in app.js that no page declares.
            .file("app.js", "const launchedAt = Date.now();\nApp({\n  onLaunch() { console.log(launchedAt); }\n});\n"),
            // A script that does not parse declares nothing (`script-load-error` reports it).
            RuleExample(files: [
                ("app.js", "const api = 'x';\nApp({});\n"),
                ("pages/index/index.js", "const api = 'y';\nPage({\n  data: { title: 'Hello' }\n"),
            ]),
            RuleExample(
                files: [
                    ("app.js", "const api = 'https://example.com/api';\nApp({});\n"),
                    ("pages/index/index.js", "const api = 'https://example.com/api/items';\nPage({\n  data: { title: 'Hello' },\n});\n"),
                ],
                configuration: "runtime: w3c\n"),
        ])

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] {
        guard let scope = SharedScriptScope(model) else { return [] }
        return scope.clashes.compactMap { clash -> Finding? in
            let declaration = clash.declaration
            let earlier = clash.earlierDeclaration
            guard declaration.kind.isLexical || earlier.kind.isLexical else { return nil }
            let name = declaration.name
            let written = "top-level '\(declaration.kind.rawValue) \(name)'"
            let other = "'\(clash.earlier.path)' ('\(earlier.kind.rawValue) \(name)')"
            let fix = "move '\(name)' into a function or the 'Page({...})' object, or rename it"
            let message =
                clash.earlier.isApp
                ? "\(written) is already declared by \(other), which runs first in the one script context all pages share: this page's script fails before any of its code runs, so the page has no data and no handlers; \(fix)"
                : "\(written) is also declared by \(other): all scripts share one global scope, so whichever of the two pages is opened second fails before any of its code runs and has no data and no handlers; \(fix)"
            return Finding(
                message, at: clash.later.script.span(declaration.range),
                notes: [
                    DiagnosticNote(
                        message: "'\(clash.earlier.path)' declares '\(name)' here", span: clash.earlier.script.span(earlier.range))
                ])
        }
    }
}
