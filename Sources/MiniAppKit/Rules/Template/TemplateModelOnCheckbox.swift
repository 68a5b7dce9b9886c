/// `x-model` on a checkbox, or on a radio button without a `value`.
public struct TemplateModelOnCheckbox: PageRule {
    public static let description = RuleDescription(
        id: "template-model-on-checkbox", domain: .template, severity: .error,
        summary: "'x-model' is on a checkbox, or on a radio button without a 'value'.",
        rationale: """
            SkipMiniApp's view bridge sends an `x-model` element's `value` to the logic layer as \
            a string on each input event. A checkbox's `value` is its value attribute (`"on"` \
            when it has none) whether it is checked or not, so the page's data receives `"on"` \
            at every click and never learns the state. Bind `:checked` and send the state from \
            `@change` with `handler('onAgree', $event.target.checked)`; the page handler reads it \
            as `event.detail` (a handler receives only `{ type, detail }`, and a bare \
            `@change="onAgree"` would pass a DOM event, which iOS cannot send). A radio button \
            posts its `value` when it becomes selected, which is right, but without a `value` \
            attribute that is `"on"` for every button: give each one a `value`.
            """,
        runtimeFacts: ["skip.model-flat-key", "skip.event-type-detail", "skip.event-detail-cloned"],
        triggering: [
            .file(
                "pages/index/index.html",
                "<body x-data=\"page\">\n  <input type=\"checkbox\" 1️⃣x-model=\"store.agreed\">\n  <input type=\"radio\" name=\"size\" 2️⃣x-model=\"store.size\">\n</body>\n",
                expected: [
                    .at(
                        "1️⃣",
                        "'x-model' on a checkbox posts its value ('on') whether it is checked or not, so the page's data never learns the state; bind ':checked=\"store.agreed\"' and send the state with '@change=\"handler('onAgreed', $event.target.checked)\"'"
                    ),
                    .at(
                        "2️⃣",
                        "'x-model' on a radio button without a 'value' posts 'on' whichever button is selected, so the page's data never learns the choice; give each radio button a 'value'"
                    ),
                ])
        ],
        nonTriggering: [
            RuleExample(
                files: [
                    (
                        "pages/index/index.html",
                        "<body x-data=\"page\">\n  <input type=\"checkbox\" :checked=\"store.agreed\" @change=\"handler('onAgree', $event.target.checked)\">\n  <input type=\"radio\" name=\"size\" value=\"s\" x-model=\"store.size\">\n  <input type=\"radio\" name=\"size\" value=\"m\" x-model=\"store.size\">\n</body>\n"
                    ),
                    (
                        "pages/index/index.js",
                        "Page({\n  data: { title: 'Hello', agreed: false, size: 's' },\n  onAgree(event) {\n    this.setData({ agreed: event.detail });\n  },\n});\n"
                    ),
                ]),
            RuleExample(
                files: [
                    ("pages/index/index.html", "<body x-data=\"page\">\n  <input type=\"checkbox\" x-model=\"store.agreed\">\n</body>\n")
                ],
                configuration: "runtime: w3c\n"),
        ])

    public init() {}

    public func check(page: PageModel, runtime: RuntimeProfile) -> [Finding] {
        guard runtime.has(.modelWiredOnceIntoLaunchPage) else { return [] }
        guard let template = page.template else { return [] }
        return page.modelBindings().compactMap { binding in
            guard binding.wiring == .checkbox else { return nil }
            let element = template.elements[binding.use.element]
            let span = page.span(binding.use.attribute.nameRange)
            guard template.attribute(named: "type", of: element)?.value?.lowercased() == "checkbox" else {
                return Finding(
                    "'x-model' on a radio button without a 'value' posts 'on' whichever button is selected, so the page's data never learns the choice; give each radio button a 'value'",
                    at: span)
            }
            let value = template.attribute(named: "value", of: element)?.value ?? "on"
            let key = binding.pathAfterStore?.joined(separator: ".")
            let checked = key.map { ":checked=\"store.\($0)\"" } ?? ":checked"
            let handler = key == nil ? "onChange" : binding.suggestedHandler
            return Finding(
                "'x-model' on a checkbox posts its value ('\(value)') whether it is checked or not, so the page's data never learns the state; bind '\(checked)' and send the state with '@change=\"handler('\(handler)', $event.target.checked)\"'",
                at: span)
        }
    }
}
