/// A page script's own top-level `let`, `const` or `class`, which fails the script when the
/// page is opened a second time.
public struct ScriptGlobalOnRevisit: Rule {
    public static let description = RuleDescription(
        id: "script-global-on-revisit", domain: .script, severity: .warning,
        summary:
            "A page script declares a top-level 'let', 'const' or 'class', and the page can be opened more than once: the second time its script fails.",
        rationale: """
            SkipMiniApp runs a page's script again each time the page is opened anew (each \
            `navigateTo`, `redirectTo`, or `reLaunch` to it), in the one JavaScript context all \
            scripts share. The second run declares its top-level `let`, `const` and `class` \
            names again, which is a SyntaxError: nothing of the script runs, the runtime keeps \
            the first visit's registration, and the page shows the data the first visit left \
            instead of its `data:` (its `onLoad` runs on the first visit's page object). On iOS \
            no message says so. `var` and `function` may be declared again: the fix-it turns \
            `let` and `const` into `var`; a `class` can become `var Name = class { … }`, or move \
            into a function or the `Page({...})` object. \
            A stack root runs its script once, on first display: a tab page when the manifest \
            has two tabs or more, otherwise `pages[0]`. A root is reported only when a literal \
            `navigateTo` or `redirectTo` (or, for a root that is not a tab, `reLaunch`) names \
            it, since that opens a second copy; every other page is reported, as it is opened \
            by navigation and can be opened again. `app.js` runs once. Names another script \
            declares too (`script-global-redeclared`, `script-global-replaced`) or the runtime \
            declares (`script-runtime-global-shadowed`) are left to those rules. Runtimes that \
            give each script its own context (`w3c`) are not checked.
            """,
        runtimeFacts: ["skip.page-script-per-visit", "skip.one-script-context", "skip.script-errors-silent"],
        triggering: [
            RuleExample(
                files: [
                    ("manifest.json", SharedScopeExample.twoPagesManifest),
                    ("pages/detail/detail.js", "const 1️⃣pageSize = 20;\nclass 2️⃣Loader {}\nPage({\n  data: { title: 'Detail' },\n});\n"),
                ],
                supportFiles: SharedScopeExample.twoPages,
                expected: [
                    .at(
                        "1️⃣",
                        "top-level 'const pageSize' fails this script when the page is opened a second time (it runs again in the same global scope): the page then shows the data its first visit left; use 'var', or move it into a function or the 'Page({...})' object"
                    )
                    .fixIt("var"),
                    .at(
                        "2️⃣",
                        "top-level 'class Loader' fails this script when the page is opened a second time (it runs again in the same global scope): the page then shows the data its first visit left; write 'var Loader = class { … }', or move it into a function or the 'Page({...})' object"
                    ),
                ]),
            // The launch page, opened again by a navigation call.
            RuleExample(
                files: [
                    (
                        "pages/index/index.js",
                        "let { 1️⃣title, page } = { title: 'Hello', page: 1 };\nPage({\n  data: { title },\n  onTapHome() {\n    skip.nav.navigateTo({ url: 'pages/index/index' });\n  },\n});\n"
                    )
                ],
                expected: [
                    .at(
                        "1️⃣",
                        "top-level 'let' of 'title', 'page' fails this script when the page is opened a second time (it runs again in the same global scope): the page then shows the data its first visit left; use 'var', or move it into a function or the 'Page({...})' object"
                    )
                    .notes(["'navigateTo' opens the page again"])
                    .fixIt("var")
                ]),
        ],
        nonTriggering: [
            // The launch page runs once when nothing navigates to it; a `let` inside a function is its own.
            .file(
                "pages/index/index.js",
                "const greeting = 'Hello';\nPage({\n  data: { title: greeting },\n  onLoad() {\n    let count = 0;\n    this.setData({ title: greeting + count });\n  },\n});\n"
            ),
            // A tab page of a two-tab app runs once: 'switchTab' shows the same copy again.
            {
                var example = RuleExample.twoTabApp
                example.files += [
                    ("pages/me/me.js", "const greeting = 'Hi';\nPage({\n  data: { title: greeting },\n});\n"),
                    (
                        "pages/index/index.js",
                        "Page({\n  data: { title: 'Hello' },\n  onTapMe() {\n    skip.nav.switchTab({ url: 'pages/me/me' });\n  },\n});\n"
                    ),
                ]
                return example
            }(),
            // `var` and `function` may be declared again.
            RuleExample(
                files: [("pages/detail/detail.js", "var pageSize = 20;\nfunction load() {}\nPage({\n  data: { title: 'Detail' },\n});\n")],
                supportFiles: SharedScopeExample.twoPages),
            // `app.js` runs once.
            .file("app.js", "const launchedAt = Date.now();\nApp({\n  onLaunch() { console.log(launchedAt); }\n});\n"),
            RuleExample(
                files: [("pages/detail/detail.js", "const pageSize = 20;\nPage({\n  data: { title: 'Detail' },\n});\n")],
                supportFiles: SharedScopeExample.twoPages, configuration: "runtime: w3c\n"),
        ])

