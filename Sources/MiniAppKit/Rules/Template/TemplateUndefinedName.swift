/// An expression reads a name that does not exist in the view.
public struct TemplateUndefinedName: PageRule {
    public static let description = RuleDescription(
        id: "template-undefined-name", domain: .template, severity: .error,
        summary: "An expression reads a name the view does not have ('count' instead of 'store.count', 'Math', 'console').",
        rationale: """
            Inside `x-data="page"` an expression sees only the page component (`store`, the page's \
            handlers, `handler`, `model`), Alpine's magics (`$t`, `$refs`, `$event` in events, ...), \
            the variables of enclosing `x-for` loops and the members of enclosing inline `x-data` \
            objects. The CSP build gives no access to globals. Any other name is an "Undefined \
            variable" error in the WebView console; page data is read as `store.<key>`.
            """,
        triggering: [
            .file(
                "pages/index/index.html", "<body x-data=\"page\">\n  <p x-text=\"1️⃣title\"></p>\n</body>\n",
                expected: [.at("1️⃣", "'title' is not defined in the view; page data is read as 'store.title'").fixIt("store.title")])
        ],
        nonTriggering: [
            .file(
                "pages/index/index.html",
                "<body x-data=\"page\">\n  <template x-for=\"(item, i) in store.items\" :key=\"i\">\n    <p x-text=\"item.name + $t('n')\" @click=\"onTap($event.target.id)\"></p>\n  </template>\n  <div x-data=\"{ open: false }\" x-show=\"open\"></div>\n</body>\n"
            )
        ])

    public init() {}

    public func check(page: PageModel, runtime: RuntimeProfile) -> [Finding] {
        // Without a loaded script the page's handler names are unknown, and so is every name.
        guard let script = page.script, script.loaded, script.page != nil else { return [] }
        let handlers = Set(script.handlerNames + (script.page?.lifecycleHooks ?? []))
        var findings: [Finding] = []
        // x-data names a component, and a bad x-model or handler name has its own rule.
        for use in page.directives where use.directive.kind != .data && use.directive.kind != .model {
            guard let expression = use.expression else { continue }
            let handlerRange = use.directive.kind == .on ? EventBinding.classify(expression).handlerName?.range : nil
            let scope = page.scope(ofElement: use.element)
            if scope.hasUnknownComponent { continue }
            for (name, range) in use.rootIdentifiers where range != handlerRange {
                if PageScope.componentMembers.contains(name) || PageScope.magics.contains(name) || handlers.contains(name)
                    || scope.contains(name)
                {
                    continue
                }
                if name == "$event" && use.directive.kind == .on { continue }
                var message = "'\(name)' is not defined in the view"
                var replacement: String?
                if script.dataKeys.contains(name) {
                    message += "; page data is read as 'store.\(name)'"
                    replacement = "store." + name
                } else if let suggestion = NameSuggester.closest(
                    to: name, in: handlers.union(PageScope.magics).union(scope.loopVariables).sorted())
                {
                    message += "; did you mean '\(suggestion)'?"
                    replacement = suggestion
                }
                let span = page.span(use.fileRange(range))
                findings.append(
                    Finding(
                        message, at: span,
                        fixIt: replacement.flatMap { LiteralFixIt.replacingName(name, with: $0, at: span, in: page.template?.file) }))
            }
        }
        return findings
    }
}
