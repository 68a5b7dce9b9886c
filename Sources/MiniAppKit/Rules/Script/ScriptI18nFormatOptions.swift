/// `skip.i18n.n(x, options)` or `skip.i18n.d(x, options)` with an options object, which the
/// runtime pastes into its evaluated code as `[object Object]`.
public struct ScriptI18nFormatOptions: Rule {
    public static let description = RuleDescription(
        id: "script-i18n-format-options", domain: .script, severity: .error,
        summary: "'i18n.n' or 'i18n.d' is given an options object, which the runtime turns into a syntax error.",
        rationale: """
            SkipMiniApp formats numbers and dates by evaluating \
            `new Intl.NumberFormat(locale, <options>)` (and `DateTimeFormat`) as text, where \
            `<options>` is the second argument's `toString()`. An object gives \
            `[object Object]`, so the code is a SyntaxError: on iOS the call returns \
            `undefined` instead of the formatted text, and the page shows "undefined" or \
            nothing where the number or date should be (on Android the bare number, or an \
            empty date). Options cannot be passed at all: call \
            `skip.i18n.n(x)` or `skip.i18n.d(date)` without them, which formats with the \
            locale's defaults; the fix-it removes the options. An object written in the call, \
            a top-level `const` of one, and an array holding one are reported; options of \
            unknown value are not. Runtimes whose host calls mactl does not model (`w3c`) are \
            not checked.
            """,
        runtimeFacts: ["skip.i18n-format-options"],
        triggering: [
            .file(
                "pages/index/index.js",
                "Page({\n  data: { title: 'Hello' },\n  onShow() {\n    this.setData({ title: skip.i18n.n(1234.5, 1️⃣{ style: 'currency', currency: 'EUR' }) });\n  },\n});\n",
                expected: [
                    .at(
                        "1️⃣",
                        "'skip.i18n.n' pastes its options into evaluated code as '[object Object]', a syntax error, so on iOS it returns undefined instead of the formatted number; call 'skip.i18n.n(x)' without options"
                    ).fixIt("")
                ]),
            .file(
                "pages/index/index.js",
                "const SHORT = { dateStyle: 'short' };\nPage({\n  data: { title: 'Hello' },\n  onShow() {\n    this.setData({ title: miniapp.i18n.d(new Date(), 1️⃣SHORT) });\n  },\n});\n",
                expected: [
                    .at(
                        "1️⃣",
                        "'miniapp.i18n.d' pastes its options ('SHORT', an object) into evaluated code as '[object Object]', a syntax error, so on iOS it returns undefined instead of the formatted date; call 'miniapp.i18n.d(date)' without options"
                    ).fixIt("")
                ]),
        ],
        nonTriggering: [
            // Without options, with a non-object second argument (ignored), and with options of unknown value.
            .file(
                "pages/index/index.js",
                "Page({\n  data: { title: 'Hello' },\n  onShow(options) {\n    this.setData({ title: skip.i18n.n(1234.5) + skip.i18n.n(2, 'short') + skip.i18n.d(Date.now(), null) + skip.i18n.n(3, options) });\n  },\n});\n"
            ),
            RuleExample(
                files: [
                    (
                        "pages/index/index.js",
                        "Page({\n  data: { title: 'Hello' },\n  onShow() {\n    this.setData({ title: skip.i18n.n(1234.5, { style: 'percent' }) });\n  },\n});\n"
                    )
                ],
                configuration: "runtime: w3c\n"),
        ])

    public init() {}

    static let formatters: Set<String> = ["i18n.n", "i18n.d"]

    public func check(_ model: ProjectModel) -> [Finding] {
        model.nativeHostCalls(Self.formatters).flatMap { script, calls, values -> [Finding] in
            return calls.compactMap { call -> Finding? in
                guard let options = call.argument(1) else { return nil }
                let resolved = values.value(at: options.range)
                guard Self.pastesObjectText(resolved.value, values: values) else { return nil }
                let (subject, result) = call.member == "i18n.n" ? ("x", "number") : ("date", "date")
                let named = resolved.constant.map { " ('\($0)', \(Self.noun(resolved.value)))" } ?? ""
                var fixIt: FixIt?
                if let value = call.argument(0), call.arguments.count == 2 {
                    // The options never apply: without them the call formats with the locale's defaults.
                    fixIt = FixIt(
                        message: "remove the options", span: script.span(value.range.upperBound..<options.range.upperBound), replacement: ""
                    )
                }
                return Finding(
                    "'\(call.name)' pastes its options\(named) into evaluated code as '[object Object]', a syntax error, so on iOS it returns undefined instead of the formatted \(result); call '\(call.name)(\(subject))' without options",
                    at: script.span(options.range), fixIt: fixIt)
            }
        }
    }

    /// Whether `value`'s `toString()` holds `[object Object]`: a plain object, or an array
    /// with one among its elements (joined by commas).
    static func pastesObjectText(_ value: WrittenValue, values: WrittenValues) -> Bool {
        switch value {
        case .object(let literal):
            return literal.convertsAsPlainObject
        case .array(let elements):
            return elements.contains { element in
                if case .object(let literal) = values.value(at: element, followingConstants: false).value {
                    return literal.convertsAsPlainObject
                }
                return false
            }
        default:
            return false
        }
    }

    static func noun(_ value: WrittenValue) -> String {
        if case .array = value { return "an array" }
        return "an object"
    }
}
