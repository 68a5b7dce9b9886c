/// A call into the host namespace (`skip.*`, `miniapp.*`) that the runtime's host API does not
/// have: a member that moved (`skip.switchTab` is `skip.nav.switchTab` today) or a misspelt one.
public struct ScriptUnknownHostAPI: Rule {
    public static let description = RuleDescription(
        id: "script-unknown-host-api", domain: .script, severity: .error,
        summary: "A script calls a 'skip.*' (or 'miniapp.*') function the runtime's host API does not have, or one that moved.",
        rationale: """
            The host API is what the runtime registers (`docs/runtimes.md`): under SkipMiniApp \
            `nav.navigateTo`, `navigateBack`, `redirectTo`, `reLaunch`, `switchTab`, \
            `setNavigationBarTitle`; `net.fetch`; `fs.root.*`; `log`; `getSystemInfo`; \
            `i18n.t`, `n`, `d`, `plural` and the property `i18n.locale`; `db.exec`, `db.query`; \
            the same object under `miniapp` and `skip`. The flat members of earlier versions \
            (`skip.navigateTo`, `skip.switchTab`, `skip.fetch`, …) are `undefined` today: the \
            call throws a TypeError the runtime drops, so the tap silently does nothing. The \
            fix-it writes today's spelling. A misspelt member fails the same way. Under a \
            runtime whose host API mactl does not know (`w3c`) nothing is reported.
            """,
        runtimeFacts: ["skip.namespace", "skip.host-api", "skip.flat-api-removed"],
        triggering: [
            .file(
                "pages/index/index.js",
                "Page({\n  data: { title: 'Hello' },\n  onTap() {\n    1️⃣skip.nav.navigatTo({ url: 'pages/index/index' });\n  },\n});\n",
                expected: [
                    .at("1️⃣", "'skip.nav.navigatTo' is not part of the host API; did you mean 'skip.nav.navigateTo'?").fixIt(
                        "skip.nav.navigateTo")
                ]),
            .file(
                "pages/index/index.js",
                "Page({\n  data: { title: 'Hello' },\n  onTap() {\n    const file = 1️⃣skip.fs.root().getFileHandle('a.txt');\n  },\n});\n",
                expected: [
                    .at(
                        "1️⃣",
                        "'skip.fs.root' is an object of the host API, not a function: calling it throws a TypeError that is dropped, so the rest of this code does nothing; call one of its members, as in 'skip.fs.root.getFileHandle(…)'"
                    )
                ]),
            .file(
                "pages/index/index.js",
                "Page({\n  data: { title: 'Hello' },\n  onTap() {\n    1️⃣skip.switchTab({ url: 'pages/index/index' });\n    2️⃣miniapp.fetch('https://example.com');\n  },\n});\n",
                expected: [
                    .at(
                        "1️⃣",
                        "'skip.switchTab' moved to 'skip.nav.switchTab'; 'skip.switchTab' is undefined in today's runtime, so the call throws and nothing happens"
                    ).fixIt("skip.nav.switchTab"),
                    .at(
                        "2️⃣",
                        "'miniapp.fetch' moved to 'miniapp.net.fetch'; 'miniapp.fetch' is undefined in today's runtime, so the call throws and nothing happens"
                    ).fixIt("miniapp.net.fetch"),
                ]),
        ],
        nonTriggering: [
            .file(
                "pages/index/index.js",
                "Page({\n  data: { title: 'Hello' },\n  async onTap() {\n    const file = await skip.fs.root.getFileHandle('a.txt', { create: true });\n    await skip.net.fetch('https://example.com');\n    skip.log(skip.i18n.plural(2, { one: '# item', other: '# items' }), miniapp.getSystemInfo(), skip.i18n.locale.split('-'));\n    skip.db.exec('create table t (x)', []);\n    skip.nav.setNavigationBarTitle({ title: skip.db.query('select 1', []).length + '' });\n  },\n});\n"
            ),
            RuleExample(
                files: [
                    (
                        "pages/index/index.js",
                        "Page({\n  data: { title: 'Hello' },\n  onTap() {\n    skip.switchTab({ url: 'pages/index/index' });\n  },\n});\n"
                    )
                ],
                configuration: "runtime: w3c\n"),
        ])

    /// Members that are values, not functions: a call of a misspelling gets no fix-it to them.
    static let properties: Set<String> = ["i18n.locale"]

    /// Whether the path is a member, or a method called on one (`skip.i18n.locale.split('-')`).
    static func isKnown(_ path: [String], in api: HostAPI) -> Bool {
        (1...path.count).contains { api.members.contains(path.prefix($0).joined(separator: ".")) }
    }

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] {
        guard let api = model.runtime.hostAPI else { return [] }
        return model.scripts.flatMap { script in
            script.facts.hostAPICalls.compactMap { call -> Finding? in
                guard api.namespaces.contains(call.namespace), !Self.isKnown(call.path, in: api) else { return nil }
                let span = script.span(call.range)
                if let moved = api.movedMember(call.member) {
                    let replacement = call.namespace + "." + moved
                    return Finding(
                        "'\(call.name)' moved to '\(replacement)'; '\(call.name)' is undefined in today's runtime, so the call throws and nothing happens",
                        at: span, fixIt: FixIt(message: "replace with '\(replacement)'", span: span, replacement: replacement))
                }
                // `skip.fs.root()`: an object of the API, called.
                if api.has(call.member), let example = api.members.first(where: { $0.hasPrefix(call.member + ".") }) {
                    return Finding(
                        "'\(call.name)' is an object of the host API, not a function: calling it throws a TypeError that is dropped, so the rest of this code does nothing; call one of its members, as in '\(call.namespace).\(example)(…)'",
                        at: span)
                }
                var message = "'\(call.name)' is not part of the host API"
                var fixIt: FixIt?
                if let suggestion = NameSuggester.closest(to: call.member, in: api.members) {
                    let replacement = call.namespace + "." + suggestion
                    if Self.properties.contains(suggestion) {
                        // Calling a string throws as well: name it, but write no call of it.
                        message += "; did you mean the property '\(replacement)'?"
                    } else {
                        message += "; did you mean '\(replacement)'?"
                        fixIt = FixIt(message: "replace with '\(replacement)'", span: span, replacement: replacement)
                    }
                }
                return Finding(message, at: span, fixIt: fixIt)
            }
        }
    }
}
