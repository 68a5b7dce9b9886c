/// The parses an earlier model of a project can lend a new one (`ProjectModel(reusing:)`):
/// each is kept with the file it was made from, and lent only for a file with the same path
/// and bytes.
struct ReusableParses: Sendable {
    private var templates: [String: (file: SourceFile, template: PageTemplate?, facts: PageModel.TemplateFacts)] = [:]
    /// Page scripts and `app.js`; empty when `app.js` changed, since a runtime with one shared
    /// context runs a page's script after it.
    private var scripts: [String: ScriptModel] = [:]
    private(set) var icons: [String: IconModel] = [:]

    init(_ previous: ProjectModel, for project: Project) {
        for page in previous.pages {
            guard let file = previous.project.file(page.templatePath) else { continue }
            templates[page.templatePath] = (
                file, page.template,
                PageModel.TemplateFacts(
                    directives: page.directives, elementScopes: page.elementScopes, boundHandlerNames: page.boundHandlerNames)
            )
        }
        if previous.project.file("app.js") == project.file("app.js") {
            for script in previous.pages.compactMap(\.script) + [previous.appScript].compactMap({ $0 }) {
                scripts[script.file.path] = script
            }
        }
        for icon in previous.icons {
            icons[icon.path] = icon
        }
    }

    func template(for file: SourceFile) -> (PageTemplate?, PageModel.TemplateFacts)? {
        guard let lent = templates[file.path], lent.file == file else { return nil }
        return (lent.template, lent.facts)
    }

    func script(for file: SourceFile) -> ScriptModel? {
        guard let lent = scripts[file.path], lent.file == file else { return nil }
        return lent
    }
}
