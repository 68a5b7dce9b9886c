/// A handler the template binds reads something of its event the runtime never passes
/// (`e.currentTarget.dataset.id`, `e.target.value`).
public struct ScriptEventMemberNotPassed: PageRule {
    public static let description = RuleDescription(
        id: "script-event-member-not-passed", domain: .script, severity: .error,
        summary:
            "A handler the template binds reads a member of its event other than 'type' and 'detail', the only two the runtime passes.",
        rationale: """
            SkipMiniApp calls a page's handler with `{ type: 'tap', detail }` and nothing else: \
            the DOM event stays in the web view. The WeChat habits `e.currentTarget.dataset.id`, \
            `e.target.value` or `e.timeStamp` read `undefined` (and `e.currentTarget.dataset.id` \
            throws, which ends the handler silently), and `e.preventDefault()` throws. Pass what \
            the handler needs as the detail from the template, as a number or a string \
            (`@click="onTap(item.id)"`, `@input="onInput($event.target.value)"`), read it as \
            `e.detail`, and use Alpine's `.prevent` and `.stop` modifiers. Reads through the \
            first parameter (`e.target`, `e['target']`) and names destructured from it \
            (`onTap({ currentTarget })`) are checked in handlers the page's template binds; \
            runtimes that pass the DOM event (`w3c`) are not checked. A read that throws is an \
            error; a member only read, which is `undefined` but may just be tested, a warning.
            """,
        runtimeFacts: ["skip.event-type-detail"],
        triggering: [
            RuleExample(
                files: [
                    (
                        "pages/index/index.js",
                        "Page({\n  data: { title: 'Hello', items: [{ id: 1 }] },\n  onPick(e) {\n    this.setData({ title: 1️⃣e.currentTarget.dataset.id });\n  },\n  onInput(e) {\n    this.setData({ title: 2️⃣e.target.value });\n  },\n  onSend(event) {\n    3️⃣event.preventDefault();\n  },\n  onKey({ 4️⃣currentTarget }) {\n    skip.log(currentTarget);\n  },\n});\n"
                    ),
                    (
                        "pages/index/index.html",
                        "<body x-data=\"page\">\n  <template x-for=\"item in store.items\" :key=\"item.id\">\n    <p :data-id=\"item.id\" @click=\"onPick()\" x-text=\"store.title\"></p>\n  </template>\n  <input @input=\"onInput()\" @keydown.enter=\"onKey()\">\n  <button @click=\"onSend()\">send</button>\n</body>\n"
                    ),
                ],
                expected: [
                    .at(
                        "1️⃣",
                        "'e.currentTarget' is undefined, so 'e.currentTarget.dataset' throws and 'onPick' stops there: it receives only '{ type, detail }' from the view; pass the value as the detail, as in 'onPick(item.id)', and read 'e.detail'"
                    ),
                    .at(
                        "2️⃣",
                        "'e.target' is undefined, so 'e.target.value' throws and 'onInput' stops there: it receives only '{ type, detail }' from the view; pass the value as the detail, as in 'onInput($event.target.value)', and read 'e.detail'"
                    ),
                    .at(
                        "3️⃣",
                        "'event.preventDefault' is undefined, so calling it throws and 'onSend' stops there: it receives only '{ type, detail }' from the view; use the '.prevent' modifier in the template instead"
                    ),
                    .at(
                        "4️⃣",
                        "'currentTarget' is always undefined: 'onKey' receives only '{ type, detail }' from the view; pass the value as the detail, as in 'onKey(…)' in the template, and read 'detail'"
                    ).severity(.warning),
                ])
        ],
        nonTriggering: [
            // 'detail' and 'type' arrive; 'onLog' reads 'e.target' but nothing in the template binds it.
            RuleExample(
                files: [
                    (
                        "pages/index/index.js",
                        "Page({\n  data: { title: 'Hello' },\n  onPick(e) {\n    this.setData({ title: e.type + e.detail });\n  },\n  onInput({ detail }) {\n    this.setData({ title: detail });\n  },\n  onLog(e) {\n    skip.log(e.target);\n  },\n});\n"
                    ),
                    (
                        "pages/index/index.html",
                        "<body x-data=\"page\">\n  <p @click=\"handler('onPick', 1)\" x-text=\"store.title\"></p>\n  <input @input=\"onInput($event.target.value)\">\n</body>\n"
                    ),
                ]),
            RuleExample(
                files: [
                    (
                        "pages/index/index.js",
                        "Page({\n  data: { title: 'Hello' },\n  onPick(e) {\n    this.setData({ title: e.currentTarget.dataset.id });\n  },\n});\n"
                    ),
                    (
                        "pages/index/index.html",
                        "<body x-data=\"page\">\n  <p data-id=\"1\" @click=\"onPick()\" x-text=\"store.title\"></p>\n</body>\n"
                    ),
                ],
                configuration: "runtime: w3c\n"),
        ])

