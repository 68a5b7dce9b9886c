/// A `Page()` or `App()` member named as a lifecycle hook the runtime never calls: its own
/// `onUnload` and the app's `onHide` and `onError`, or another platform's hook
/// (`onPullDownRefresh`).
public struct ScriptHookNeverCalled: Rule {
    public static let description = RuleDescription(
        id: "script-hook-never-called", domain: .script, severity: .error,
        summary: "A registration has a lifecycle hook the runtime never calls ('onUnload', App 'onError', WeChat's 'onPullDownRefresh').",
        rationale: """
            SkipMiniApp calls a page's `onLoad`, `onReady`, `onShow` and `onHide`, and the app's \
            `onLaunch` and `onShow`, and nothing else by name. A page's `onUnload` and the app's \
            `onHide` and `onError` are known names that never run, and the hooks of other \
            platforms (WeChat's `onPullDownRefresh`, `onReachBottom`, `onShareAppMessage`, \
            Alipay's `onTitleClick`, Quick App's `onInit`, `onBackPress`) are ordinary functions \
            nobody calls: the code in them never runs, every time (errors). The runtime's own \
            names are warnings: its model calls them for a host that drives it so, though \
            SkipMiniApp's view never does. The rule asks the runtime \
            model (`LifecycleHooks`) which names run. A member the template binds or the script \
            calls itself is not reported; an empty one has no effect and is worth a note.
            """,
        runtimeFacts: ["skip.lifecycle-hooks"],
        triggering: [
            .file(
                "pages/index/index.js",
                """
                Page({
                  data: { seconds: 0 },
                  onShow() {
                    this.timer = setInterval(() => this.setData({ seconds: this.data.seconds + 1 }), 1000);
                  },
                  1️⃣onUnload() {
                    clearInterval(this.timer);
                  },
                  2️⃣onPullDownRefresh() {
                    this.setData({ seconds: 0 });
                  },
                });

                """,
                expected: [
                    .at(
                        "1️⃣",
                        "'onUnload' never runs on this runtime, so this code never does; clean up in 'onHide' (and set up again in 'onShow')"
                    ).severity(.warning),
                    .at(
                        "2️⃣",
                        "'onPullDownRefresh' is a WeChat hook this runtime never calls, so this code never runs; the page has no pull-to-refresh: add a refresh button bound with '@click'"
                    ),
                ]),
            .file(
                "app.js", "App({\n  onLaunch() {},\n  1️⃣onError(message) {\n    skip.log(message);\n  },\n  2️⃣onHide() {},\n});\n",
                expected: [
                    .at(
                        "1️⃣",
                        "'onError' never runs on this runtime, so this code never does; errors are dropped without a message: catch them where they happen with 'try'/'catch' and log them with 'skip.log'"
                    ).severity(.warning),
                    .at("2️⃣", "'onHide' never runs on this runtime; this empty hook has no effect and can go").severity(.note),
                ]),
        ],
        nonTriggering: [
            // The hooks the runtime calls, and a WeChat name the template binds as a handler.
            RuleExample(files: [
                (
                    "pages/index/index.js",
                    "Page({\n  data: {},\n  onLoad() {},\n  onShow() {},\n  onHide() {},\n  onPullDownRefresh() {\n    skip.log('refresh');\n  },\n});\n"
                ),
                ("pages/index/index.html", "<body x-data=\"page\">\n  <button @click=\"onPullDownRefresh()\">Refresh</button>\n</body>\n"),
            ]),
            // An 'onUnload' the page calls itself.
            .file(
                "pages/index/index.js",
                "Page({\n  data: {},\n  onHide() {\n    this.onUnload();\n  },\n  onUnload() {\n    skip.log('bye');\n  },\n});\n"),
        ])

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] {
        guard let lifecycle = model.runtime.lifecycle else { return [] }
        var findings: [Finding] = []
        for (script, page) in model.scriptsWithPages {
            let bound = page?.boundHandlerNames ?? []
            for call in script.registration.calls {
                for name in call.lifecycleHooks + call.handlerNames where !bound.contains(name) {
                    guard let hook = lifecycle.neverCalledHook(name, of: call.function),
                        let key = Self.keyTokenIndex(of: name, in: script.tokens),
                        !Self.isNamedElsewhere(name, besides: key, in: script.tokens)
                    else { continue }
                    findings.append(
                        Self.finding(
                            hook, at: script.span(script.tokens[key].range),
                            isEmpty: Self.hasEmptyBody(afterKey: key, in: script.tokens)))
                }
            }
        }
        return findings
    }

    static func finding(_ hook: NeverCalledHook, at span: SourceSpan, isEmpty: Bool) -> Finding {
        let what =
            hook.platform.map { "'\(hook.name)' is a\($0 == "Alipay" ? "n" : "") \($0) hook this runtime never calls" }
            ?? "'\(hook.name)' never runs on this runtime"
        if isEmpty {
            return Finding("\(what); this empty hook has no effect and can go", at: span, defaultSeverity: .note)
        }
        guard hook.platform != nil else {
            // The runtime's model would call it for a host that pops pages through it; the
            // SkipMiniApp view never does.
            return Finding("\(what), so this code never does; \(hook.instead)", at: span, defaultSeverity: .warning)
        }
        return Finding("\(what), so this code never runs; \(hook.instead)", at: span)
    }

    /// The token of the member's key: `name` followed by `(` or `:` after `{` or `,`.
    static func keyTokenIndex(of name: String, in tokens: [JavaScriptToken]) -> Int? {
        tokens.indices.dropLast().first { index in
            guard tokens[index].text == name, tokens[index].kind == .identifier || tokens[index].kind == .string else { return false }
            let previous = index > 0 ? tokens[index - 1].text : ""
            return ["(", ":"].contains(tokens[index + 1].text) && ["{", ",", "async"].contains(previous)
        }
    }

    /// Whether the script names the member anywhere but at its key (`this.onUnload()`), so
    /// its own code may call it.
    static func isNamedElsewhere(_ name: String, besides key: Int, in tokens: [JavaScriptToken]) -> Bool {
        tokens.indices.contains { $0 != key && tokens[$0].kind == .identifier && tokens[$0].text == name }
    }

    /// Whether the member is a function with nothing in its body: `name() {}`,
    /// `name: function () {}` or `name: () => {}`.
    static func hasEmptyBody(afterKey key: Int, in tokens: [JavaScriptToken]) -> Bool {
        var index = key + 1
        if index < tokens.count, tokens[index].text == ":" {
            index += 1
            while index < tokens.count, ["function", "async"].contains(tokens[index].text) { index += 1 }
        }
        guard index < tokens.count, tokens[index].text == "(" else { return false }
        var depth = 0
        while index < tokens.count {
            if tokens[index].text == "(" { depth += 1 }
            if tokens[index].text == ")" { depth -= 1; if depth == 0 { break } }
            index += 1
        }
        index += 1
        if index < tokens.count, tokens[index].text == "=>" { index += 1 }
        return index + 1 < tokens.count && tokens[index].text == "{" && tokens[index + 1].text == "}"
    }
}
