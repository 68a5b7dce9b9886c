/// An event names a handler the page's script does not define.
public struct TemplateUnknownHandler: PageRule {
    public static let description = RuleDescription(
        id: "template-unknown-handler", domain: .template, severity: .error,
        summary: "An event directive names a handler that the page's 'Page({...})' does not define.",
        rationale: """
            The view posts the handler's name to the logic layer, which looks it up on the page; \
            a name the page does not define does nothing at all when tapped. mactl reads the \
            page's handlers by running its script in JavaScriptCore, so handlers added with \
            spread or computed names count too.
            """,
        triggering: [
            RuleExample(
                files: [("pages/index/index.html", "<body x-data=\"page\">\n  <button @click=\"1️⃣onTapp()\">+</button>\n</body>\n")],
                supportFiles: ["pages/index/index.js": pageScript],
                expected: [.at("1️⃣", "unknown handler 'onTapp' in '@click'; did you mean 'onTap'?").fixIt("onTap")]),
        ],
        nonTriggering: [
            RuleExample(
                files: [("pages/index/index.html", "<body x-data=\"page\">\n  <button @click=\"onTap()\" @dblclick=\"handler('onTap', 2)\">+</button>\n</body>\n")],
                supportFiles: ["pages/index/index.js": pageScript]),
        ])

    static let pageScript = "Page({\n  data: { title: 'Hello' },\n  onTap() {},\n});\n"

    public init() {}

    public func check(page: PageModel, runtime: RuntimeProfile) -> [Finding] {
        guard let script = page.script, script.loaded, script.page != nil else { return [] }
        let handlers = script.handlerNames
        let known = Set(handlers + (script.page?.lifecycleHooks ?? []))
        return page.uses(.on).compactMap { use -> Finding? in
            guard let expression = use.expression, let (name, range) = EventBinding.classify(expression).handlerName,
                  !known.contains(name), !page.scope(ofElement: use.element).contains(name) else { return nil }
            let scope = page.scope(ofElement: use.element)
            if scope.hasUnknownComponent || PageScope.componentMembers.contains(name) { return nil }
            let event = use.attribute.name.prefix { $0 != "." }
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
