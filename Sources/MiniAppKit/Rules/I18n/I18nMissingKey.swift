/// A key the app asks for is not in the default locale.
public struct I18nMissingKey: Rule {
    public static let description = RuleDescription(
        id: "i18n-missing-key", domain: .i18n, severity: .error,
        summary: "A translation key used in a template, a script or the manifest is not in the default locale.",
        rationale: """
            A missing key shows as the key itself (`home.titel` on the screen). Keys come from \
            `$t('key')` in templates, `skip.i18n.t('key')` in scripts, tab texts, and titles \
            (`window.navigation_bar_title_text`, `setNavigationBarTitle`). A tab text or title \
            counts as a key when it looks like one (a dotted name with no spaces) or the default \
            locale defines it; otherwise it is shown as written.
            """,
        prerequisites: [.defaultLocale],
        triggering: [
            RuleExample(
                files: [
                    ("manifest.json", I18nExample.manifest),
                    ("pages/index/index.html", I18nExample.page("  <h1 x-text=\"$t(1️⃣'home.titel')\"></h1>")),
                    ("i18n/en.json", "{ \"home.title\": \"Welcome\" }\n"),
                ],
                expected: [
                    .at("1️⃣", "translation key 'home.titel' is not in the default locale 'i18n/en.json'; did you mean 'home.title'?").fixIt(
                        "'home.title'")
                ])
        ],
        nonTriggering: [
            RuleExample(files: [
                ("manifest.json", I18nExample.manifest),
                ("pages/index/index.html", I18nExample.page("  <h1 x-text=\"$t('home.title')\"></h1>")),
                ("i18n/en.json", "{ \"home.title\": \"Welcome\" }\n"),
            ])
        ])

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] {
        guard let catalog = model.locales.defaultCatalog else { return [] }
        let texts = catalog.texts
        return model.translationKeysInUse.compactMap { use in
            guard texts[use.key] == nil else { return nil }
            var message = "translation key '\(use.key)' is not in the default locale '\(catalog.path)'"
            let suggestion = NameSuggester.closest(to: use.key, in: texts.keys.sorted())
            if let suggestion { message += "; did you mean '\(suggestion)'?" }
            return Finding(
                message, at: use.span,
                fixIt: suggestion.flatMap { LiteralFixIt.replacing(use.key, with: $0, at: use.span, in: model.project.file(use.span.path)) }
            )
        }
    }
}
