/// A translation has a key the default locale does not.
public struct I18nExtraKey: Rule {
    public static let description = RuleDescription(
        id: "i18n-extra-key", domain: .i18n, severity: .note,
        summary: "A locale other than the default has a key the default locale does not have.",
        rationale:
            "Every key starts in the default locale; one only in a translation is a leftover or a typo of a real key, and users of the default language see the key itself.",
        prerequisites: [.defaultLocale],
        triggering: [
            RuleExample(
                files: [
                    ("manifest.json", I18nExample.manifest),
                    ("i18n/en.json", "{ \"home.title\": \"Welcome\" }\n"),
                    ("i18n/fr.json", "{ 1️⃣\"home.titre\": \"Bienvenue\" }\n"),
                ],
                expected: [
                    .at("1️⃣", "'home.titre' is in 'fr' but not in the default locale 'en'; did you mean 'home.title'?").fixIt(
                        "\"home.title\"")
                ])
        ],
        nonTriggering: [
            RuleExample(files: [
                ("manifest.json", I18nExample.manifest),
                ("i18n/en.json", "{ \"home.title\": \"Welcome\" }\n"),
                ("i18n/fr.json", "{ \"home.title\": \"Bienvenue\" }\n"),
            ])
        ])

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] {
        guard let defaultCatalog = model.locales.defaultCatalog else { return [] }
        let defined = Set(defaultCatalog.entries.map(\.key))
        return model.locales.translations(readBy: model.runtime).flatMap { catalog in
            catalog.entries.filter { !defined.contains($0.key) }.map { entry in
                var message = "'\(entry.key)' is in '\(catalog.tag)' but not in the default locale '\(defaultCatalog.tag)'"
                let suggestion = NameSuggester.closest(to: entry.key, in: defined.sorted())
                if let suggestion { message += "; did you mean '\(suggestion)'?" }
                let span = catalog.span(entry.keyRange)
                // Renamed only where the locale does not have that key already (a duplicate key is an error).
                let fixIt = suggestion.flatMap { suggested in
                    catalog.entries.contains { $0.key == suggested }
                        ? nil : LiteralFixIt.replacing(entry.key, with: suggested, at: span, in: model.project.file(span.path))
                }
                return Finding(message, at: span, fixIt: fixIt)
            }
        }
    }
}
