/// A page handler that nothing in the template binds.
public struct ScriptUnusedHandler: PageRule {
    public static let description = RuleDescription(
        id: "script-unused-handler", domain: .script, severity: .note,
        summary: "A page defines a handler that its template never binds and that is not a lifecycle hook.",
        rationale: """
            A handler nothing calls is often the other half of a typo (`onTapp` in the template, \
            `onTap` here) or a leftover. It may also be called from the page's own code, so this \
            is a note, not a warning.
            """,
        triggering: [
            .file(
                "pages/index/index.js", "Page({\n  data: { title: 'Hello' },\n  1️⃣onRefresh() {},\n});\n",
                expected: [.at("1️⃣", "handler 'onRefresh' is not bound in 'pages/index/index.html'")])
        ],
        nonTriggering: [
            // 'onLoad' is a lifecycle hook, and 'onRefresh' is called from it.
            .file(
                "pages/index/index.js",
                "Page({\n  data: { title: 'Hello' },\n  onLoad() {\n    this.onRefresh();\n  },\n  onRefresh() {},\n});\n")
        ])

    public init() {}

    public func check(page: PageModel, runtime: RuntimeProfile) -> [Finding] {
        // A zero-byte template the runtime skips binds nothing: `project-empty-file` reports it.
        guard page.template != nil, !runtime.skipsAsEmpty(page.template?.file), let script = page.script, script.loaded,
            let registration = script.page
        else { return [] }
        let bound = page.boundHandlerNames
        let calledInScript = Set(
            script.tokens.indices.dropFirst().compactMap { index -> String? in
                // `this.onRefresh()` from another handler counts as a use.
                script.tokens[index - 1].text == "." ? script.tokens[index].text : nil
            })
        return registration.handlerNames.compactMap { name -> Finding? in
            guard !bound.contains(name), !calledInScript.contains(name),
                ScriptMisspeltLifecycleHook.closeHook(to: name, in: RegistrationFunction.page.lifecycleHookNames) == nil,
                // Another platform's hook: `script-hook-never-called` says more.
                runtime.lifecycle?.neverCalledHook(name, of: .page) == nil
            else { return nil }
            let span = script.memberKeyRange(name).map(script.span) ?? .file(script.file.path)
            return Finding("handler '\(name)' is not bound in '\(page.templatePath)'", at: span)
        }
    }
}
