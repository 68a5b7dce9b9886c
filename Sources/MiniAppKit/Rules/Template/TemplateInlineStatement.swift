/// An event directive that computes or writes instead of naming a page handler.
public struct TemplateInlineStatement: PageRule {
    public static let description = RuleDescription(
        id: "template-inline-statement", domain: .template, severity: .error,
        summary: "An event directive ('@click', 'x-on:...') does something other than name a page handler.",
        rationale: """
            Data flows one way: the logic layer owns the page's data and sends it to the view \
            with `setData`; events flow back by handler name. `@click="store.count++"` changes \
            only the WebView's copy of the store: the logic layer's `this.data` never sees it, \
            and the next `setData` overwrites it. Name a handler (`@click="onTap()"`, \
            `@click="onTap(item.id)"` or `@click="handler('onTap', item.id)"`) and change the data \
            there. State that belongs to the view alone, in an inline `x-data="{ open: false }"`, \
            may be changed in place.
            """,
        triggering: [
            .file(
                "pages/index/index.html", "<body x-data=\"page\">\n  <button @click=\"1️⃣store.count++\">+</button>\n</body>\n",
                expected: [
                    .at(
                        "1️⃣",
                        "'@click' changes 'store.count' with '++' in the view, where the logic layer never sees it; name a page handler and call 'setData' there"
                    )
                ])
        ],
        nonTriggering: [
            .file(
                "pages/index/index.html",
                "<body x-data=\"page\">\n  <button @click=\"onTap()\">+</button>\n  <div x-data=\"{ open: false }\"><button @click=\"open = !open\">menu</button></div>\n  <input x-ref=\"name\"><button @click=\"$refs.name.focus()\">edit</button>\n</body>\n"
            )
        ])

    public init() {}

    public func check(page: PageModel, runtime: RuntimeProfile) -> [Finding] {
        page.uses(.on).compactMap { use -> Finding? in
            guard let expression = use.expression,
                case .statement(let description, let range) = EventBinding.classify(expression)
            else { return nil }
            if Self.touchesOnlyLocalState(use, scope: page.scope(ofElement: use.element)) { return nil }
            let name = use.attribute.name.prefix { $0 != "." }
            return Finding(
                "'\(name)' \(description) in the view, where the logic layer never sees it; name a page handler and call 'setData' there",
                at: page.span(use.fileRange(range)))
        }
    }

    /// True when every name the expression reads or writes is view-local (inline `x-data`
    /// members, loop variables, magics): then nothing the logic layer owns changes.
    static func touchesOnlyLocalState(_ use: DirectiveUse, scope: ElementScope) -> Bool {
        // `$refs.search.focus()`, `$event.target.blur()`: the view's own elements, which no
        // page data holds (`$store` is the page's data, and is not).
        let roots = use.rootIdentifiers.map(\.name)
        if !roots.isEmpty, roots.allSatisfy({ $0.hasPrefix("$") && $0 != "$store" }) { return true }
        guard !scope.localNames.isEmpty || !scope.loopVariables.isEmpty else { return false }
        return use.rootIdentifiers.allSatisfy { scope.contains($0.name) || $0.name.hasPrefix("$") }
    }
}
