/// A translation's `{placeholders}` differ from the default text's.
public struct I18nPlaceholderMismatch: Rule {
    public static let description = RuleDescription(
        id: "i18n-placeholder-mismatch", domain: .i18n, severity: .error,
        summary: "A translation uses other '{placeholders}' than the default locale's text for the same key.",
        rationale: """
            The runtime replaces each `{name}` with the value the code passes for `name`; the code \
            passes what the default text needs. A translation with `{nom}` for `{name}` shows \
            "{nom}" to its users, and one that drops a placeholder loses the value.
            """,
        prerequisites: [.defaultLocale],
        triggering: [
            RuleExample(
                files: [
                    ("manifest.json", I18nExample.manifest),
                    ("i18n/en.json", "{ \"greet\": \"Hello, {name}!\" }\n"),
                    ("i18n/fr.json", "{ \"greet\": 1️⃣\"Bonjour, {nom} !\" }\n"),
                ],
                expected: [.at("1️⃣", "the 'fr' text of 'greet' uses {nom} where the default text uses {name}")])
        ],
        nonTriggering: [
            RuleExample(files: [
                ("manifest.json", I18nExample.manifest),
                ("i18n/en.json", "{ \"greet\": \"Hello, {name}!\" }\n"),
                ("i18n/fr.json", "{ \"greet\": \"{name}, bonjour !\" }\n"),
            ])
        ])

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] {
        guard let defaultCatalog = model.locales.defaultCatalog else { return [] }
        let defaults = defaultCatalog.texts
        // The names every lookup of a key passes: a translation's extra placeholder among them
        // is filled (the default text just does not show that value).
        var passedEverywhere: [String: Set<String>] = [:]
        for use in model.translationKeysInUse {
            let names: Set<String>
            if case .names(let passed) = use.arguments { names = Set(passed.map(\.name)) } else { names = [] }
            passedEverywhere[use.key] = passedEverywhere[use.key].map { $0.intersection(names) } ?? names
        }
        return model.locales.translations(readBy: model.runtime).flatMap { catalog in
            catalog.entries.compactMap { entry -> Finding? in
                guard case .text(let text) = entry.value, let original = defaults[entry.key] else { return nil }
                let expected = Placeholders.names(in: original)
                let found = Placeholders.names(in: text)
                let extra = found.subtracting(expected).subtracting(passedEverywhere[entry.key] ?? [])
                let lacking = expected.subtracting(found)
                guard !extra.isEmpty || !lacking.isEmpty else { return nil }
                let list = { (names: Set<String>) in names.sorted().map { "{\($0)}" }.joined(separator: ", ") }
                let message: String
                switch (extra.isEmpty, lacking.isEmpty) {
                case (false, false):
                    message = "the '\(catalog.tag)' text of '\(entry.key)' uses \(list(extra)) where the default text uses \(list(lacking))"
                case (false, true):
                    message =
                        "the '\(catalog.tag)' text of '\(entry.key)' uses \(list(extra)), which the default text does not, so no value fills it"
                default:
                    message = "the '\(catalog.tag)' text of '\(entry.key)' lacks \(list(lacking)), which the default text shows"
                }
                return Finding(message, at: catalog.span(entry.valueRange))
            }
        }
    }
}
