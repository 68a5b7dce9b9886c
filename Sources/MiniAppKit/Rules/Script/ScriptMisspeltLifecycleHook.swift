/// A page or app member that looks like a misspelt lifecycle hook (`onLaod`).
public struct ScriptMisspeltLifecycleHook: Rule {
    public static let description = RuleDescription(
        id: "script-misspelt-lifecycle-hook", domain: .script, severity: .error,
        summary: "A registration has a member one or two letters away from a lifecycle hook ('onLaod', 'onshow').",
        rationale: """
            The runtime calls `onLoad`, `onShow`, `onReady`, `onHide` and `onUnload` on pages (`onLaunch`, \
            `onShow`, `onHide`, `onError` on the app) by exact name; a misspelt hook is an ordinary \
            function that never runs, so the page silently skips its set-up. A member bound as a \
            handler in the template is not reported.
            """,
        triggering: [
            .file(
                "pages/index/index.js", "Page({\n  data: { title: 'Hello' },\n  1️⃣onLaod() {\n    skip.log('loaded');\n  },\n});\n",
                expected: [.at("1️⃣", "'onLaod' is not a lifecycle hook and never runs; did you mean 'onLoad'?").fixIt("onLoad")])
        ],
        nonTriggering: [.file("pages/index/index.js", "Page({\n  data: { title: 'Hello' },\n  onLoad() {},\n  onLoadMore() {},\n});\n")])

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] {
        var findings: [Finding] = []
        for (script, page) in model.scriptsWithPages {
            for call in script.registration.calls {
                let hooks = call.function.lifecycleHookNames
                let bound = page?.boundHandlerNames ?? []
                for name in call.handlerNames where !hooks.contains(name) && !bound.contains(name) {
                    guard let hook = Self.closeHook(to: name, in: hooks) else { continue }
                    let span = script.memberKeyRange(name).map(script.span) ?? call.callOffset.map { script.span($0..<$0) }
                    // Renaming is safe only when the registration has no member of that name already.
                    let fixIt =
                        call.handlerNames.contains(hook)
                        ? nil : span.flatMap { LiteralFixIt.replacingKey(name, with: hook, at: $0, in: script.file) }
                    findings.append(
                        Finding(
                            "'\(name)' is not a lifecycle hook and never runs; did you mean '\(hook)'?",
                            at: span ?? .file(script.file.path), fixIt: fixIt))
                }
            }
        }
        return findings
    }

    /// A hook within two edits (or differing only in case), but not a longer name that merely
    /// starts like one (`onLoadMore` is a handler, not a typo of `onLoad`).
    static func closeHook(to name: String, in hooks: [String]) -> String? {
        if let sameLetters = hooks.first(where: { $0.lowercased() == name.lowercased() }) { return sameLetters }
        guard name.hasPrefix("on") || name.hasPrefix("On") else { return nil }
        return hooks.filter { abs($0.count - name.count) <= 1 && NameSuggester.editDistance(name, $0) <= 2 }
            .min { (NameSuggester.editDistance(name, $0), $0) < (NameSuggester.editDistance(name, $1), $1) }
    }
}
