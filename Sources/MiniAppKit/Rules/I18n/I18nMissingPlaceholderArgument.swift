/// A lookup does not pass a value a text's placeholder needs.
public struct I18nMissingPlaceholderArgument: Rule {
    public static let description = RuleDescription(
        id: "i18n-missing-placeholder-argument", domain: .i18n, severity: .error,
        summary: "'$t(key, {...})' or 'skip.i18n.t(key, {...})' does not pass a value for a '{placeholder}' of the text.",
        rationale: """
            A placeholder with no value is shown as written: the user reads "Hello, {name}!". The \
            runtime fills placeholders only from an object (`{ name: … }`): a string or a number \
            passed as the second argument fills none. Lookups whose parameters are built at run \
            time are not checked.
            """,
        runtimeFacts: ["skip.i18n-substitution"],
        triggering: [
            I18nExample.greeting(
                "  <p x-text=\"$t(1️⃣'greet')\"></p>",
                expected: [.at("1️⃣", "the text of 'greet' needs {name}, which this lookup does not pass; it shows as '{name}'")]),
            I18nExample.greeting(
                "  <p x-text=\"$t(1️⃣'greet', 'Ada')\"></p>",
                expected: [
                    .at(
                        "1️⃣",
                        "the text of 'greet' needs {name}, which this lookup does not pass (it passes a string, and the runtime takes placeholder values only from an object, {name: value}); it shows as '{name}'"
                    )
                ]),
        ],
        nonTriggering: [
            I18nExample.greeting("  <p x-text=\"$t('greet', { name: store.user })\"></p>")
        ])

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] {
        guard let texts = model.locales.defaultCatalog?.texts else { return [] }
        return model.translationKeysInUse.compactMap { use in
            guard let text = texts[use.key] else { return nil }
            let needed = Placeholders.names(in: text)
            let passed: Set<String>
            var why = ""
            switch use.arguments {
            case .dynamic: return nil
            case .none: passed = []
            case .names(let names): passed = Set(names.map(\.name))
            case .notAnObject(let kind):
                passed = []
                why = " (it passes \(kind), and the runtime takes placeholder values only from an object, {name: value})"
            }
            let missing = needed.subtracting(passed).sorted()
            guard !missing.isEmpty else { return nil }
            let list = missing.map { "{\($0)}" }.joined(separator: ", ")
            return Finding(
                "the text of '\(use.key)' needs \(list), which this lookup does not pass\(why); it shows as '\(missing.map { "{\($0)}" }.joined())'",
                at: use.span)
        }
    }
}
