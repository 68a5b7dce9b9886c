/// An event names a handler the page's script does not define.
public struct TemplateUnknownHandler: PageRule {
    public static let description = RuleDescription(
        id: "template-unknown-handler", domain: .template, severity: .error,
        summary: "An event directive names a handler that the page's 'Page({...})' does not define.",
        rationale: """
            The view posts the handler's name to the logic layer, which looks it up on the page; \
            a name the page does not define does nothing at all when tapped. A lifecycle hook \
            (`onShow`) is no handler either: the page's view component has a method for each \
            handler only, so `onShow()` does nothing, though `handler('onShow')` reaches it. \
            mactl reads the page's handlers by running its script in JavaScriptCore, so handlers added with \
            spread or computed names count too.
            """,
        triggering: [
            RuleExample(
                files: [("pages/index/index.html", "<body x-data=\"page\">\n  <button @click=\"1️⃣onTapp()\">+</button>\n</body>\n")],
                supportFiles: ["pages/index/index.js": pageScript],
                expected: [.at("1️⃣", "unknown handler 'onTapp' in '@click'; did you mean 'onTap'?").fixIt("onTap")]),
            RuleExample(
                files: [("pages/index/index.html", "<body x-data=\"page\">\n  <button @click=\"1️⃣onShow()\">Retry</button>\n</body>\n")],
                supportFiles: ["pages/index/index.js": "Page({\n  data: { title: 'Hello' },\n  onShow() {},\n});\n"],
                expected: [
                    .at(
                        "1️⃣",
                        "'onShow' is a lifecycle hook, which the page's view has no method for: the runtime makes one only for each handler, so '@click' does nothing; call it from a handler, or write 'handler('onShow')'"
                    )
                ]),
        ],
        nonTriggering: [
            RuleExample(
                files: [
                    (
                        "pages/index/index.html",
                        "<body x-data=\"page\">\n  <button @click=\"onTap()\" @dblclick=\"handler('onTap', 2)\" @keyup=\"handler('onShow')\">+</button>\n</body>\n"
                    )
                ],
                supportFiles: ["pages/index/index.js": "Page({\n  data: { title: 'Hello' },\n  onTap() {},\n  onShow() {},\n});\n"])
        ])

    static let pageScript = "Page({\n  data: { title: 'Hello' },\n  onTap() {},\n});\n"

    public init() {}

    public func check(page: PageModel, runtime: RuntimeProfile) -> [Finding] {
        guard let script = page.script, script.loaded, script.page != nil else { return [] }
        // The runtime reads the handler names after onLoad, so `this.onFilter = …` there adds one.
        let tokens = script.tokens
        let assigned = Set(
            tokens.indices.dropLast(3).compactMap { index -> String? in
                tokens[index].text == "this" && tokens[index + 1].text == "." && tokens[index + 3].text == "="
                    ? tokens[index + 2].text : nil
            })
        let handlers = script.handlerNames + assigned.sorted()
        let hooks = Set(script.page?.lifecycleHooks ?? [])
        return page.uses(.on).compactMap { use -> Finding? in
            guard let expression = use.expression else { return nil }
            let binding = EventBinding.classify(expression)
            guard let (name, range) = binding.handlerName, !handlers.contains(name), !page.scope(ofElement: use.element).contains(name)
            else { return nil }
            let scope = page.scope(ofElement: use.element)
            if scope.hasUnknownComponent || PageScope.componentMembers.contains(name) { return nil }
            let event = use.attribute.name.prefix { $0 != "." }
            if hooks.contains(name) {
                // The bridge dispatches any function by name, hooks too, but the page component
                // has a method only for each handler: the runtime leaves the hooks out.
                if case .bridgeCall = binding { return nil }
                return Finding(
                    "'\(name)' is a lifecycle hook, which the page's view has no method for: the runtime makes one only for each handler, so '\(event)' does nothing; call it from a handler, or write 'handler('\(name)')'",
                    at: page.span(use.fileRange(range)))
            }
            var message = "unknown handler '\(name)' in '\(event)'"
            var fixIt: FixIt?
            if let suggestion = NameSuggester.closest(to: name, in: handlers) {
                message += "; did you mean '\(suggestion)'?"
                if use.expressionBase != nil {
                    fixIt = FixIt(message: "replace with '\(suggestion)'", span: page.span(use.fileRange(range)), replacement: suggestion)
                }
            }
            return Finding(message, at: page.span(use.fileRange(range)), fixIt: fixIt)
        }
    }
}
