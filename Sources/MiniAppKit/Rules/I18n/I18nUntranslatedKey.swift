/// A key the app uses is missing from a translation.
public struct I18nUntranslatedKey: Rule {
    public static let description = RuleDescription(
        id: "i18n-untranslated-key", domain: .i18n, severity: .warning,
        summary: "A locale other than the default lacks a key the app uses.",
        rationale: "The runtime falls back to the default locale, so the user sees one text in another language; each missing key is named at the locale file.",
        triggering: [
            RuleExample(
                files: [
                    ("manifest.json", I18nExample.manifest),
                    ("pages/index/index.html", I18nExample.page("  <h1 x-text=\"$t('home.title')\"></h1>")),
                    ("i18n/en.json", "{ \"home.title\": \"Welcome\" }\n"),
                    ("i18n/fr.json", "1️⃣{ }\n"),
                ],
                expected: [.at("1️⃣", "'fr' has no translation for 'home.title'; the runtime shows the 'en' text")]),
        ],
        nonTriggering: [
            RuleExample(files: [
                ("manifest.json", I18nExample.manifest),
                ("pages/index/index.html", I18nExample.page("  <h1 x-text=\"$t('home.title')\"></h1>")),
                ("i18n/en.json", "{ \"home.title\": \"Welcome\" }\n"),
                ("i18n/fr.json", "{ \"home.title\": \"Bienvenue\" }\n"),
            ]),
        ])

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] {
        guard let defaultCatalog = model.locales.defaultCatalog else { return [] }
        let defined = defaultCatalog.texts
        let used = Set(model.translationKeysInUse.map(\.key)).filter { defined[$0] != nil }.sorted()
        return model.locales.translations.flatMap { catalog -> [Finding] in
            guard catalog.document.root?.members != nil else { return [] }
            let present = Set(catalog.entries.map(\.key))
            return used.filter { !present.contains($0) }.map { key in
                Finding("'\(catalog.tag)' has no translation for '\(key)'; the runtime shows the '\(defaultCatalog.tag)' text", at: catalog.fileSpan)
            }
        }
    }
}
