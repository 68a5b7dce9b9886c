/// A top-level `function` or `var` that another script defines at top level too.
public struct ScriptGlobalReplaced: Rule {
    public static let description = RuleDescription(
        id: "script-global-replaced", domain: .script, severity: .warning,
        summary:
            "Two scripts define the same top-level 'function' or 'var': the one that runs later silently replaces the other for every page.",
        rationale: """
            SkipMiniApp runs `app.js` and every page script in one JavaScript context, so their \
            top-level declarations share one global scope. A `function` or `var` that another \
            script defines too raises no error: the script that runs later replaces the value \
            for every script, so a handler of one page calls the other page's `format()`, or \
            reads and writes the other page's `items`. `app.js` runs first, so a page's \
            definition replaces the app's; of two pages, the one opened last wins. The \
            diagnostic is on the later script in manifest order, with a note at the other \
            definition. Move page helpers and state into the `Page({...})` object or into \
            functions, or give the names a page prefix. Copies that cannot differ are not \
            reported: two function declarations written token for token alike, and two \
            `var name = <string, number, boolean or null>` alike when no script assigns the \
            name. A clash with a `let`, `const` or `class` is `script-global-redeclared`'s; names \
            the runtime declares itself (`fetch`) are `script-runtime-global-shadowed`'s. \
            Runtimes that give each script its own context (`w3c`) are not checked.
            """,
        runtimeFacts: ["skip.one-script-context"],
        triggering: [
            RuleExample(
                files: [
                    (
                        "pages/index/index.js",
                        "function format(n) {\n  return n + ' items';\n}\nPage({\n  data: { title: format(1) },\n});\n"
                    ),
                    (
                        "pages/detail/detail.js",
                        "function 1️⃣format(n) {\n  return '$' + n.toFixed(2);\n}\nvar 2️⃣items = [];\nPage({\n  data: { title: format(1) },\n});\n"
                    ),
                    ("app.js", "var items = [];\nApp({\n  onLaunch() {}\n});\n"),
                ],
                supportFiles: SharedScopeExample.twoPages,
                expected: [
                    .at(
                        "1️⃣",
                        "top-level 'function format' is also defined by 'pages/index/index.js' ('function format'): all scripts share one global scope, so the page opened last replaces the other's for every page (a handler of one page calls the other page's 'format'); move it into a function or the 'Page({...})' object, or rename it"
                    )
                    .notes(["'pages/index/index.js' defines 'format' here"]),
                    .at(
                        "2️⃣",
                        "top-level 'var items' replaces the 'var items' of 'app.js': all scripts share one global scope, so once this page has been opened every page and 'app.js' use this page's 'items'; move it into a function or the 'Page({...})' object, or rename it"
                    ),
                ])
        ],
        nonTriggering: [
            // One script's own helpers, a copy that cannot differ, and a constant nothing assigns.
            RuleExample(
                files: [
                    (
                        "pages/index/index.js",
                        "var API = 'https://example.com/api';\nfunction pad(n) {\n  return n < 10 ? '0' + n : String(n);\n}\nvar visits = 0;\nPage({\n  data: { title: pad(1) },\n});\n"
                    ),
                    (
                        "pages/detail/detail.js",
                        "var API = 'https://example.com/api';\nfunction pad(n) {\n  return n < 10 ? '0' + n : String(n);\n}\nPage({\n  data: { title: pad(2) },\n});\n"
                    ),
                ],
                supportFiles: SharedScopeExample.twoPages),
            // The same names inside functions are each function's own.
            RuleExample(
                files: [
                    (
                        "pages/index/index.js",
                        "Page({\n  data: { title: 'Hello' },\n  onLoad() {\n    var items = [];\n    function format(n) { return n; }\n    this.setData({ title: format(items.length) });\n  },\n});\n"
                    ),
                    (
                        "pages/detail/detail.js",
                        "function load() {\n  var items = [];\n  return items;\n}\nPage({\n  data: { title: 'Detail' },\n});\n"
                    ),
                ],
                supportFiles: SharedScopeExample.twoPages),
            RuleExample(
                files: [
                    (
                        "pages/index/index.js",
                        "function format(n) {\n  return n + ' items';\n}\nPage({\n  data: { title: format(1) },\n});\n"
                    ),
                    ("pages/detail/detail.js", "function format(n) {\n  return '$' + n;\n}\nPage({\n  data: { title: format(1) },\n});\n"),
                ],
                supportFiles: SharedScopeExample.twoPages, configuration: "runtime: w3c\n"),
        ])

