/// `store.<key>` read in a template, but the page never declares or sets that key.
public struct TemplateUnknownStoreKey: PageRule {
    public static let description = RuleDescription(
        id: "template-unknown-store-key", domain: .template, severity: .error,
        summary: "A template reads or models 'store.<key>', but the page's 'data' does not declare it and no 'setData' sets it.",
        rationale: """
            `store` is the page's data as the logic layer sends it; a key it never has reads as \
            `undefined`, so the element stays empty, usually because of a typo (`store.titel`). \
            Declare the key in `data` with its initial value. A page that hands itself to a \
            function (`loadUser(this)`) is not checked: code in another script may set its keys.
            """,
        triggering: [
            .file(
                "pages/index/index.html", "<body x-data=\"page\">\n  <p x-text=\"store.1️⃣titel\"></p>\n</body>\n",
                expected: [
                    .at("1️⃣", "'store.titel' is not in the page's data and no 'setData' sets it; did you mean 'store.title'?").fixIt("title")
                ])
        ],
        nonTriggering: [
            RuleExample(files: [
                (
                    "pages/index/index.html",
                    "<body x-data=\"page\">\n  <p x-text=\"store.title\"></p>\n  <p x-text=\"store.user.name\"></p>\n</body>\n"
                ),
                ("pages/index/index.js", "Page({\n  data: { title: 'Hello', user: { name: 'Ada' } },\n});\n"),
            ]),
            // The page hands itself to a function of app.js, which sets 'user'.
            RuleExample(files: [
                ("pages/index/index.html", "<body x-data=\"page\">\n  <p x-text=\"store.user\"></p>\n</body>\n"),
                ("pages/index/index.js", "Page({\n  data: { title: 'Hello' },\n  onLoad() {\n    loadUser(this);\n  },\n});\n"),
                ("app.js", "function loadUser(page) {\n  page.setData({ user: 'Ada' });\n}\nApp({});\n"),
            ]),
        ])

    public init() {}

    public func check(page: PageModel, runtime: RuntimeProfile) -> [Finding] {
        guard let script = page.script, script.loaded, script.page != nil, !Self.handsThePageAway(script.tokens) else { return [] }
        var keys = script.dataKeys
        for call in script.facts.setDataCalls {
            if call.patch == nil || call.keys.contains(where: { $0.name == nil }) { return [] }  // keys known only at run time
            for member in call.keys { if let name = member.name { keys.insert(ScriptUndeclaredSetDataKey.rootKey(of: name)) } }
        }
        var findings: [Finding] = []
        for use in page.directives {
            let scope = page.scope(ofElement: use.element)
            if scope.contains("store") { continue }
            for node in use.nodes {
                guard case .member(let object, let name, let nameRange) = node.kind, case .identifier("store") = object.kind,
                    !keys.contains(name)
                else { continue }
                var message = "'store.\(name)' is not in the page's data and no 'setData' sets it"
                let suggestion = NameSuggester.closest(to: name, in: keys.sorted())
                if let suggestion { message += "; did you mean 'store.\(suggestion)'?" }
                let span = page.span(use.fileRange(nameRange))
                findings.append(
                    Finding(
                        message, at: span,
                        fixIt: suggestion.flatMap { LiteralFixIt.replacingName(name, with: $0, at: span, in: page.template?.file) }))
            }
        }
        return findings
    }

    /// Whether the page passes itself to a function (`load(this)`, `fill.call(this)`): code in
    /// another script (`app.js`, which shares the context) may then `setData` keys this script
    /// never names, and a key it never names is no longer known to be missing.
    static func handsThePageAway(_ tokens: [JavaScriptToken]) -> Bool {
        for index in tokens.indices where tokens[index].kind == .identifier && tokens[index].text == "this" {
            guard index > 0, index + 1 < tokens.count else { continue }
            let before = tokens[index - 1].text
            let after = tokens[index + 1].text
            guard (before == "(" || before == ","), (after == ")" || after == ",") else { continue }
            // `fn.bind(this)` makes a callback of the page's own code.
            if before == "(", index >= 2, tokens[index - 2].text == "bind" { continue }
            return true
        }
        return false
    }
}
