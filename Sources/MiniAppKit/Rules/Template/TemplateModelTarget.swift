/// `x-model` on something other than a `store.<key>` path.
public struct TemplateModelTarget: Rule {
    public static let description = RuleDescription(
        id: "template-model-target", domain: .template, severity: .error,
        summary: "'x-model' does not name a 'store.<key>' path.",
        rationale: """
            The runtime syncs `x-model` back to the logic layer only for elements whose `x-model` \
            starts with `store.`; it sends the rest of the path as the key. Any other target \
            (`x-model="title"`, `x-model="store"`) changes only the view and the page's data never \
            learns the input. View-local state in an inline `x-data` is not synced and is allowed.
            """,
        triggering: [
            .file("pages/index/index.html", "<body x-data=\"page\">\n  <input type=\"text\" x-model=\"1️⃣title\">\n</body>\n",
                  expected: [.at("1️⃣", "'x-model' must name a page data key as 'store.<key>', found 'title'; did you mean 'store.title'?")]),
        ],
        nonTriggering: [.file("pages/index/index.html", "<body x-data=\"page\">\n  <input type=\"text\" x-model=\"store.user.name\">\n</body>\n")])

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] {
        model.pages.flatMap { page in
            page.uses(.model).compactMap { use -> Finding? in
                guard let expression = use.expression else { return nil }
                let path = expression.namePath
                if let path, path.count >= 2, path[0] == "store" { return nil }
                if let root = path?.first, page.scope(ofElement: use.element).localNames.contains(root) { return nil }
                let text = use.attribute.value ?? ""
                var message = "'x-model' must name a page data key as 'store.<key>', found '\(text)'"
                if let path, path.first != "store", let data = page.script?.dataKeys, data.contains(path[0]) {
                    message += "; did you mean 'store.\(path.joined(separator: "."))'?"
                }
                return Finding(message, at: page.span(use.fileRange(expression.range)))
            }
        }
    }
}
