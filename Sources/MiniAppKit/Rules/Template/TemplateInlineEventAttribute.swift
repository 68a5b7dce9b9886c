/// An `on*=` attribute (`onclick="..."`) in a page template.
public struct TemplateInlineEventAttribute: PageRule {
    public static let description = RuleDescription(
        id: "template-inline-event-attribute", domain: .template, severity: .error,
        summary: "A page template uses an inline event attribute such as 'onclick'.",
        rationale: """
            Inline event attributes run in the WebView, where there is no page data and no host \
            API, and a strict Content Security Policy (which the CSP build exists for) blocks \
            them. Use `@click="onTap()"` to call a page handler.
            """,
        triggering: [
            .file(
                "pages/index/index.html", "<body x-data=\"page\">\n  <button 1️⃣onclick=\"go()\">go</button>\n</body>\n",
                expected: [
                    .at("1️⃣", "inline event attribute 'onclick' runs in the view, not the page's logic; use '@click' with a page handler")
                ])
        ],
        nonTriggering: [
            .file("pages/index/index.html", "<body x-data=\"page\">\n  <button @click=\"onTap()\" data-once=\"1\">go</button>\n</body>\n")
        ])

    public init() {}

    public func check(page: PageModel, runtime: RuntimeProfile) -> [Finding] {
        guard let template = page.template else { return [] }
        return template.elements.flatMap { element in
            template.attributes(of: element).compactMap { attribute -> Finding? in
                let name = attribute.lowercasedName
                guard name.count > 2, name.hasPrefix("on"), name.allSatisfy({ $0.isLetter }) else { return nil }
                let event = name.dropFirst(2)
                return Finding(
                    "inline event attribute '\(attribute.name)' runs in the view, not the page's logic; use '@\(event)' with a page handler",
                    at: page.span(attribute.nameRange))
            }
        }
    }
}
