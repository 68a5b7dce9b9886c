/// A key the app uses is missing from a translation.
public struct I18nUntranslatedKey: Rule {
    public static let description = RuleDescription(
        id: "i18n-untranslated-key", domain: .i18n, severity: .warning,
        summary: "A locale other than the default lacks a key the app uses.",
        rationale: """
            The runtime falls back to the default locale, so the user sees one text in another \
            language. One warning a locale file names the keys it lacks, so a translation that is \
            half done is one line to act on, not a line a key.
            """,
        prerequisites: [.defaultLocale],
        triggering: [
            RuleExample(
                files: [
                    ("manifest.json", I18nExample.manifest),
                    ("pages/index/index.html", I18nExample.page("  <h1 x-text=\"$t('home.title')\"></h1>")),
                    ("i18n/en.json", "{ \"home.title\": \"Welcome\" }\n"),
                    ("i18n/fr.json", "1️⃣{ }\n"),
                ],
                expected: [.at("1️⃣", "'fr' has no translation for 'home.title'; the runtime shows the 'en' text")]),
            RuleExample(
                files: [
                    ("manifest.json", I18nExample.manifest),
                    (
                        "pages/index/index.html",
                        I18nExample.page(
                            "  <h1 x-text=\"$t('home.title')\"></h1>\n  <p x-text=\"$t('home.intro')\"></p>\n  <p x-text=\"$t('home.more')\"></p>"
                        )
                    ),
                    ("i18n/en.json", "{ \"home.title\": \"Welcome\", \"home.intro\": \"Hello\", \"home.more\": \"More\" }\n"),
                    ("i18n/fr.json", "1️⃣{ \"home.title\": \"Bienvenue\" }\n"),
                ],
                expected: [
                    .at("1️⃣", "'fr' has no translation for 2 keys the app uses: 'home.intro', 'home.more'; the runtime shows the 'en' texts")
                ]),
        ],
        nonTriggering: [
            RuleExample(files: [
                ("manifest.json", I18nExample.manifest),
                ("pages/index/index.html", I18nExample.page("  <h1 x-text=\"$t('home.title')\"></h1>")),
                ("i18n/en.json", "{ \"home.title\": \"Welcome\" }\n"),
                ("i18n/fr.json", "{ \"home.title\": \"Bienvenue\" }\n"),
            ])
        ])

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] {
        guard let defaultCatalog = model.locales.defaultCatalog else { return [] }
        let defined = defaultCatalog.texts
        let used = Set(model.translationKeysInUse.map(\.key)).filter { defined[$0] != nil }.sorted()
        return model.locales.translations(readBy: model.runtime).flatMap { catalog -> [Finding] in
            guard catalog.document.root?.members != nil else { return [] }
            // A regional file of the default's own language (`en-GB` beside `en`) overrides a
            // few texts on purpose: the rest come from the default, in the same language.
            // (Another language's regional file gets the default's texts too: `fr-CA` shows
            // English, not `fr.json`, so it is still reported.)
            guard LanguageSubtags(catalog.tag).language != LanguageSubtags(defaultCatalog.tag).language else { return [] }
            let present = Set(catalog.entries.map(\.key))
            let missing = used.filter { !present.contains($0) }
            guard let first = missing.first else { return [] }
            let message =
                missing.count == 1
                ? "'\(catalog.tag)' has no translation for '\(first)'; the runtime shows the '\(defaultCatalog.tag)' text"
                : "'\(catalog.tag)' has no translation for \(missing.count) keys the app uses: \(Self.list(missing)); the runtime shows the '\(defaultCatalog.tag)' texts"
            return [Finding(message, at: catalog.fileSpan)]
        }
    }

    /// The first keys, quoted, and how many more: a message stays one readable line.
    static func list(_ keys: [String], shown: Int = 10) -> String {
        let quoted = keys.prefix(shown).map { "'\($0)'" }.joined(separator: ", ")
        return keys.count > shown ? quoted + " and \(keys.count - shown) more" : quoted
    }
}
