/// A navigation call given a url or a number where the runtime takes only an options object:
/// `skip.nav.navigateTo('pages/d/d')` is ignored, `navigateBack(2)` pops one page.
public struct ScriptNavigationOptionsNotObject: Rule {
    public static let description = RuleDescription(
        id: "script-navigation-options-not-object", domain: .script, severity: .error,
        summary:
            "A navigation call is given a string or a number instead of its options object: 'navigateTo('pages/d/d')', 'navigateBack(2)'.",
        rationale: """
            SkipMiniApp's `navigateTo`, `redirectTo`, `reLaunch`, `switchTab` and \
            `setNavigationBarTitle` start with `guard options.isObject`: a url or a title passed \
            as a string is ignored without a word, and nothing happens on screen. `navigateBack` \
            reads `delta` from an object only: `navigateBack(2)` pops one page, as \
            `navigateBack()` does. Arguments written in the call or as a top-level `const` are \
            checked; the fix-it wraps the value in the object the runtime reads.
            """,
        runtimeFacts: ["skip.navigation-options-object"],
        triggering: [
            .file(
                "pages/index/index.js",
                "Page({\n  data: { title: 'Hello' },\n  onOpen() {\n    skip.nav.navigateTo(1️⃣'pages/index/index');\n  },\n  onDone() {\n    skip.nav.navigateBack(2️⃣2);\n  },\n});\n",
                expected: [
                    .at(
                        "1️⃣",
                        "'skip.nav.navigateTo' is given 'pages/index/index', not an options object, so the runtime ignores the call; write '{ url: 'pages/index/index' }'"
                    )
                    .fixIt("{ url: 'pages/index/index' }"),
                    .at(
                        "2️⃣", "'skip.nav.navigateBack' is given 2, not an options object, so the runtime pops one page; write '{ delta: 2 }'"
                    )
                    .fixIt("{ delta: 2 }"),
                ])
        ],
        nonTriggering: [
            .file(
                "pages/index/index.js",
                "const HOME = { url: 'pages/index/index' };\nPage({\n  data: { title: 'Hello' },\n  onOpen(url) {\n    skip.nav.navigateTo(HOME);\n    skip.nav.navigateTo({ url: 'pages/index/index' });\n    skip.nav.navigateBack(1);\n    skip.nav.navigateBack();\n    skip.nav.navigateTo(url);\n  },\n});\n"
            )
        ])

    public init() {}

    /// The member each call's options object needs: what a string or number argument meant.
    static let optionMember = [
        "nav.navigateTo": "url", "nav.redirectTo": "url", "nav.reLaunch": "url", "nav.switchTab": "url",
        "nav.setNavigationBarTitle": "title", "nav.navigateBack": "delta",
    ]

    public func check(_ model: ProjectModel) -> [Finding] {
        model.nativeHostCalls(Set(Self.optionMember.keys)).flatMap { script, calls, values -> [Finding] in
            calls.compactMap { call -> Finding? in
                guard let argument = call.argument(0), let member = Self.optionMember[call.member] else { return nil }
                let resolved = values.value(at: argument.range)
                switch resolved.value {
                case .string: break
                // `navigateBack(1)` pops the one page it means.
                case .number(let number) where !(call.member == "nav.navigateBack" && number == 1): break
                default: return nil
                }
                let shown = resolved.shown
                let consequence = call.member == "nav.navigateBack" ? "the runtime pops one page" : "the runtime ignores the call"
                let written = "{ \(member): \(resolved.constant ?? resolved.source) }"
                return Finding(
                    "'\(call.name)' is given \(shown), not an options object, so \(consequence); write '\(written)'",
                    at: script.span(argument.range),
                    fixIt: FixIt(message: "pass an options object", span: script.span(argument.range), replacement: written))
            }
        }
    }
}
