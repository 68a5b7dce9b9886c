/// A `skip.i18n.plural` map without `other`, or with a category CLDR does not have.
public struct I18nInvalidPlural: Rule {
    public static let description = RuleDescription(
        id: "i18n-invalid-plural", domain: .i18n, severity: .error,
        summary: "A 'skip.i18n.plural(n, {...})' map lacks 'other' or has a key that is not a CLDR plural category.",
        rationale: """
            The runtime picks the map's entry with `Intl.PluralRules`, whose categories are \
            `zero`, `one`, `two`, `few`, `many` and `other`. Every language uses `other`, so a map \
            without it shows nothing for most counts; any other key (`1`, `plural`) is never picked. \
            `zero` and `two` are used by few languages (Arabic, Welsh, Latvian; Hebrew, Slovenian): \
            in the app's languages (its locale files' and the manifest's), a `zero` text is never \
            shown for 0, which is a warning.
            """,
        triggering: [
            .file(
                "pages/index/index.js",
                "Page({\n  data: { title: 'Hello' },\n  onTap() {\n    skip.log(skip.i18n.plural(2, 2️⃣{ one: '# item', 1️⃣plural: '# items' }));\n  },\n});\n",
                expected: [
                    .at("1️⃣", "'plural' is not a CLDR plural category; use 'zero', 'one', 'two', 'few', 'many' or 'other'"),
                    .at("2️⃣", "a plural map needs 'other', which every language uses"),
                ]),
            RuleExample(
                files: [
                    ("manifest.json", I18nExample.manifest),
                    ("i18n/en.json", "{ \"title\": \"Hello\" }\n"),
                    (
                        "pages/index/index.js",
                        "Page({\n  data: { title: 'Hello' },\n  onTap() {\n    skip.log(skip.i18n.plural(0, { 1️⃣zero: 'No items', one: '# item', other: '# items' }));\n  },\n});\n"
                    ),
                ],
                expected: [
                    .at(
                        "1️⃣",
                        "'zero' is never picked in 'en': Intl.PluralRules gives 'other' for 0 there, so this text is never shown; test the count for 0 before calling 'plural'"
                    ).severity(.warning)
                ]),
        ],
        nonTriggering: [
            .file(
                "pages/index/index.js",
                "Page({\n  data: { title: 'Hello' },\n  onTap() {\n    skip.log(skip.i18n.plural(2, { one: '# item', other: '# items' }));\n  },\n});\n"
            )
        ])

    static let categories = ["zero", "one", "two", "few", "many", "other"]

    public init() {}

    /// The languages whose cardinal plural rules use `zero` or `two` (CLDR's plural rules);
    /// every other language never picks them, whatever the count.
    static let rareCategories: [String: Set<String>] = [
        "zero": ["ar", "cy", "ksh", "kw", "lag", "lv", "prg"],
        "two": [
            "ar", "br", "cy", "dsb", "ga", "gd", "gv", "he", "hsb", "iu", "kw", "mt", "naq", "se", "sl", "sma", "smi", "smj", "smn", "sms",
        ],
    ]

    public func check(_ model: ProjectModel) -> [Finding] {
        // The runtime's locale is the tag of the file it chose, else the manifest's language.
        let languages = Set(
            (model.locales.catalogs.map(\.tag) + [model.locales.requestedLanguage]).map { LanguageSubtags($0).language.lowercased() })
        return model.translationKeyUses.pluralMaps.flatMap { map -> [Finding] in
            var findings = map.members.filter { !Self.categories.contains($0.name) }.map { member in
                Finding(
                    "'\(member.name)' is not a CLDR plural category; use 'zero', 'one', 'two', 'few', 'many' or 'other'", at: member.span)
            }
            if !map.members.contains(where: { $0.name == "other" }) {
                findings.append(Finding("a plural map needs 'other', which every language uses", at: map.span))
            }
            for member in map.members {
                guard let users = Self.rareCategories[member.name], !languages.isEmpty, users.isDisjoint(with: languages) else { continue }
                let shown = languages.sorted().map { "'\($0)'" }.joined(separator: ", ")
                let example = member.name == "zero" ? "0" : "2"
                findings.append(
                    Finding(
                        "'\(member.name)' is never picked in \(shown): Intl.PluralRules gives 'other' for \(example) there, so this text is never shown; test the count for \(example) before calling 'plural'",
                        at: member.span, defaultSeverity: .warning))
            }
            return findings
        }
    }
}
