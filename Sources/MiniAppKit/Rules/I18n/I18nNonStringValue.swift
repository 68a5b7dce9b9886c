/// A translation that is a number, boolean, array or null.
public struct I18nNonStringValue: Rule {
    public static let description = RuleDescription(
        id: "i18n-non-string-value", domain: .i18n, severity: .error,
        summary: "A translation is a number, boolean, array or null instead of a string.",
        rationale: """
            A translation is text: a number, boolean, array or `null` is reported at each such \
            value. Under SkipMiniApp, whose `[String: String]` cast fails on any one of them and \
            ignores the whole file, `i18n-not-flat` reports the file once instead, naming them.
            """,
        runtimeFacts: ["skip.locale-flat"],
        triggering: [
            RuleExample(
                files: [("manifest.json", I18nExample.manifest), ("i18n/en.json", "{ \"count\": 1️⃣3 }\n")],
                configuration: "runtime: w3c\n",
                expected: [
                    .at("1️⃣", "the translation of 'count' must be a string, found number 3; the runtime ignores all of 'i18n/en.json'")
                ])
        ],
        nonTriggering: [
            RuleExample(files: [("manifest.json", I18nExample.manifest), ("i18n/en.json", "{ \"count\": \"3\" }\n")]),
            // Under SkipMiniApp the file gets one `i18n-not-flat` diagnostic instead.
            RuleExample(files: [("manifest.json", I18nExample.manifest), ("i18n/en.json", "{ \"count\": 3, \"max\": 10 }\n")]),
        ])

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] {
        // A runtime that ignores such a file whole gets one diagnostic per file, `i18n-not-flat`'s.
        guard !model.runtime.has(.localeFileIgnoredWhole) else { return [] }
        return model.locales.catalogs.flatMap { catalog in
            catalog.entries.compactMap { entry in
                guard case .other = entry.value, let node = catalog.document.root?[entry.key] else { return nil }
                return Finding(
                    "the translation of '\(entry.key)' must be a string, found \(node.summary); the runtime ignores all of '\(catalog.path)'",
                    at: catalog.span(entry.valueRange))
            }
        }
    }
}
