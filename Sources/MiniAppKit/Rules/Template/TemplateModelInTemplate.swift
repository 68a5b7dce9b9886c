/// `x-model` inside `<template x-if>` or `<template x-for>`, which the bridge wires once.
public struct TemplateModelInTemplate: Rule {
    public static let description = RuleDescription(
        id: "template-model-in-template", domain: .template, severity: .error,
        summary:
            "'x-model' is inside a '<template x-if>' or '<template x-for>': wired only if rendered at start, never again once re-created.",
        rationale: """
            SkipMiniApp's view bridge wires `x-model` once, just after Alpine's first pass: it \
            looks the fields up in the document then and never again. A field inside \
            `<template x-if>` exists at that moment only if the condition is true in the page's \
            first data, and one inside `<template x-for>` only if the list has items. A field that \
            does not exist then is never wired (an error): what is typed stays in the view and \
            the page's data never receives it. One that does is wired, but Alpine re-creates it \
            when the condition turns false and true again or the list changes, and the new \
            element is not wired (a warning). Use `x-show`, which keeps the element, instead of \
            `x-if`; or send the value from `@input` with `handler('onName', $event.target.value)`. \
            The first data is the page's `data` as the runtime copies it, evaluated for paths, \
            literals, `!`, comparisons, `&&`, `||` and `.length`; a key the page's `onLoad` may \
            set, an `onLoad` that calls another method, and anything else mactl cannot evaluate \
            give the warning, never the error. Only the launch page's fields are checked here: \
            on other pages every `x-model` is `template-model-off-launch-page`'s.
            """,
        runtimeFacts: ["skip.model-wired-once"],
        triggering: [
            RuleExample(
                files: [
                    (
                        "pages/index/index.html",
                        "<body x-data=\"page\">\n  <template x-if=\"store.editing\">\n    <input type=\"text\" 1️⃣x-model=\"store.title\">\n  </template>\n</body>\n"
                    ),
                    ("pages/index/index.js", "Page({\n  data: { title: 'Hello', editing: false },\n});\n"),
                ],
                expected: [
                    .at(
                        "1️⃣",
                        "'x-model' is never wired: the '<template x-if=\"store.editing\">' around it is false on the first render, and the view bridge wires 'x-model' only once, at start, so the page's data never receives this input; use 'x-show' instead of 'x-if', or ':value=\"store.title\" @input=\"handler('onTitle', $event.target.value)\"'"
                    )
                ]),
            RuleExample(
                files: [
                    (
                        "pages/index/index.html",
                        "<body x-data=\"page\">\n  <template x-for=\"item in store.items\">\n    <input type=\"text\" 1️⃣x-model=\"store.title\">\n  </template>\n  <template x-if=\"store.items.length > 0\">\n    <input type=\"text\" 2️⃣x-model=\"store.title\">\n  </template>\n</body>\n"
                    ),
                    ("pages/index/index.js", "Page({\n  data: { title: 'Hello', items: [] },\n});\n"),
                ],
                expected: [
                    .at(
                        "1️⃣",
                        "'x-model' is never wired: the '<template x-for=\"item in store.items\">' around it has no items on the first render, and the view bridge wires 'x-model' only once, at start, so the page's data never receives this input; use ':value=\"store.title\" @input=\"handler('onTitle', $event.target.value)\"'"
                    ),
                    .at(
                        "2️⃣",
                        "'x-model' is never wired: the '<template x-if=\"store.items.length > 0\">' around it is false on the first render, and the view bridge wires 'x-model' only once, at start, so the page's data never receives this input; use 'x-show' instead of 'x-if', or ':value=\"store.title\" @input=\"handler('onTitle', $event.target.value)\"'"
                    ),
                ]),
            // Rendered at start, or set by onLoad: wired, but not once re-created (warnings).
            RuleExample(
                files: [
                    (
                        "pages/index/index.html",
                        "<body x-data=\"page\">\n  <template x-if=\"store.editing\">\n    <input type=\"text\" 1️⃣x-model=\"store.title\">\n  </template>\n  <template x-if=\"store.ready\">\n    <input type=\"text\" 2️⃣x-model=\"store.title\">\n  </template>\n  <template x-for=\"tag in store.tags\">\n    <input type=\"text\" 3️⃣x-model=\"store.title\">\n  </template>\n</body>\n"
                    ),
                    (
                        "pages/index/index.js",
                        "Page({\n  data: { title: 'Hello', editing: true, ready: false, tags: ['new'] },\n  onLoad() {\n    this.setData({ ready: true });\n  },\n});\n"
                    ),
                ],
                expected: [
                    .at(
                        "1️⃣",
                        "'x-model' inside '<template x-if=\"store.editing\">' is wired only as first rendered: once the condition turns false and true again, the re-created field is never wired and the page's data stops receiving its input; use 'x-show' instead of 'x-if', or ':value=\"store.title\" @input=\"handler('onTitle', $event.target.value)\"'"
                    ).severity(.warning),
                    .at(
                        "2️⃣",
                        "'x-model' inside '<template x-if=\"store.ready\">' is wired only as first rendered: if the condition is false on the first render, or turns false and true again, the field is never wired and the page's data stops receiving its input; use 'x-show' instead of 'x-if', or ':value=\"store.title\" @input=\"handler('onTitle', $event.target.value)\"'"
                    ).severity(.warning),
                    .at(
                        "3️⃣",
                        "'x-model' inside '<template x-for=\"tag in store.tags\">' is wired only in the items of the first render: items added or re-created later are never wired and the page's data does not receive their input; use ':value=\"store.title\" @input=\"handler('onTitle', $event.target.value)\"'"
                    ).severity(.warning),
                ]),
        ],
        nonTriggering: [
            // The field outside the template, kept by x-show, and a template x-if used for display only.
            RuleExample(files: [
                (
                    "pages/index/index.html",
                    "<body x-data=\"page\">\n  <input type=\"text\" x-model=\"store.title\">\n  <div x-show=\"store.editing\"><input type=\"text\" x-model=\"store.title\"></div>\n  <template x-if=\"store.editing\"><p x-text=\"store.title\"></p></template>\n</body>\n"
                ),
                ("pages/index/index.js", "Page({\n  data: { title: 'Hello', editing: false },\n});\n"),
            ]),
            RuleExample(
                files: [
                    (
                        "pages/index/index.html",
                        "<body x-data=\"page\">\n  <template x-if=\"store.editing\">\n    <input type=\"text\" x-model=\"store.title\">\n  </template>\n</body>\n"
                    ),
                    ("pages/index/index.js", "Page({\n  data: { title: 'Hello', editing: false },\n});\n"),
                ],
                configuration: "runtime: w3c\n"),
        ])

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] {
        guard model.runtime.has(.modelWiredOnceIntoLaunchPage) else { return [] }
        return model.pages.flatMap { page -> [Finding] in
            let bindings = page.ownModelBindings(in: model)
            guard !bindings.isEmpty else { return [] }
            let data = page.firstRenderData
            return bindings.compactMap { binding, _ -> Finding? in
                let around = binding.templatesAround
                guard let nearest = around.first else { return nil }
                let span = page.span(binding.use.attribute.nameRange)
                let handler = binding.handlerForm
                if let absent = around.first(where: { Self.rendersOnFirstPass($0, page: page, data: data) == false }) {
                    let tag = "'<template \(absent.attribute.name)=\"\(absent.attribute.value ?? "")\">'"
                    let note = DiagnosticNote(message: "wraps the field", span: page.span(absent.attribute.nameRange))
                    if absent.directive.kind == .if {
                        return Finding(
                            "'x-model' is never wired: the \(tag) around it is false on the first render, and the view bridge wires 'x-model' only once, at start, so the page's data never receives this input; use 'x-show' instead of 'x-if', or '\(handler)'",
                            at: span, notes: [note])
                    }
                    return Finding(
                        "'x-model' is never wired: the \(tag) around it has no items on the first render, and the view bridge wires 'x-model' only once, at start, so the page's data never receives this input; use '\(handler)'",
                        at: span, notes: [note])
                }
                let tag = "'<template \(nearest.attribute.name)=\"\(nearest.attribute.value ?? "")\">'"
                let note = DiagnosticNote(message: "wraps the field", span: page.span(nearest.attribute.nameRange))
                if nearest.directive.kind == .if {
                    // When the first render cannot be told (an `onLoad` mactl cannot follow),
                    // the condition may as well start false.
                    let when =
                        Self.rendersOnFirstPass(nearest, page: page, data: data) == true
                        ? "once the condition turns false and true again, the re-created field is never wired"
                        : "if the condition is false on the first render, or turns false and true again, the field is never wired"
                    return Finding(
                        "'x-model' inside \(tag) is wired only as first rendered: \(when) and the page's data stops receiving its input; use 'x-show' instead of 'x-if', or '\(handler)'",
                        at: span, notes: [note], defaultSeverity: .warning)
                }
                return Finding(
                    "'x-model' inside \(tag) is wired only in the items of the first render: items added or re-created later are never wired and the page's data does not receive their input; use '\(handler)'",
                    at: span, notes: [note], defaultSeverity: .warning)
            }
        }
    }

    /// Whether the template's content is in the document after Alpine's first pass: an `x-if`
    /// whose condition is truthy, an `x-for` over a non-empty array; nil when unknown.
    static func rendersOnFirstPass(_ use: DirectiveUse, page: PageModel, data: FirstRenderData?) -> Bool? {
        guard let data, let expression = use.expression else { return nil }
        let scope = page.scope(ofElement: use.element)
        let evaluator = FirstRenderEvaluator(data: data, storeIsPage: !scope.contains("store") && !scope.hasUnknownComponent)
        if use.directive.kind == .if { return evaluator.truthiness(expression) }
        switch evaluator.value(expression) {
        case .array(let elements)?: return !elements.isEmpty
        default: return nil
        }
    }
}
