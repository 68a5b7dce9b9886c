/// A locale file whose name is not a BCP 47 tag.
public struct I18nInvalidFileName: Rule {
    public static let description = RuleDescription(
        id: "i18n-invalid-file-name", domain: .i18n, severity: .error,
        summary: "A file in 'i18n/' is not named '<BCP 47 tag>.json'.",
        rationale:
            "Runtimes find a language's file by its tag (`i18n/en-US.json`, `i18n/zh-CN.json`); `en_US.json` or `english.json` matches no language and is never loaded.",
        triggering: [
            RuleExample(
                files: [("manifest.json", I18nExample.manifest), ("i18n/en_US.json", "1️⃣{ \"title\": \"Hello\" }\n")],
                supportFiles: ["i18n/en.json": "{}\n"],
                expected: [
                    .at(
                        "1️⃣",
                        "'i18n/en_US.json' is not named after a BCP 47 language tag, so no language loads it; did you mean 'i18n/en-US.json'?"
                    )
                ])
        ],
        nonTriggering: [
            RuleExample(files: [("manifest.json", I18nExample.manifest), ("i18n/en.json", "{}\n"), ("i18n/zh-Hans.json", "{}\n")])
        ])

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] {
        model.locales.catalogs.compactMap { catalog in
            guard !LanguageTag.isWellFormed(catalog.tag) else { return nil }
            var message = "'\(catalog.path)' is not named after a BCP 47 language tag, so no language loads it"
            if let suggestion = LanguageTag.suggestion(for: catalog.tag) { message += "; did you mean 'i18n/\(suggestion).json'?" }
            return Finding(message, at: catalog.fileSpan)
        }
    }
}
