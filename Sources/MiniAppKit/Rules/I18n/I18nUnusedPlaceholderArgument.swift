/// A lookup passes a value no placeholder of the text uses.
public struct I18nUnusedPlaceholderArgument: Rule {
    public static let description = RuleDescription(
        id: "i18n-unused-placeholder-argument", domain: .i18n, severity: .warning,
        summary: "A lookup passes a parameter that the text has no '{placeholder}' for.",
        rationale:
            "A value no placeholder shows is usually a misspelt placeholder (`{ nmae: ... }`) or a text that lost its placeholder; either way the value never reaches the screen.",
        triggering: [
            I18nExample.greeting(
                "  <p x-text=\"$t('greet', { name: store.user, 1️⃣count: 2 })\"></p>",
                expected: [.at("1️⃣", "'count' is passed to 'greet', whose text has no {count}")])
        ],
        nonTriggering: [
            I18nExample.greeting("  <p x-text=\"$t('greet', { name: store.user })\"></p>")
        ])

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] {
        guard let texts = model.locales.defaultCatalog?.texts else { return [] }
        let translations = model.locales.translations(readBy: model.runtime).map(\.texts)
        return model.translationKeysInUse.flatMap { use -> [Finding] in
            guard let text = texts[use.key], case .names(let names) = use.arguments else { return [] }
            // A placeholder one translation uses is filled there (`{plan}` only in German).
            let placeholders = Placeholders.names(in: text).union(translations.flatMap { $0[use.key].map(Placeholders.names) ?? [] })
            return names.filter { !placeholders.contains($0.name) }.map { name in
                Finding("'\(name.name)' is passed to '\(use.key)', whose text has no {\(name.name)}", at: name.span)
            }
        }
    }
}
