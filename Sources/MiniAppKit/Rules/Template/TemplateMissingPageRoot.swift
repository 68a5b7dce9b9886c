/// The page has no `x-data="page"` root, or its outermost `x-data` is something else.
public struct TemplateMissingPageRoot: Rule {
    public static let description = RuleDescription(
        id: "template-missing-page-root", domain: .template, severity: .error,
        summary: "A page template has no element with 'x-data=\"page\"' around its directives.",
        rationale: """
            The runtime registers the page's component as `Alpine.data('page')`; only inside \
            `x-data="page"` (usually on `<body>`) do `store`, the handlers and `$t` exist. A page \
            without it renders its static HTML and nothing binds; an outermost `x-data` with another \
            value is a component the bridge knows nothing about.
            """,
        triggering: [
            .file("pages/index/index.html", "1️⃣<!DOCTYPE html>\n<html>\n<body>\n  <p x-text=\"store.title\"></p>\n</body>\n</html>\n",
                  expected: [.at("1️⃣", "the page has no 'x-data=\"page\"' root; nothing in it binds to the page's data or handlers")]),
            .file("pages/index/index.html", "<body x-data=\"1️⃣{ title: 'x' }\">\n  <p x-text=\"title\"></p>\n</body>\n",
                  expected: [.at("1️⃣", "the outermost 'x-data' must be 'page', the component the runtime registers; found '{ title: 'x' }'")]),
        ],
        nonTriggering: [.file("pages/index/index.html", "<body x-data=\"page\">\n  <div x-data=\"{ open: false }\"><p x-show=\"open\"></p></div>\n</body>\n")])

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] {
        model.pages.compactMap { page -> Finding? in
            guard let template = page.template else { return nil }
            let dataUses = page.uses(.data)
            // The outermost x-data: one with no x-data around it.
            let dataElements = Set(dataUses.map(\.element))
            let outermost = dataUses.filter { use in !template.ancestors(of: use.element).contains(where: dataElements.contains) }
            if outermost.isEmpty {
                guard !page.directives.isEmpty || !template.elements.isEmpty else { return nil }
                return Finding(
                    "the page has no 'x-data=\"page\"' root; nothing in it binds to the page's data or handlers", at: template.span(0..<0))
            }
            for use in outermost where (use.attribute.value ?? "").trimmingWhitespace != "page" {
                let value = use.attribute.value ?? ""
                return Finding(
                    "the outermost 'x-data' must be 'page', the component the runtime registers; found '\(value)'",
                    at: page.span(use.valueOrNameRange))
            }
            return nil
        }
    }
}

extension String {
    var trimmingWhitespace: String {
        String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}
