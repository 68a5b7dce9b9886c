/// `x-model` on a page other than the launch page writes into the launch page's data.
public struct TemplateModelOffLaunchPage: Rule {
    public static let description = RuleDescription(
        id: "template-model-off-launch-page", domain: .template, severity: .error,
        summary: "'x-model' on a page other than the first of 'pages' writes into the launch page's data, not its own.",
        rationale: """
            SkipMiniApp writes every `x-model` update into the data of its current page, and its \
            current page stays the launch page (the first of the manifest's `pages`) whatever \
            page is on screen: the runtime never updates its page stack. A field on any other \
            page shows what is typed, but its own page's `this.data` never changes, the launch \
            page's data gets the key instead (its view is not updated), and if the launch page \
            was never opened the update is dropped. Send the value from `@input` with \
            `handler('onName', $event.target.value)` and `setData` it in the page's handler, or \
            keep the field on the launch page. This rule reports every wired `x-model` of \
            another page, whatever else is wrong with it: the handler mends all of it.
            """,
        runtimeFacts: ["skip.model-launch-page", "skip.model-wired-once"],
        triggering: [
            RuleExample(
                files: [
                    ("manifest.json", MinimalApp.manifest(with: #""pages": ["pages/index/index", "pages/form/form"]"#)),
                    ("pages/form/form.html", "<body x-data=\"page\">\n  <input type=\"text\" 1️⃣x-model=\"store.name\">\n</body>\n"),
                ],
                supportFiles: ["pages/form/form.js": "Page({\n  data: { name: '' },\n});\n"],
                expected: [
                    .at(
                        "1️⃣",
                        "'x-model' on 'pages/form/form' writes 'name' into the data of the launch page 'pages/index/index', not this page's: 'this.data.name' here never changes, and the update is dropped if the launch page was never opened; use ':value=\"store.name\" @input=\"handler('onName', $event.target.value)\"' and 'setData' in the handler"
                    )
                ])
        ],
        nonTriggering: [
            // A flat x-model on the launch page, and a handler on the other page.
            RuleExample(
                files: [
                    ("pages/index/index.html", "<body x-data=\"page\">\n  <input type=\"text\" x-model=\"store.title\">\n</body>\n"),
                    (
                        "pages/form/form.html",
                        "<body x-data=\"page\">\n  <input type=\"text\" :value=\"store.name\" @input=\"handler('onName', $event.target.value)\">\n</body>\n"
                    ),
                    (
                        "pages/form/form.js",
                        "Page({\n  data: { name: '' },\n  onName(event) {\n    this.setData({ name: event.detail });\n  },\n});\n"
                    ),
                ],
                supportFiles: ["manifest.json": MinimalApp.manifest(with: #""pages": ["pages/index/index", "pages/form/form"]"#)]),
            RuleExample(
                files: [("pages/form/form.html", "<body x-data=\"page\">\n  <input type=\"text\" x-model=\"store.name\">\n</body>\n")],
                supportFiles: [
                    "manifest.json": MinimalApp.manifest(with: #""pages": ["pages/index/index", "pages/form/form"]"#),
                    "pages/form/form.js": "Page({\n  data: { name: '' },\n});\n",
                ],
                configuration: "runtime: w3c\n"),
        ])

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] {
        guard model.runtime.has(.modelWiredOnceIntoLaunchPage), let launch = model.launchPage else { return [] }
        return model.pages.flatMap { page -> [Finding] in
            guard page.route != launch.route else { return [] }
            return page.modelBindings().compactMap { binding -> Finding? in
                guard case .wired(let key) = binding.wiring else { return nil }
                return Finding(
                    "'x-model' on '\(page.route)' writes '\(key)' into the data of the launch page '\(launch.route)', not this page's: 'this.data.\(key)' here never changes, and the update is dropped if the launch page was never opened; use '\(binding.handlerForm)' and 'setData' in the handler",
                    at: page.span(binding.use.attribute.nameRange))
            }
        }
    }
}
