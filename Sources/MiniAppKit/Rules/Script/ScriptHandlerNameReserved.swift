/// A page handler named like a member of the view's component (`store`, `handler`, `model`,
/// `init`), which the template then uses.
public struct ScriptHandlerNameReserved: PageRule {
    public static let description = RuleDescription(
        id: "script-handler-name-reserved", domain: .script, severity: .error,
        summary:
            "A page handler is named 'store', 'handler', 'model' or 'init', a member the view's component already has, and the template uses that member.",
        rationale: """
            SkipMiniApp's view component (`Alpine.data('page', …)`) is one object literal: the \
            `store` getter, the `handler(name, detail)` and `model(key)` helpers, then one \
            `name: function(detail) { … }` per page handler, then its own `init`. A later key \
            wins: a handler named `store` replaces the getter, so every `store.…` in the template \
            reads the function and shows nothing; one named `handler` replaces the helper, so \
            every `handler('name', …)` runs this method with the name as its detail; one named \
            `model` replaces `model(key)`. A handler named `init` is replaced by the bridge's \
            `init`, so `init()` in the template runs the bridge's setup (wiring x-model fields \
            again) and never this method. The rule reports the handler when the template uses \
            the member it breaks; a method the page only calls itself (`this.init()` in `onLoad`) \
            is fine. Rename the handler (`onInit`, `onStore`). Runtimes that call handlers \
            otherwise (`w3c`) are not checked.
            """,
        runtimeFacts: ["skip.handler-bridge-keys"],
        triggering: [
            RuleExample(
                files: [
                    (
                        "pages/index/index.js",
                        "Page({\n  data: { title: 'Hello' },\n  1️⃣store() {\n    this.setData({ title: 'Saved' });\n  },\n});\n"
                    )
                ],
                expected: [
                    .at(
                        "1️⃣",
                        "a handler named 'store' replaces the view's 'store', so every 'store.…' in the template reads this function and shows nothing; rename it, as in 'onStore'"
                    )
                ]),
            RuleExample(
                files: [
                    ("pages/index/index.js", "Page({\n  data: { title: 'Hello' },\n  1️⃣init() {},\n  2️⃣handler(e) {},\n});\n"),
                    (
                        "pages/index/index.html",
                        "<body x-data=\"page\">\n  <p x-text=\"store.title\" @click=\"init()\" @dblclick=\"handler('init', 2)\"></p>\n</body>\n"
                    ),
                ],
                expected: [
                    .at(
                        "1️⃣",
                        "a handler named 'init' is replaced in the view by the bridge's own 'init', so 'init()' in the template wires the x-model fields again and never calls this method; rename it, as in 'onInit'"
                    ),
                    .at(
                        "2️⃣",
                        "a handler named 'handler' replaces the view's 'handler(name, detail)', so every 'handler('…', …)' in the template runs this method with the name as its detail; rename it, as in 'onHandler'"
                    ),
                ]),
        ],
        nonTriggering: [
            // 'storeName' is not a member of the component, and 'init' is called only by the page itself.
            RuleExample(
                files: [
                    (
                        "pages/index/index.js",
                        "Page({\n  data: { title: 'Hello' },\n  onLoad() {\n    this.init();\n  },\n  init() {},\n  storeName() {},\n});\n"
                    ),
                    (
                        "pages/index/index.html",
                        "<body x-data=\"page\">\n  <p x-text=\"store.title\" @click=\"storeName()\"></p>\n</body>\n"
                    ),
                ]),
            RuleExample(
                files: [("pages/index/index.js", "Page({\n  data: { title: 'Hello' },\n  store() {},\n});\n")],
                configuration: "runtime: w3c\n"),
        ])

    public init() {}

    public func check(page: PageModel, runtime: RuntimeProfile) -> [Finding] {
        guard runtime.has(.handlersAreBridgeMembers) else { return [] }
        guard let script = page.script, script.loaded, let registration = script.page else { return [] }
        return registration.handlerNames.compactMap { name -> Finding? in
            guard let breaks = Self.breakage[name], let use = Self.firstUse(of: name, in: page) else { return nil }
            let span = script.memberKeyRange(name).map(script.span) ?? registration.callOffset.map { script.span($0..<$0) }
            let rename = "on" + name.prefix(1).uppercased() + name.dropFirst()
            return Finding(
                "\(breaks); rename it, as in '\(rename)'", at: span ?? .file(script.file.path),
                notes: [DiagnosticNote(message: "the template uses '\(name)' here", span: page.span(use))])
        }
    }

    /// What a handler of each reserved name breaks in the view.
    static let breakage: [String: String] = [
        "store":
            "a handler named 'store' replaces the view's 'store', so every 'store.…' in the template reads this function and shows nothing",
        "handler":
            "a handler named 'handler' replaces the view's 'handler(name, detail)', so every 'handler('…', …)' in the template runs this method with the name as its detail",
        "model":
            "a handler named 'model' replaces the view's 'model(key)', so 'model('…')' in the template runs this method instead of sending the store's value",
        "init":
            "a handler named 'init' is replaced in the view by the bridge's own 'init', so 'init()' in the template wires the x-model fields again and never calls this method",
    ]

    /// The file range of the template's first read of the component member `name`, where no
    /// loop variable or inline component hides it.
    static func firstUse(of name: String, in page: PageModel) -> Range<Int>? {
        for use in page.directives where use.directive.kind != .data {
            let scope = page.scope(ofElement: use.element)
            if scope.contains(name) || scope.hasUnknownComponent { continue }
            if let read = use.rootIdentifiers.first(where: { $0.name == name }) { return use.fileRange(read.range) }
        }
        return nil
    }
}
