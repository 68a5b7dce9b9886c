/// A translation that is a number, boolean, array or null.
public struct I18nNonStringValue: Rule {
    public static let description = RuleDescription(
        id: "i18n-non-string-value", domain: .i18n, severity: .error,
        summary: "A translation is a number, boolean, array or null instead of a string.",
        rationale: "The runtime reads every value as a string; any other value makes the `[String: String]` cast fail and the whole file is ignored.",
        triggering: [
            RuleExample(files: [("manifest.json", I18nExample.manifest), ("i18n/en.json", "{ \"count\": 1️⃣3 }\n")],
                        expected: [.at("1️⃣", "the translation of 'count' must be a string, found number 3; the runtime ignores all of 'i18n/en.json'")]),
        ],
        nonTriggering: [RuleExample(files: [("manifest.json", I18nExample.manifest), ("i18n/en.json", "{ \"count\": \"3\" }\n")])])

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] {
        model.locales.catalogs.flatMap { catalog in
            catalog.entries.compactMap { entry in
                guard case .other = entry.value, let node = catalog.document.root?[entry.key] else { return nil }
                return Finding(
                    "the translation of '\(entry.key)' must be a string, found \(node.summary); the runtime ignores all of '\(catalog.path)'",
                    at: catalog.span(entry.valueRange))
            }
        }
    }
}
