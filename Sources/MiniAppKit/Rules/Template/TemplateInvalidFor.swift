/// An `x-for` value that is not `item in items` or `(item, index) in items`.
public struct TemplateInvalidFor: PageRule {
    public static let description = RuleDescription(
        id: "template-invalid-for", domain: .template, severity: .error,
        summary: "An 'x-for' value is not 'item in store.items' or '(item, index) in store.items' ('of' works too).",
        rationale:
            "Alpine reads `x-for` with its own pattern before evaluating anything; a value of another shape (`items as item`, `for (item of items)`) renders no list and logs an error.",
        triggering: [
            .file(
                "pages/index/index.html",
                "<body x-data=\"page\">\n  <template x-for=\"1️⃣store.items as item\"><p x-text=\"item\"></p></template>\n</body>\n",
                expected: [
                    .at("1️⃣", "'x-for' must read 'item in store.items' or '(item, index) in store.items', found 'store.items as item'")
                ])
        ],
        nonTriggering: [
            .file(
                "pages/index/index.html",
                "<body x-data=\"page\">\n  <template x-for=\"(item, i) in store.items\" :key=\"i\"><p x-text=\"item\"></p></template>\n</body>\n"
            )
        ])

    public init() {}

    public func check(page: PageModel, runtime: RuntimeProfile) -> [Finding] {
        page.uses(.for).compactMap { use in
            guard use.loop == nil else { return nil }
            return Finding(
                "'x-for' must read 'item in store.items' or '(item, index) in store.items', found '\(use.attribute.value ?? "")'",
                at: page.span(use.valueOrNameRange))
        }
    }
}