    public init() {}

    /// The calls that open a fresh copy of a page, and so run its script again.
    private static let reopeningAPIs: Set<String> = ["nav.navigateTo", "nav.redirectTo"]

    public func check(_ model: ProjectModel) -> [Finding] {
        guard let scope = SharedScriptScope(model) else { return [] }
        let leftToOtherRules = scope.sharedNames.union(scope.runtimeDeclaredGlobals)
        let rootRoutes = Set(model.stackRoots.map(\.route))
        var findings: [Finding] = []
        for member in scope.members {
            guard let page = member.page else { continue }
            let lexical = member.declarations.filter { $0.kind.isLexical && !leftToOtherRules.contains($0.name) }
            guard !lexical.isEmpty else { continue }
            var notes: [DiagnosticNote] = []
            if rootRoutes.contains(page.route) {
                // `reLaunch` keeps root views; to a root that is not a tab it pushes a new copy.
                let apis = page.isTab ? Self.reopeningAPIs : Self.reopeningAPIs.union(["nav.reLaunch"])
                notes = NavigationTarget.all(in: model, apis: apis).filter { $0.route == page.route }.map { target in
                    DiagnosticNote(message: "'\(target.shortName)' opens the page again", span: target.script.span(target.range))
                }
                guard !notes.isEmpty else { continue }
            }
            // One finding per declaration statement: its names share the keyword the fix-it changes.
            var statements: [(keyword: Range<Int>, declarations: [TopLevelDeclaration])] = []
            for declaration in lexical {
                if let last = statements.indices.last, statements[last].keyword == declaration.keywordRange {
                    statements[last].declarations.append(declaration)
                } else {
                    statements.append((declaration.keywordRange, [declaration]))
                }
            }
            for statement in statements {
                guard let first = statement.declarations.first else { continue }
                let kind = first.kind.rawValue
                let names = statement.declarations.map { "'\($0.name)'" }
                let written = names.count == 1 ? "'\(kind) \(first.name)'" : "'\(kind)' of \(names.joined(separator: ", "))"
                let instead = first.kind == .class ? "write 'var \(first.name) = class { … }'" : "use 'var'"
                let fixIt =
                    first.kind == .class
                    ? nil
                    : FixIt(
                        message: "declare with 'var', which may be declared again", span: member.script.span(statement.keyword),
                        replacement: "var")
                findings.append(
                    Finding(
                        "top-level \(written) fails this script when the page is opened a second time (it runs again in the same global scope): the page then shows the data its first visit left; \(instead), or move it into a function or the 'Page({...})' object",
                        at: member.script.span(first.range), notes: notes, fixIt: fixIt))
            }
        }
        return findings
    }
}