    public init() {}

    private static let assignmentOperators: Set<String> = [
        "=", "+=", "-=", "*=", "/=", "%=", "**=", "<<=", ">>=", ">>>=", "&=", "|=", "^=", "&&=", "||=", "??=", "++", "--",
    ]

    public func check(_ model: ProjectModel) -> [Finding] {
        guard let scope = SharedScriptScope(model) else { return [] }
        return scope.clashes.compactMap { clash -> Finding? in
            let declaration = clash.declaration
            let earlier = clash.earlierDeclaration
            guard !declaration.kind.isLexical, !earlier.kind.isLexical, !isSameConstant(clash, in: scope) else { return nil }
            let name = declaration.name
            let written = "top-level '\(declaration.kind.rawValue) \(name)'"
            let other = "'\(clash.earlier.path)' ('\(earlier.kind.rawValue) \(name)')"
            let fix = "move it into a function or the 'Page({...})' object, or rename it"
            let message: String
            if clash.earlier.isApp {
                message =
                    "\(written) replaces the '\(earlier.kind.rawValue) \(name)' of 'app.js': all scripts share one global scope, so once this page has been opened every page and 'app.js' use this page's '\(name)'; \(fix)"
            } else {
                let use = declaration.kind == .function && earlier.kind == .function ? "calls" : "uses"
                message =
                    "\(written) is also defined by \(other): all scripts share one global scope, so the page opened last replaces the other's for every page (a handler of one page \(use) the other page's '\(name)'); \(fix)"
            }
            return Finding(
                message, at: clash.later.script.span(declaration.range),
                notes: [
                    DiagnosticNote(
                        message: "'\(clash.earlier.path)' defines '\(name)' here", span: clash.earlier.script.span(earlier.range))
                ])
        }
    }

    /// Two definitions that cannot differ: function declarations alike token for token, or
    /// `var name = <literal>` alike with a string, number, boolean or null that no script
    /// assigns again (an object or array could be changed through either page).
    private func isSameConstant(_ clash: SharedScriptScope.Clash, in scope: SharedScriptScope) -> Bool {
        let later = clash.later.script.tokens[clash.declaration.tokenRange]
        let earlier = clash.earlier.script.tokens[clash.earlierDeclaration.tokenRange]
        guard later.map(\.kind) == earlier.map(\.kind), later.map(\.text) == earlier.map(\.text) else { return false }
        switch clash.declaration.kind {
        case .function:
            return true
        case .var:
            guard later.count == 4, let value = later.last, Self.isPrimitiveLiteral(value) else { return false }
            return !scope.members.contains { member in isAssigned(clash.declaration.name, in: member) }
        case .let, .const, .class:
            return false
        }
    }

    private static func isPrimitiveLiteral(_ token: JavaScriptToken) -> Bool {
        switch token.kind {
        case .string, .number, .template(.complete): return true
        case .identifier: return ["true", "false", "null"].contains(token.text)
        default: return false
        }
    }

    /// Whether `name` is written anywhere in the script other than in its top-level `var`:
    /// `name = …`, `name += …`, `name++`, `--name`. A local of the same name counts too,
    /// which can only report a harmless copy, never hide a harmful one.
    private func isAssigned(_ name: String, in member: SharedScriptScope.Member) -> Bool {
        let declared = member.declarations.first { $0.name == name }?.range
        let tokens = member.script.tokens
        return tokens.indices.contains { index in
            let token = tokens[index]
            guard token.kind == .identifier, token.text == name, token.range != declared else { return false }
            if index > 0, tokens[index - 1].kind == .punctuator {
                let previous = tokens[index - 1].text
                if previous == "." || previous == "?." { return false }
                if previous == "++" || previous == "--" { return true }
            }
            guard index + 1 < tokens.count, tokens[index + 1].kind == .punctuator else { return false }
            return Self.assignmentOperators.contains(tokens[index + 1].text)
        }
    }
}
