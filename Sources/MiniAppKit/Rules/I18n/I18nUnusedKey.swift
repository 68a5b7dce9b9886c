/// A key of the default locale that nothing uses.
public struct I18nUnusedKey: Rule {
    public static let description = RuleDescription(
        id: "i18n-unused-key", domain: .i18n, severity: .note,
        summary: "A key of the default locale is used nowhere in the templates, scripts or manifest.",
        rationale: """
            Unused keys are dead weight for translators and usually the old name of a renamed \
            key. The check is skipped when some lookup builds its key at run time \
            (`$t(store.key)`), and `.mactl.yml` can keep keys: `i18n: { keep_unused_keys: true }` \
            or a list of keys and prefixes (`['errors.*']`).
            """,
        prerequisites: [.manifest, .defaultLocale],
        triggering: [
            RuleExample(
                files: [
                    ("manifest.json", I18nExample.manifest),
                    ("pages/index/index.html", I18nExample.page("  <h1 x-text=\"$t('home.title')\"></h1>")),
                    ("i18n/en.json", "{ \"home.title\": \"Welcome\", 1️⃣\"home.old\": \"Old\" }\n"),
                ],
                expected: [.at("1️⃣", "translation key 'home.old' is not used anywhere")])
        ],
        nonTriggering: [
            RuleExample(
                files: [
                    ("manifest.json", I18nExample.manifest),
                    ("pages/index/index.html", I18nExample.page("  <h1 x-text=\"$t('home.title')\"></h1>")),
                    ("i18n/en.json", "{ \"home.title\": \"Welcome\", \"errors.offline\": \"Offline\" }\n"),
                ], configuration: "i18n:\n  keep_unused_keys: ['errors.*']\n"),
            // A key looked up through an alias of the module the lookups do not follow.
            RuleExample(files: [
                ("manifest.json", I18nExample.manifest),
                (
                    "pages/index/index.js",
                    "const fmt = skip.i18n;\nPage({\n  data: {},\n  onTap() {\n    skip.log(fmt.t('home.saved'));\n  },\n});\n"
                ),
                ("i18n/en.json", "{ \"home.saved\": \"Saved\" }\n"),
            ]),
        ])

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] {
        guard let catalog = model.locales.defaultCatalog, !model.translationKeyUses.hasDynamicKeys else { return [] }
        if case .all = model.configuration.keepUnusedKeys { return [] }
        let used = Set(model.translationKeyUses.uses.map(\.key))
        // A key written as a string anywhere in a script may reach 't' in a way the lookups do
        // not follow (`const fmt = skip.i18n; fmt.t('saved')`, a table of keys): not reported.
        let written = Set(
            model.scripts.flatMap { script in
                script.tokens.lazy.filter { $0.kind == .string }.map { String($0.text.dropFirst().dropLast()) }
            })
        return catalog.entries.compactMap { entry in
            guard !used.contains(entry.key), !written.contains(entry.key), !model.configuration.keepUnusedKeys.keeps(entry.key) else {
                return nil
            }
            return Finding("translation key '\(entry.key)' is not used anywhere", at: catalog.span(entry.keyRange))
        }
    }
}
