/// A script uses a global of another MiniApp platform (`getApp`, `wx`) or of Node
/// (`require`, `global`) that the runtime does not define.
public struct ScriptOtherPlatformGlobal: Rule {
    public static let description = RuleDescription(
        id: "script-other-platform-global", domain: .script, severity: .error,
        summary: "A script uses 'getApp', 'getCurrentPages', 'wx', 'require' or 'global', which this runtime does not define.",
        rationale: """
            Scripts ported from WeChat-style MiniApps or written for Node reach for globals \
            SkipMiniApp's logic layer does not have: there is no `getApp()` (`App()` keeps only \
            its lifecycle hooks, `globalData` is dropped), no `getCurrentPages()`, no `wx`, no \
            module loader (`require`) and no `global`. A use throws a ReferenceError when it runs, \
            and on iOS the runtime drops every script error: at load the script stops there (no \
            `Page()`, no data, no handlers), in a handler the rest of the handler does nothing, \
            and no message appears anywhere. Every use is reported, not only those at load; a use \
            at load that `script-load-error` already reports is not reported twice. `typeof getApp` \
            checks and names the script declares itself are fine. Runtimes whose globals mactl \
            does not model (`w3c`) are not checked.
            """,
        runtimeFacts: ["skip.globals", "skip.one-script-context", "skip.script-errors-silent"],
        triggering: [
            .file(
                "pages/index/index.js",
                "Page({\n  data: { title: 'Hello' },\n  onTap() {\n    const app = 1️⃣getApp();\n    this.setData({ title: app.globalData.user });\n  },\n});\n",
                expected: [
                    .at(
                        "1️⃣",
                        "'getApp' is not defined in this runtime (a WeChat API): using it throws a ReferenceError that is dropped without a message, so the rest of this code does nothing; keep what pages share in a top-level 'var' of app.js, which every script sees (all scripts share one context)"
                    )
                ]),
            .file(
                "pages/index/index.js",
                "Page({\n  data: { title: 'Hello' },\n  onTap() {\n    1️⃣wx.showToast({ title: 'Saved' });\n  },\n});\n",
                expected: [
                    .at(
                        "1️⃣",
                        "'wx' is not defined in this runtime (a WeChat API): using it throws a ReferenceError that is dropped without a message, so the rest of this code does nothing; use the host API ('skip.*') instead"
                    )
                ]),
            // The use at load stops the script: `script-load-error` reports that one.
            .file(
                "pages/index/index.js",
                "const user = require('./user');\nPage({\n  data: { title: 'Hello' },\n  onTap() {\n    1️⃣require('./log');\n  },\n});\n",
                expected: [
                    .at(
                        "1️⃣",
                        "'require' is not defined in this runtime (a module loader): using it throws a ReferenceError that is dropped without a message, so the rest of this code does nothing; the runtime loads no modules: put the code in this script, or in app.js, whose top-level functions every script sees"
                    )
                ]),
        ],
        nonTriggering: [
            .file(
                "pages/index/index.js",
                "const require = (name) => name;\nPage({\n  data: { title: 'Hello', getApp: 1 },\n  onTap() {\n    if (typeof getApp === 'function') {}\n    skip.log(require('x'), this.data.getApp, globalThis.Date);\n  },\n});\n"
            ),
            RuleExample(
                files: [
                    ("pages/index/index.js", "Page({\n  data: { title: 'Hello' },\n  onTap() {\n    const app = getApp();\n  },\n});\n")
                ],
                configuration: "runtime: w3c\n"),
        ])

    /// What to do instead, by global.
    static let alternatives: [String: (origin: String, instead: String)] = [
        "getApp": (
            "a WeChat API", "keep what pages share in a top-level 'var' of app.js, which every script sees (all scripts share one context)"
        ),
        "getCurrentPages": ("a WeChat API", "pass what the next page needs in 'query:' of 'skip.nav.navigateTo'"),
        "wx": ("a WeChat API", "use the host API ('skip.*') instead"),
        "require": (
            "a module loader",
            "the runtime loads no modules: put the code in this script, or in app.js, whose top-level functions every script sees"
        ),
        "global": ("Node's global object", "use 'globalThis'"),
    ]

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] {
        guard let hostAPI = model.runtime.hostAPI else { return [] }
        // A name the app declares at the top level of a script (a `getApp()` shim in app.js)
        // is a global of the one shared context for every script.
        let declared = Set(model.scripts.flatMap { $0.topLevelDeclarations.map(\.name) })
        let runtimeGlobals = Set(hostAPI.globals).union(declared)
        return model.scripts.flatMap { script -> [Finding] in
            let stoppedLoad = useThatStoppedLoading(script)
            return script.facts.platformGlobalUses.compactMap { use -> Finding? in
                guard !use.isTypeofGuard, !runtimeGlobals.contains(use.name), use != stoppedLoad,
                    let alternative = Self.alternatives[use.name]
                else { return nil }
                return Finding(
                    "'\(use.name)' is not defined in this runtime (\(alternative.origin)): using it throws a ReferenceError that is dropped without a message, so the rest of this code does nothing; \(alternative.instead)",
                    at: script.span(use.range))
            }
        }
    }

    /// The use `script-load-error` already reports: the script stopped at load with "Can't
    /// find variable: <name>", which JavaScriptCore places at the call after the name on
    /// the same line, so the last use of that name before it on its line is the one.
    private func useThatStoppedLoading(_ script: ScriptModel) -> BrowserGlobalUse? {
        guard let issue = script.registration.issue, issue.kind == .uncaughtException, let offset = issue.range?.lowerBound else {
            return nil
        }
        let bytes = script.file.bytes
        return script.facts.platformGlobalUses.last { use in
            guard issue.message.hasSuffix("variable: \(use.name)"), use.range.lowerBound <= offset, offset <= bytes.count else {
                return false
            }
            return !bytes[use.range.lowerBound..<offset].contains(UInt8(ascii: "\n"))
        }
    }
}
