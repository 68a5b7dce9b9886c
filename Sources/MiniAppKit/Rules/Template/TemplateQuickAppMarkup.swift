/// A page written in Quick App markup (`<template>` root, `<text>`, `<div>` inside a
/// `<template>`, no Alpine), which a runtime that shows HTML with Alpine renders blank.
public struct TemplateQuickAppMarkup: Rule {
    public static let description = RuleDescription(
        id: "template-quick-app-markup", domain: .template, severity: .error,
        summary: "A page template is Quick App markup, which SkipMiniApp renders as a blank page.",
        rationale: """
            Quick App engines (and the W3C `miniapp-tests` pages) write a page as a `<template>` \
            holding components such as `<div>` and `<text>`. SkipMiniApp loads the template as an \
            HTML document in a web view and binds it with Alpine: the content of an HTML \
            `<template>` is inert and never shown, and `<text>` is no HTML element, so the page is \
            blank. The rule reports once per file, when the markup has a `<template>` root, or \
            `<text>` or `<div>` inside a `<template>`, and no Alpine directive at all: an Alpine \
            `<template x-for>` or `<template x-if>` is ordinary. It also checks page-like `.html` \
            files the manifest does not list. Silent under the `w3c` profile, which does not say \
            how a page is written.
            """,
        runtimeFacts: ["skip.html-view"],
        triggering: [
            .file(
                "pages/index/index.html", "1️⃣<template>\n  <div>\n    <text>Hello</text>\n  </div>\n</template>\n",
                expected: [
                    .at(
                        "1️⃣",
                        "this page is Quick App markup (a '<template>' root, '<text>'): SkipMiniApp renders HTML with Alpine, so it shows blank; write it as HTML inside '<body x-data=\"page\">' ('<p>', '<span>' for text)"
                    )
                ]),
            .file(
                "pages/index/index.html", "<body>\n  1️⃣<template>\n    <div class=\"card\">Hello</div>\n  </template>\n</body>\n",
                expected: [
                    .at(
                        "1️⃣",
                        "this page is Quick App markup ('<div>' inside '<template>'): SkipMiniApp renders HTML with Alpine, so it shows blank; write it as HTML inside '<body x-data=\"page\">' ('<p>', '<span>' for text)"
                    )
                ]),
        ],
        nonTriggering: [
            // Alpine's own templates.
            .file(
                "pages/index/index.html",
                """
                <body x-data="page">
                  <template x-for="item in store.items" :key="item.id"><div x-text="item.name"></div></template>
                  <template x-if="store.open"><div>Open</div></template>
                </body>

                """),
            // Quick App markup is the host's business under the W3C profile.
            RuleExample(
                files: [("pages/index/index.html", "<template>\n  <div>\n    <text>Hello</text>\n  </div>\n</template>\n")],
                configuration: "runtime: w3c\n"),
        ])

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] {
        guard model.runtime.pagesAreAlpineHTML else { return [] }
        let listed = model.pages.compactMap(\.template)
        let unlisted = ProjectUnlistedPage.unlistedTemplates(in: model).compactMap(model.project.file).map(TemplateParser.parse)
        return (listed + unlisted).compactMap(Self.finding)
    }

    static func finding(_ template: PageTemplate) -> Finding? {
        let elements = template.elements
        guard !elements.contains(where: template.hasDirective) else { return nil }
        let templates = elements.indices.filter { elements[$0].name == "template" && elements[$0].hasSourceTag }
        guard let first = templates.first else { return nil }
        var signs: [String] = []
        let isRoot = elements.firstIndex(where: \.hasSourceTag) == first
        if isRoot { signs.append("a '<template>' root") }
        let inside = templates.flatMap { Array(template.descendants(of: $0)) }.map { elements[$0].name }
        if inside.contains("text") { signs.append("'<text>'") }
        if !isRoot, !inside.contains("text"), inside.contains("div") { signs.append("'<div>' inside '<template>'") }
        guard !signs.isEmpty else { return nil }
        return Finding(
            "this page is Quick App markup (\(signs.joined(separator: ", "))): SkipMiniApp renders HTML with Alpine, so it shows blank; write it as HTML inside '<body x-data=\"page\">' ('<p>', '<span>' for text)",
            at: template.span(elements[first].range))
    }
}
