/// `setData` sets a key the page's `data` does not declare.
public struct ScriptUndeclaredSetDataKey: PageRule {
    public static let description = RuleDescription(
        id: "script-undeclared-setdata-key", domain: .script, severity: .warning,
        summary: "'this.setData({...})' sets a key that the page's 'data' does not declare.",
        rationale: """
            The view binds to `store.<key>`; a key that appears only in a `setData` is often a typo \
            of a declared one (`setData({ cout: 1 })`), and the view keeps showing the old value: \
            a warning. A key close to no declared one works (the runtime adds it, and the view \
            shows it from then on); only the first render lacks it, which is a note. Declare \
            every key in `data` with its initial value. Paths (`'user.name'`, `'items[0].done'`) \
            are checked by their first key.
            """,
        triggering: [
            .file(
                "pages/index/index.js",
                "Page({\n  data: { title: 'Hello' },\n  onTap() {\n    this.setData({ 1️⃣titel: 'Bye' });\n  },\n});\n",
                expected: [.at("1️⃣", "'setData' sets 'titel', which 'data' does not declare; did you mean 'title'?").fixIt("title")]),
            .file(
                "pages/index/index.js",
                "Page({\n  data: { title: 'Hello' },\n  onTap() {\n    this.setData({ 1️⃣speakerId: 7 });\n  },\n});\n",
                expected: [
                    .at(
                        "1️⃣",
                        "'setData' sets 'speakerId', which 'data' does not declare: the runtime adds it, but the first render has no value for it; declare it in 'data'"
                    ).severity(.note)
                ]),
        ],
        nonTriggering: [
            .file(
                "pages/index/index.js",
                "Page({\n  data: { title: 'Hello', user: {} },\n  onTap() {\n    this.setData({ title: 'Bye', 'user.name': 'x', [key]: 1 });\n  },\n});\n"
            )
        ])

    public init() {}

    public func check(page: PageModel, runtime: RuntimeProfile) -> [Finding] {
        guard let script = page.script, script.loaded, let pageCall = script.page, pageCall.data != nil else { return [] }
        let declared = script.dataKeys
        var findings: [Finding] = []
        for call in script.facts.setDataCalls {
            for member in call.keys {
                guard let key = member.name else { continue }
                let root = Self.rootKey(of: key)
                guard !declared.contains(root) else { continue }
                let message = "'setData' sets '\(root)', which 'data' does not declare"
                // A typo keeps the length, give or take a letter (`cout`, `titel`); `speakerId`
                // beside `speaker` is a key of its own.
                if let suggestion = NameSuggester.closest(to: root, in: declared.sorted()), abs(suggestion.count - root.count) <= 1 {
                    let span = script.span(member.keyRange)
                    // Only a key that is the whole name: `'titel.x'` is left to the author.
                    let fixIt = key == root ? LiteralFixIt.replacingKey(root, with: suggestion, at: span, in: script.file) : nil
                    findings.append(Finding(message + "; did you mean '\(suggestion)'?", at: span, fixIt: fixIt))
                } else {
                    // Not a typo: the runtime adds the key, and only the first render lacks it.
                    findings.append(
                        Finding(
                            message + ": the runtime adds it, but the first render has no value for it; declare it in 'data'",
                            at: script.span(member.keyRange), defaultSeverity: .note))
                }
            }
        }
        return findings
    }

    /// `user` for `user.name` and `items` for `items[0].done`.
    static func rootKey(of path: String) -> String {
        String(path.prefix { $0 != "." && $0 != "[" })
    }
}
