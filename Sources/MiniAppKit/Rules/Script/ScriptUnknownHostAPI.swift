/// A call into `skip.*` that the host API does not have.
public struct ScriptUnknownHostAPI: Rule {
    public static let description = RuleDescription(
        id: "script-unknown-host-api", domain: .script, severity: .error,
        summary: "A script calls a 'skip.*' (or 'miniapp.*') function the host API does not have.",
        rationale: """
            The host API is fixed (SkipMiniApp README): `nav.navigateTo`, `navigateBack`, `redirectTo`, \
            `reLaunch`, `switchTab`, `setNavigationBarTitle`; `net.fetch`; `fs.root.getFileHandle`, \
            `getDirectoryHandle`, `entries`, `removeEntry`; `i18n.t`, `n`, `d`, `plural`; `log`; \
            `getSystemInfo`. A misspelt call (`skip.nav.navigatTo`) throws a TypeError when it runs, \
            usually inside a handler, so the tap does nothing.
            """,
        triggering: [
            .file("pages/index/index.js", "Page({\n  data: { title: 'Hello' },\n  onTap() {\n    1️⃣skip.nav.navigatTo({ url: 'pages/index/index' });\n  },\n});\n",
                  expected: [.at("1️⃣", "'skip.nav.navigatTo' is not part of the host API; did you mean 'skip.nav.navigateTo'?").fixIt("skip.nav.navigateTo")]),
        ],
        nonTriggering: [
            .file("pages/index/index.js", "Page({\n  data: { title: 'Hello' },\n  async onTap() {\n    const file = await skip.fs.root.getFileHandle('a.txt', { create: true });\n    await skip.net.fetch('https://example.com');\n    skip.log(skip.i18n.plural(2, { one: '# item', other: '# items' }), miniapp.getSystemInfo());\n  },\n});\n"),
        ])

    /// Every callable member of the host namespace, without the namespace.
    public static let hostAPI: [String] = [
        "nav.navigateTo", "nav.navigateBack", "nav.redirectTo", "nav.reLaunch", "nav.switchTab", "nav.setNavigationBarTitle",
        "net.fetch",
        "fs.root.getDirectoryHandle", "fs.root.getFileHandle", "fs.root.entries", "fs.root.removeEntry",
        "i18n.t", "i18n.n", "i18n.d", "i18n.plural",
        "log", "getSystemInfo",
    ]

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] {
        let known = Set(Self.hostAPI)
        return model.scripts.flatMap { script in
            script.facts.hostAPICalls.compactMap { call -> Finding? in
                guard !known.contains(call.member) else { return nil }
                var message = "'\(call.name)' is not part of the host API"
                var fixIt: FixIt?
                if let suggestion = NameSuggester.closest(to: call.member, in: Self.hostAPI) {
                    let replacement = call.namespace + "." + suggestion
                    message += "; did you mean '\(replacement)'?"
                    fixIt = FixIt(message: "replace with '\(replacement)'", span: script.span(call.range), replacement: replacement)
                }
                return Finding(message, at: script.span(call.range), fixIt: fixIt)
            }
        }
    }
}
