/// `skip.nav.navigateBack({ delta })` with a delta that Swift's `Int()` traps on: the host app
/// crashes.
public struct ScriptNavigateBackDelta: Rule {
    public static let description = RuleDescription(
        id: "script-navigate-back-delta", domain: .script, severity: .error,
        summary: "'nav.navigateBack' is given a 'delta' that converts to NaN or Infinity, which crashes the host app.",
        rationale: """
            SkipMiniApp's `nav.navigateBack({ delta })` converts a `delta` that is not \
            `undefined` with Swift's `Int(delta)`, then pops at least one page. `Int()` of NaN, \
            of an infinity or of a number beyond 64 bits traps: the whole host app crashes on \
            iOS. NaN is what a non-numeric string (`'back'`), `NaN` or an object converts to; \
            `delta: undefined` is skipped (one page back) and a string of digits (`'2'`) \
            converts to its number. Pass a whole number (`delta: 2`). Deltas written in the \
            call or as a top-level `const` are checked; deltas of unknown value are not. \
            Runtimes whose host calls mactl does not model (`w3c`) are not checked.
            """,
        runtimeFacts: ["skip.navigate-back-delta-int"],
        triggering: [
            .file(
                "pages/index/index.js",
                "Page({\n  data: { title: 'Hello' },\n  onBack() {\n    skip.nav.navigateBack({ delta: 1️⃣'home' });\n  },\n  onCancel() {\n    skip.nav.navigateBack({ delta: 2️⃣NaN });\n  },\n});\n",
                expected: [
                    .at(
                        "1️⃣",
                        "'skip.nav.navigateBack' delta 'home' converts to NaN, and the runtime's Swift 'Int(…)' of it crashes the host app on iOS; pass a whole number, as in 'delta: 2'"
                    ),
                    .at(
                        "2️⃣",
                        "'skip.nav.navigateBack' delta NaN converts to NaN, and the runtime's Swift 'Int(…)' of it crashes the host app on iOS; pass a whole number, as in 'delta: 2'"
                    ),
                ]),
            .file(
                "pages/index/index.js",
                "const TO_START = { delta: Infinity };\nPage({\n  data: { title: 'Hello' },\n  onRestart() {\n    miniapp.nav.navigateBack(1️⃣TO_START);\n  },\n});\n",
                expected: [
                    .at(
                        "1️⃣",
                        "'miniapp.nav.navigateBack' delta Infinity (in 'TO_START') converts to Infinity, and the runtime's Swift 'Int(…)' of it crashes the host app on iOS; pass a whole number, as in 'delta: 2'"
                    )
                ]),
        ],
        nonTriggering: [
            // A number, a numeric string, undefined (skipped), no options, and a delta of unknown value.
            .file(
                "pages/index/index.js",
                "Page({\n  data: { title: 'Hello', depth: 2 },\n  onBack() {\n    skip.nav.navigateBack({ delta: 2 });\n    skip.nav.navigateBack({ delta: '2' });\n    skip.nav.navigateBack({ delta: undefined });\n    skip.nav.navigateBack();\n    skip.nav.navigateBack({ delta: this.data.depth });\n  },\n});\n"
            ),
            RuleExample(
                files: [
                    (
                        "pages/index/index.js",
                        "Page({\n  data: { title: 'Hello' },\n  onBack() {\n    skip.nav.navigateBack({ delta: 'home' });\n  },\n});\n"
                    )
                ],
                configuration: "runtime: w3c\n"),
        ])

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] {
        model.nativeHostCalls(["nav.navigateBack"]).flatMap { script, calls, values -> [Finding] in
            return calls.compactMap { call -> Finding? in
                guard let argument = call.argument(0) else { return nil }
                let options = values.value(at: argument.range)
                // A spread could bring another `delta`.
                guard case .object(let literal) = options.value, !literal.hasSpread, let delta = literal.member(named: "delta") else {
                    return nil
                }
                // Inside a constant, the delta is that constant's literal: not followed further.
                let resolved = values.value(at: delta.valueRange, followingConstants: options.constant == nil)
                // `delta: undefined` is skipped by the runtime.
                if case .undefined = resolved.value { return nil }
                guard let number = resolved.value.number, JavaScriptNumber.intConversionTraps(number) else { return nil }
                let place = options.constant.map { " (in '\($0)')" } ?? ""
                return Finding(
                    "'\(call.name)' delta \(resolved.shown)\(place) converts to \(JavaScriptNumber.describeConversion(number)), and the runtime's Swift 'Int(…)' of it crashes the host app on iOS; pass a whole number, as in 'delta: 2'",
                    at: script.span(options.constant == nil ? delta.valueRange : argument.range))
            }
        }
    }
}
