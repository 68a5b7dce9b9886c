/// `x-model` on a checkbox or radio button.
public struct TemplateModelOnCheckbox: Rule {
    public static let description = RuleDescription(
        id: "template-model-on-checkbox", domain: .template, severity: .error,
        summary: "'x-model' is on a checkbox or a radio button.",
        rationale: """
            The runtime's bridge sends an `x-model` element's `value` to the logic layer as a \
            string on each input event. A checkbox's `value` is its value attribute (`"on"`), not \
            whether it is checked, so the page data never learns the state. Bind `:checked` and \
            handle `@change` in a page handler instead.
            """,
        triggering: [
            .file("pages/index/index.html", "<body x-data=\"page\">\n  <input type=\"checkbox\" 1️⃣x-model=\"store.agreed\">\n</body>\n",
                  expected: [.at("1️⃣", "'x-model' on a checkbox sends its value attribute ('on'), not whether it is checked; bind ':checked' and handle '@change' in a page handler")]),
        ],
        nonTriggering: [
            RuleExample(
                files: [("pages/index/index.html", "<body x-data=\"page\">\n  <input type=\"checkbox\" :checked=\"store.agreed\" @change=\"onAgree\">\n</body>\n")],
                supportFiles: ["pages/index/index.js": "Page({\n  data: { title: 'Hello', agreed: false },\n  onAgree(event) {\n    this.setData({ agreed: event.target.checked });\n  },\n});\n"]),
        ])

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] {
        model.pages.flatMap { page -> [Finding] in
            guard let template = page.template else { return [] }
            return page.uses(.model).compactMap { use in
                let element = template.elements[use.element]
                guard element.name == "input", let type = element.attribute(named: "type")?.value?.lowercased(),
                      type == "checkbox" || type == "radio" else { return nil }
                let noun = type == "checkbox" ? "a checkbox" : "a radio button"
                let state = type == "checkbox" ? "whether it is checked" : "which one is selected"
                return Finding(
                    "'x-model' on \(noun) sends its value attribute ('on'), not \(state); bind ':checked' and handle '@change' in a page handler",
                    at: page.span(use.attribute.nameRange))
            }
        }
    }
}
