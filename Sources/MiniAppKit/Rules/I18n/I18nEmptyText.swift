/// A translation that is an empty string.
public struct I18nEmptyText: Rule {
    public static let description = RuleDescription(
        id: "i18n-empty-text", domain: .i18n, severity: .warning,
        summary: "A translation is an empty string.",
        rationale:
            "An empty text is shown as nothing: a button without a label, a blank title. A text still to be translated is better left out, so the runtime falls back to the default language.",
        triggering: [
            RuleExample(
                files: [("manifest.json", I18nExample.manifest), ("i18n/en.json", "{ \"title\": 1️⃣\"\" }\n")],
                expected: [.at("1️⃣", "the translation of 'title' in 'en' is empty, so nothing is shown")])
        ],
        nonTriggering: [RuleExample(files: [("manifest.json", I18nExample.manifest), ("i18n/en.json", "{ \"title\": \"Hello\" }\n")])])

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] {
        model.locales.catalogs.flatMap { catalog in
            catalog.entries.compactMap { entry in
                guard case .text(let text) = entry.value, text.isEmpty else { return nil }
                return Finding(
                    "the translation of '\(entry.key)' in '\(catalog.tag)' is empty, so nothing is shown",
                    at: catalog.span(entry.valueRange))
            }
        }
    }
}
