/// `skip.i18n.plural(count, forms)` with a count that is not a number Swift's `Int()` takes:
/// the host app crashes.
public struct ScriptPluralCountNotNumber: Rule {
    public static let description = RuleDescription(
        id: "script-plural-count-not-number", domain: .script, severity: .error,
        summary: "'i18n.plural' is given a count that converts to NaN or Infinity, which crashes the host app.",
        rationale: """
            SkipMiniApp's `i18n.plural(count, forms)` converts `count` to a double and, when \
            `forms` is an object, writes Swift's `Int(count)` into the code that fills in `#`. \
            `Int()` of NaN, of an infinity or of a number beyond 64 bits traps: the whole host \
            app crashes on iOS, not just the page. NaN is what a non-numeric string \
            (`'many'`), `undefined` or an object converts to; a string of digits (`'3'`) \
            converts to its number and is fine. Pass the count as a number \
            (`skip.i18n.plural(items.length, forms)`). Counts written in the call or as a \
            top-level `const` are checked, when the forms are an object written there too; \
            counts of unknown value are not. Runtimes whose host calls mactl does not model \
            (`w3c`) are not checked.
            """,
        runtimeFacts: ["skip.plural-count-int"],
        triggering: [
            .file(
                "pages/index/index.js",
                "Page({\n  data: { title: 'Hello' },\n  onShow() {\n    this.setData({ title: skip.i18n.plural(1️⃣'many', { one: '# item', other: '# items' }) });\n    this.setData({ title: skip.i18n.plural(2️⃣undefined, { other: '# items' }) });\n  },\n});\n",
                expected: [
                    .at(
                        "1️⃣",
                        "'skip.i18n.plural' count 'many' converts to NaN, and the runtime's Swift 'Int(…)' of it crashes the host app on iOS; pass the count as a number"
                    ),
                    .at(
                        "2️⃣",
                        "'skip.i18n.plural' count undefined converts to NaN, and the runtime's Swift 'Int(…)' of it crashes the host app on iOS; pass the count as a number"
                    ),
                ]),
            .file(
                "pages/index/index.js",
                "const FORMS = { one: '# item', other: '# items' };\nPage({\n  data: { title: 'Hello' },\n  onShow() {\n    this.setData({ title: skip.i18n.plural(1️⃣Infinity, FORMS) });\n  },\n});\n",
                expected: [
                    .at(
                        "1️⃣",
                        "'skip.i18n.plural' count Infinity converts to Infinity, and the runtime's Swift 'Int(…)' of it crashes the host app on iOS; pass the count as a number"
                    )
                ]),
        ],
        nonTriggering: [
            // A number, a numeric string, a count of unknown value, and forms that are not an object (the call returns '').
            .file(
                "pages/index/index.js",
                "const FORMS = { one: '# item', other: '# items' };\nPage({\n  data: { title: 'Hello', count: 2 },\n  onShow() {\n    this.setData({ title: skip.i18n.plural(2, FORMS) + skip.i18n.plural('3', FORMS) + skip.i18n.plural(this.data.count, FORMS) + skip.i18n.plural('many', '# items') });\n  },\n});\n"
            ),
            RuleExample(
                files: [
                    (
                        "pages/index/index.js",
                        "Page({\n  data: { title: 'Hello' },\n  onShow() {\n    this.setData({ title: skip.i18n.plural('many', { other: '# items' }) });\n  },\n});\n"
                    )
                ],
                configuration: "runtime: w3c\n"),
        ])

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] {
        model.nativeHostCalls(["i18n.plural"]).flatMap { script, calls, values -> [Finding] in
            return calls.compactMap { call -> Finding? in
                // Without an object of forms the runtime returns '' before converting the count.
                guard let count = call.argument(0), let forms = call.argument(1), values.value(at: forms.range).value.isObject == true
                else { return nil }
                let resolved = values.value(at: count.range)
                guard let number = resolved.value.number, JavaScriptNumber.intConversionTraps(number) else { return nil }
                return Finding(
                    "'\(call.name)' count \(resolved.shown) converts to \(JavaScriptNumber.describeConversion(number)), and the runtime's Swift 'Int(…)' of it crashes the host app on iOS; pass the count as a number",
                    at: script.span(count.range))
            }
        }
    }
}
