/// `x-html` in a page.
public struct TemplateXHTML: PageRule {
    public static let description = RuleDescription(
        id: "template-x-html", domain: .template, severity: .error,
        summary: "A page uses 'x-html'.",
        rationale: """
            The Alpine CSP build refuses `x-html` outright ("Using the x-html directive is \
            prohibited in the CSP build", 3.15 and later), so the element stays empty; and HTML \
            built from data is how script injection gets in. Use `x-text`, or markup in the \
            template with `x-show`/`x-if`.
            """,
        triggering: [
            .file(
                "pages/index/index.html", "<body x-data=\"page\">\n  <div 1️⃣x-html=\"store.title\"></div>\n</body>\n",
                expected: [.at("1️⃣", "'x-html' is prohibited in the Alpine CSP build and renders nothing; use 'x-text'")])
        ],
        nonTriggering: [
            // Text with 'x-text', and markup written in the template.
            .file(
                "pages/index/index.html",
                "<body x-data=\"page\">\n  <div x-text=\"store.title\"></div>\n  <template x-if=\"store.title\"><b>New</b></template>\n</body>\n"
            )
        ])

    public init() {}

    public func check(page: PageModel, runtime: RuntimeProfile) -> [Finding] {
        page.uses(.html).map { use in
            Finding(
                "'x-html' is prohibited in the Alpine CSP build and renders nothing; use 'x-text'", at: page.span(use.attribute.nameRange))
        }
    }
}
