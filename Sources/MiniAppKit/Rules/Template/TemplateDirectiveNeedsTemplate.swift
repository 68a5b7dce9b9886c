/// `x-if` or `x-for` on an element other than `<template>`.
public struct TemplateDirectiveNeedsTemplate: PageRule {
    public static let description = RuleDescription(
        id: "template-directive-needs-template", domain: .template, severity: .error,
        summary: "'x-if' or 'x-for' is on an element other than '<template>'.",
        rationale: """
            Alpine adds and removes the content of a `<template>`; on any other element `x-if` and \
            `x-for` do nothing and log a warning, so a list never renders and a condition never \
            hides anything. Use `<template x-if="...">` around the element, or `x-show` to hide \
            it in place.
            """,
        triggering: [
            .file(
                "pages/index/index.html",
                "<body x-data=\"page\">\n  <div 1️⃣x-if=\"store.title\"><p x-text=\"store.title\"></p></div>\n</body>\n",
                expected: [
                    .at(
                        "1️⃣",
                        "'x-if' only works on a '<template>' element, not on '<div>'; wrap the element in '<template x-if>' or use 'x-show'"
                    )
                ])
        ],
        nonTriggering: [
            .file(
                "pages/index/index.html",
                "<body x-data=\"page\">\n  <div x-show=\"store.title\"><p x-text=\"store.title\"></p></div>\n</body>\n")
        ])

    public init() {}

    public func check(page: PageModel, runtime: RuntimeProfile) -> [Finding] {
        guard let template = page.template else { return [] }
        return page.directives.compactMap { use in
            guard use.directive.kind == .if || use.directive.kind == .for else { return nil }
            let element = template.elements[use.element]
            guard element.name != "template" else { return nil }
            let name = use.directive.kind.directiveName
            let advice =
                use.directive.kind == .if
                ? "wrap the element in '<template x-if>' or use 'x-show'" : "wrap the element in '<template x-for>'"
            return Finding(
                "'\(name)' only works on a '<template>' element, not on '<\(element.name)>'; \(advice)",
                at: page.span(use.attribute.nameRange))
        }
    }
}
