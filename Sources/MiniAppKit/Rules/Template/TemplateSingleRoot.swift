/// A `<template x-if>` or `<template x-for>` without exactly one root element.
public struct TemplateSingleRoot: PageRule {
    public static let description = RuleDescription(
        id: "template-single-root", domain: .template, severity: .error,
        summary: "A '<template>' with 'x-if' or 'x-for' does not have exactly one element inside.",
        rationale: """
            Alpine renders only the first element child of such a template: a second sibling is \
            silently dropped, and text or nothing at all renders nothing. Wrap several elements in \
            one.
            """,
        triggering: [
            .file(
                "pages/index/index.html",
                "<body x-data=\"page\">\n  <template 1️⃣x-if=\"store.title\"><h1 x-text=\"store.title\"></h1><p>more</p></template>\n</body>\n",
                expected: [.at("1️⃣", "'<template x-if>' has 2 root elements; Alpine renders only the first, so wrap them in one element")])
        ],
        nonTriggering: [
            .file(
                "pages/index/index.html",
                "<body x-data=\"page\">\n  <template x-if=\"store.title\">\n    <div><h1 x-text=\"store.title\"></h1><p>more</p></div>\n  </template>\n</body>\n"
            )
        ])

    public init() {}

    public func check(page: PageModel, runtime: RuntimeProfile) -> [Finding] {
        guard let template = page.template else { return [] }
        return page.directives.compactMap { use in
            guard use.directive.kind == .if || use.directive.kind == .for else { return nil }
            let element = template.elements[use.element]
            guard element.name == "template", element.hasSourceTag else { return nil }
            let count = template.children(of: use.element).reduce(0) { count, _ in count + 1 }
            let name = use.directive.kind.directiveName
            switch count {
            case 1: return nil
            case 0:
                return Finding(
                    "'<template \(name)>' has no element inside; Alpine renders nothing, not even text",
                    at: page.span(use.attribute.nameRange))
            default:
                return Finding(
                    "'<template \(name)>' has \(count) root elements; Alpine renders only the first, so wrap them in one element",
                    at: page.span(use.attribute.nameRange))
            }
        }
    }
}
