/// `x-model.lazy`, `x-model.number`, …: the bridge never finds the element.
public struct TemplateModelModifier: PageRule {
    public static let description = RuleDescription(
        id: "template-model-modifier", domain: .template, severity: .error,
        summary: "'x-model' has a modifier ('x-model.lazy', 'x-model.number'), so the view bridge never wires it.",
        rationale: """
            SkipMiniApp's view bridge wires `x-model` by looking the elements up with \
            `document.querySelectorAll('[x-model]')`, which matches the attribute named exactly \
            `x-model`. `x-model.lazy`, `x-model.number` or `x-model.debounce.500ms` is another \
            attribute name: Alpine still binds the field in the view, but the page's data never \
            receives what is typed, and handlers keep reading the initial value. Write `x-model` \
            without modifiers: the bridge posts the value as a string on every input event \
            whatever the modifier asked for, so `.number` and `.lazy` could not apply anyway. \
            On this runtime this rule reports every `x-model` modifier, known or not, in place \
            of `template-unknown-modifier`. A checkbox is `template-model-on-checkbox`'s.
            """,
        runtimeFacts: ["skip.model-wired-once"],
        triggering: [
            .file(
                "pages/index/index.html",
                "<body x-data=\"page\">\n  <input type=\"text\" x-model1️⃣.lazy=\"store.title\">\n  <input type=\"number\" x-model2️⃣.number.debounce.300ms=\"store.title\">\n</body>\n",
                expected: [
                    .at(
                        "1️⃣",
                        "'x-model.lazy' is never wired: the view bridge wires only attributes named exactly 'x-model', so the page's data never receives this input; write 'x-model' without '.lazy' (the bridge posts the value as a string on every input anyway)"
                    ).fixIt("x-model"),
                    .at(
                        "2️⃣",
                        "'x-model.number.debounce.300ms' is never wired: the view bridge wires only attributes named exactly 'x-model', so the page's data never receives this input; write 'x-model' without '.number.debounce.300ms' (the bridge posts the value as a string on every input anyway)"
                    ).fixIt("x-model"),
                ])
        ],
        nonTriggering: [
            // The same field without the modifier, and a modifier on view-local state.
            .file(
                "pages/index/index.html",
                "<body x-data=\"page\">\n  <input type=\"text\" x-model=\"store.title\">\n  <div x-data=\"{ draft: '' }\"><input x-model.lazy=\"draft\"></div>\n</body>\n"
            ),
            RuleExample(
                files: [
                    ("pages/index/index.html", "<body x-data=\"page\">\n  <input type=\"text\" x-model.lazy=\"store.title\">\n</body>\n")
                ],
                configuration: "runtime: w3c\n"),
        ])

    public init() {}

    public func check(page: PageModel, runtime: RuntimeProfile) -> [Finding] {
        guard runtime.has(.modelWiredOnceIntoLaunchPage) else { return [] }
        return page.modelBindings().compactMap { binding -> Finding? in
            guard binding.wiring == .modifier else { return nil }
            let attribute = binding.use.attribute
            // `x-model` is seven bytes whatever the case; the rest is the modifiers (or an argument).
            let restStart = attribute.nameRange.lowerBound + 7
            guard restStart <= attribute.nameRange.upperBound else { return nil }
            let rest = String(attribute.name.dropFirst(7))
            let fixIt = FixIt(message: "remove '\(rest)'", span: page.span(attribute.nameRange), replacement: "x-model")
            return Finding(
                "'\(attribute.name)' is never wired: the view bridge wires only attributes named exactly 'x-model', so the page's data never receives this input; write 'x-model' without '\(rest)' (the bridge posts the value as a string on every input anyway)",
                at: page.span(restStart..<attribute.nameRange.upperBound), fixIt: fixIt)
        }
    }
}
