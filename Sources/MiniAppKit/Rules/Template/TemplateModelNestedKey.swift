/// `x-model="store.user.name"`: the runtime writes the flat key `'user.name'`.
public struct TemplateModelNestedKey: Rule {
    public static let description = RuleDescription(
        id: "template-model-nested-key", domain: .template, severity: .error,
        summary: "'x-model' names a path deeper than one key ('store.user.name'), which the runtime stores as one flat key.",
        rationale: """
            SkipMiniApp's view bridge posts the text after `store.` as the key, and the runtime \
            writes it with `data['<key>'] = value`: `x-model="store.user.name"` sets a new \
            top-level key `'user.name'`, and `data.user.name` keeps its initial value. The field \
            shows what is typed, but `this.data.user.name` in the page's handlers never changes. \
            Bind a flat key (`store.userName`), or send the value from `@input` with \
            `handler('onUserName', $event.target.value)` and set the path with `setData`, which \
            takes paths. Only the launch page's fields are checked here: on other pages every \
            `x-model` is `template-model-off-launch-page`'s.
            """,
        runtimeFacts: ["skip.model-flat-key"],
        triggering: [
            RuleExample(
                files: [
                    ("pages/index/index.html", "<body x-data=\"page\">\n  <input type=\"text\" x-model=\"store.1️⃣user.name\">\n</body>\n"),
                    ("pages/index/index.js", "Page({\n  data: { title: 'Hello', user: { name: '' } },\n});\n"),
                ],
                expected: [
                    .at(
                        "1️⃣",
                        "'x-model' writes the flat key 'user.name' into the page's data, so 'data.user.name' never changes and handlers read its initial value; bind a flat key ('store.userName') or use ':value=\"store.user.name\" @input=\"handler('onUserName', $event.target.value)\"' and 'setData'"
                    )
                ])
        ],
        nonTriggering: [
            // A flat key, and a nested path only read.
            RuleExample(files: [
                (
                    "pages/index/index.html",
                    "<body x-data=\"page\">\n  <input type=\"text\" x-model=\"store.userName\">\n  <p x-text=\"store.user.name\"></p>\n</body>\n"
                ),
                ("pages/index/index.js", "Page({\n  data: { title: 'Hello', userName: '', user: { name: '' } },\n});\n"),
            ]),
            RuleExample(
                files: [
                    ("pages/index/index.html", "<body x-data=\"page\">\n  <input type=\"text\" x-model=\"store.user.name\">\n</body>\n")
                ],
                configuration: "runtime: w3c\n"),
        ])

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] {
        guard model.runtime.has(.modelWiredOnceIntoLaunchPage) else { return [] }
        return model.pages.flatMap { page in
            page.ownModelBindings(in: model).compactMap { binding, key -> Finding? in
                // A value Alpine cannot parse is template-unsupported-expression's.
                // A flat key is one name, exactly as Alpine reads the path (`store.title `, with a
                // space, is the key 'title ').
                guard binding.use.failure == nil, binding.use.expression != nil, binding.pathAfterStore != [key] else { return nil }
                let attribute = binding.use.attribute
                var range = attribute.valueRange ?? attribute.nameRange
                if attribute.valueIsVerbatim, let valueRange = attribute.valueRange {
                    range = (valueRange.lowerBound + 6)..<valueRange.upperBound
                }
                var message =
                    "'x-model' writes the flat key '\(key)' into the page's data, so 'data.\(key)' never changes and handlers read its initial value; "
                if let path = binding.pathAfterStore {
                    let flat = path[0] + path.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
                    message += "bind a flat key ('store.\(flat)') or use '\(binding.handlerForm)' and 'setData'"
                } else {
                    message += "bind a flat key ('store.<name>') or use '\(binding.handlerForm)' and 'setData'"
                }
                return Finding(message, at: page.span(range))
            }
        }
    }
}
