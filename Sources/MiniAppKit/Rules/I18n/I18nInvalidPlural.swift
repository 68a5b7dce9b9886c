/// A `skip.i18n.plural` map without `other`, or with a category CLDR does not have.
public struct I18nInvalidPlural: Rule {
    public static let description = RuleDescription(
        id: "i18n-invalid-plural", domain: .i18n, severity: .error,
        summary: "A 'skip.i18n.plural(n, {...})' map lacks 'other' or has a key that is not a CLDR plural category.",
        rationale: """
            The runtime picks the map's entry with `Intl.PluralRules`, whose categories are \
            `zero`, `one`, `two`, `few`, `many` and `other`. Every language uses `other`, so a map \
            without it shows nothing for most counts; any other key (`1`, `plural`) is never picked.
            """,
        triggering: [
            .file("pages/index/index.js", "Page({\n  data: { title: 'Hello' },\n  onTap() {\n    skip.log(skip.i18n.plural(2, 2️⃣{ one: '# item', 1️⃣plural: '# items' }));\n  },\n});\n",
                  expected: [
                    .at("1️⃣", "'plural' is not a CLDR plural category; use 'zero', 'one', 'two', 'few', 'many' or 'other'"),
                    .at("2️⃣", "a plural map needs 'other', which every language uses"),
                  ]),
        ],
        nonTriggering: [.file("pages/index/index.js", "Page({\n  data: { title: 'Hello' },\n  onTap() {\n    skip.log(skip.i18n.plural(2, { one: '# item', other: '# items' }));\n  },\n});\n")])

    static let categories = ["zero", "one", "two", "few", "many", "other"]

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] {
        model.translationKeyUses.pluralMaps.flatMap { map -> [Finding] in
            var findings = map.members.filter { !Self.categories.contains($0.name) }.map { member in
                Finding("'\(member.name)' is not a CLDR plural category; use 'zero', 'one', 'two', 'few', 'many' or 'other'", at: member.span)
            }
            if !map.members.contains(where: { $0.name == "other" }) {
                findings.append(Finding("a plural map needs 'other', which every language uses", at: map.span))
            }
            return findings
        }
    }
}
