/// A template binds handlers but its page has no script.
public struct TemplateHandlersWithoutScript: PageRule {
    public static let description = RuleDescription(
        id: "template-handlers-without-script", domain: .template, severity: .error,
        summary: "A page template binds event handlers, but the page has no '.js' file.",
        rationale:
            "A page's script is optional only while nothing needs it: every handler an event names lives in the page's `Page({...})`, so without the script every such event does nothing.",
        triggering: [
            .file(
                "pages/index/index.html", "<body x-data=\"page\">\n  <button @click=\"1️⃣onTap()\">+</button>\n</body>\n",
                removing: ["pages/index/index.js"],
                expected: [.at("1️⃣", "'@click' names the handler 'onTap', but the page has no script 'pages/index/index.js' to define it")])
        ],
        nonTriggering: [
            // An event that only changes view-local state needs no page script.
            .file(
                "pages/index/index.html",
                "<body x-data=\"page\">\n  <div x-data=\"{ open: false }\"><button @click=\"open = !open\">menu</button></div>\n</body>\n",
                removing: ["pages/index/index.js"])
        ])

    public init() {}

    public func check(page: PageModel, runtime: RuntimeProfile) -> [Finding] {
        guard page.script == nil else { return [] }
        // One diagnostic per page, at the first binding: the fix is one file.
        for use in page.uses(.on) {
            guard let expression = use.expression, let (name, range) = EventBinding.classify(expression).handlerName,
                !page.scope(ofElement: use.element).contains(name)
            else { continue }
            let event = use.attribute.name.prefix { $0 != "." }
            return [
                Finding(
                    "'\(event)' names the handler '\(name)', but the page has no script '\(page.scriptPath)' to define it",
                    at: page.span(use.fileRange(range)))
            ]
        }
        return []
    }
}
