/// No locale file serves the manifest's `lang`.
public struct I18nMissingDefaultLocale: Rule {
    public static let description = RuleDescription(
        id: "i18n-missing-default-locale", domain: .i18n, severity: .error,
        summary: "The app uses translations, but no file in 'i18n/' serves the manifest's 'lang'.",
        rationale: """
            The default locale is the manifest's `lang` (SkipMiniApp's default is `en`), resolved \
            as the runtime does: the exact tag, then the language with its default region \
            (`fr` → `fr-FR`), then the bare language, then `en`. So `lang: en` is served by \
            `en.json` or `en-US.json`. Without such a file every key shows as itself.
            """,
        triggering: [
            RuleExample(
                files: [
                    ("manifest.json", I18nExample.manifest.replacingOccurrences(of: "\"lang\": \"en\"", with: "\"lang\": 1️⃣\"de\"")),
                    ("i18n/fr.json", "{ \"title\": \"Bonjour\" }\n"),
                ],
                supportFiles: ["pages/index/index.html": I18nExample.page("<p x-text=\"$t('title')\"></p>")],
                expected: [
                    .at(
                        "1️⃣", "no locale file serves the default language 'de': expected 'i18n/de.json', 'i18n/de-DE.json' or 'i18n/en.json'"
                    )
                ])
        ],
        nonTriggering: [
            RuleExample(
                files: [("manifest.json", I18nExample.manifest), ("i18n/en-US.json", "{ \"title\": \"Hello\" }\n")],
                supportFiles: ["pages/index/index.html": I18nExample.page("<p x-text=\"$t('title')\"></p>")])
        ])

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] {
        guard model.locales.defaultCatalog == nil, !model.translationKeysInUse.isEmpty || !model.locales.catalogs.isEmpty else { return [] }
        let lang = model.locales.requestedLanguage
        let candidates = LocaleChoice.withoutRepeats(LocaleResolver.candidates(for: lang) + ["en"]).map { "'i18n/\($0).json'" }
        let expectation = candidates.count > 1 ? candidates.dropLast().joined(separator: ", ") + " or " + candidates.last! : candidates[0]
        let span = model.manifest?["lang"].flatMap { model.manifestSpan($0.range) } ?? .file(ProjectModel.manifestPath)
        return [Finding("no locale file serves the default language '\(lang)': expected \(expectation)", at: span)]
    }
}
