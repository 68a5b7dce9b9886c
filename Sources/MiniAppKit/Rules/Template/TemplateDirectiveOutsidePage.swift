/// A directive outside every `x-data` element.
public struct TemplateDirectiveOutsidePage: PageRule {
    public static let description = RuleDescription(
        id: "template-directive-outside-page", domain: .template, severity: .error,
        summary: "An Alpine directive sits outside the page's 'x-data' element.",
        rationale:
            "Alpine only initialises directives inside an `x-data` element; one outside it (in `<head>`, or beside the root) is never evaluated.",
        triggering: [
            .file(
                "pages/index/index.html", "<div x-data=\"page\"><p x-text=\"store.title\"></p></div>\n<p 1️⃣x-text=\"store.title\"></p>\n",
                expected: [.at("1️⃣", "'x-text' is outside every 'x-data' element, so Alpine never evaluates it")])
        ],
        nonTriggering: [
            // A directive on the page's root itself, and markup without directives beside it.
            .file(
                "pages/index/index.html",
                "<div x-data=\"page\" x-show=\"store.title\"><p x-text=\"store.title\"></p></div>\n<p>© 2025</p>\n")
        ])

    public init() {}

    public func check(page: PageModel, runtime: RuntimeProfile) -> [Finding] {
        guard let template = page.template else { return [] }
        let dataElements = Set(page.uses(.data).map(\.element))
        guard !dataElements.isEmpty else { return [] }  // no root at all is the missing-root rule's
        // Whether each element is an `x-data` element or inside one, worked out once per
        // element rather than by walking its ancestors for each of its directives.
        var insideData: [Int: Bool] = [:]
        func isInsideData(_ element: Int) -> Bool {
            // Up to the first element already known (or the top), then back down.
            var chain: [Int] = []
            var current: Int? = element
            var inside = false
            while let index = current {
                if let known = insideData[index] {
                    inside = known
                    break
                }
                if dataElements.contains(index) {
                    inside = true
                    break
                }
                chain.append(index)
                current = template.elements[index].parent
            }
            for index in chain { insideData[index] = inside }
            return inside
        }
        var reportedElements: Set<Int> = []
        return page.directives.compactMap { use in
            guard !isInsideData(use.element), reportedElements.insert(use.element).inserted else { return nil }
            return Finding(
                "'\(use.attribute.name)' is outside every 'x-data' element, so Alpine never evaluates it",
                at: page.span(use.attribute.nameRange))
        }
    }
}