    public init() {}

    /// What the runtime puts in the event a handler receives.
    static let passedMembers: Set<String> = ["type", "detail"]

    public func check(page: PageModel, runtime: RuntimeProfile) -> [Finding] {
        guard runtime.has(.eventCarriesOnlyTypeAndDetail) else { return [] }
        guard page.template != nil, let script = page.script, script.loaded else { return [] }
        let bound = Set(script.handlerNames.filter(page.boundHandlerNames.contains))
        guard !bound.isEmpty else { return [] }
        return PageParameterReader(tokens: script.tokens).reads(ofMethods: bound).compactMap { read -> Finding? in
            guard !Self.passedMembers.contains(read.name) else { return nil }
            let written = read.parameter.map { "\($0).\(read.name)" } ?? read.name
            let span = script.span(read.range)
            if read.isCalled {
                var message =
                    "'\(written)' is undefined, so calling it throws and '\(read.method)' stops there: it receives only '{ type, detail }' from the view"
                if let modifier = Self.modifiers[read.name] { message += "; use the '\(modifier)' modifier in the template instead" }
                return Finding(message, at: span)
            }
            let detail = read.parameter.map { "\($0).detail" } ?? "detail"
            let value = Self.templateValue(for: read, in: page).map { "'\(read.method)(\($0))'" } ?? "'\(read.method)(…)' in the template"
            let advice = "pass the value as the detail, as in \(value), and read '\(detail)'"
            if read.isDereferenced, let next = read.rest.first {
                return Finding(
                    "'\(written)' is undefined, so '\(written).\(next)' throws and '\(read.method)' stops there: it receives only '{ type, detail }' from the view; \(advice)",
                    at: span)
            }
            // Read but not used further: undefined every time, yet the handler goes on, and the
            // code may only test it (`if (e.target)`). A warning; what throws is an error.
            return Finding(
                "'\(written)' is always undefined: '\(read.method)' receives only '{ type, detail }' from the view; \(advice)", at: span,
                defaultSeverity: .warning)
        }
    }

    /// Alpine's modifier for each event method a WeChat-style handler calls.
    static let modifiers = ["preventDefault": ".prevent", "stopPropagation": ".stop"]

    /// What the template could pass instead of the read: `$event.target.value` for a field's
    /// value, and for `dataset.<key>` the value of the `data-<key>` attribute on the element
    /// that binds the handler.
    static func templateValue(for read: PageParameterReader.Read, in page: PageModel) -> String? {
        let path = [read.name] + read.rest
        guard path.first == "target" || path.first == "currentTarget", path.count >= 2 else { return nil }
        if path.count == 2, ["value", "checked"].contains(path[1]) { return "$event.target.\(path[1])" }
        guard path.count == 3, path[1] == "dataset", let template = page.template else { return nil }
        // `dataset.itemId` is the attribute `data-item-id`.
        let attributeName = "data-" + path[2].map { $0.isUppercase ? "-" + $0.lowercased() : String($0) }.joined()
        for use in page.uses(.on) {
            guard let expression = use.expression, EventBinding.classify(expression).handlerName?.name == read.method else { continue }
            for attribute in template.attributes(of: template.elements[use.element]) {
                guard let value = attribute.value, !value.isEmpty else { continue }
                if attribute.name == ":" + attributeName || attribute.name == "x-bind:" + attributeName { return value }
                if attribute.name == attributeName {
                    return Double(value) != nil ? value : "'" + value.replacingOccurrences(of: "'", with: "\\'") + "'"
                }
            }
        }
        return nil
    }
}
