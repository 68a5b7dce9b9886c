/// A locale file that is not a flat object of strings.
public struct I18nNotFlat: Rule {
    public static let description = RuleDescription(
        id: "i18n-not-flat", domain: .i18n, severity: .error,
        summary: "A locale file is not a flat '{ \"key\": \"text\" }' object: it is not an object, or a value is a nested object.",
        rationale: """
            SkipMiniApp reads a locale file as `[String: String]`; one nested object (as in the \
            W3C spec's example) makes the cast fail and the whole file is treated as missing, so \
            every text of that language falls back. Write nested keys flat, as `"settings.title"`.
            """,
        triggering: [
            RuleExample(files: [("manifest.json", I18nExample.manifest), ("i18n/en.json", "{\n  1️⃣\"settings\": { \"title\": \"Settings\" }\n}\n")],
                        expected: [.at("1️⃣", "'settings' is a nested object; the runtime reads only flat files and ignores all of 'i18n/en.json'; write its keys flat, as 'settings.title'")]),
        ],
        nonTriggering: [RuleExample(files: [("manifest.json", I18nExample.manifest), ("i18n/en.json", "{ \"settings.title\": \"Settings\" }\n")])])

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] {
        model.locales.catalogs.flatMap { catalog -> [Finding] in
            guard let root = catalog.document.root else { return [] }  // a syntax error is the JSON rules'
            guard root.members != nil else {
                return [Finding("a locale file must be an object of \"key\": \"text\" pairs, found \(root.summary)", at: catalog.document.span(root.range))]
            }
            return catalog.entries.compactMap { entry in
                guard case .nested = entry.value else { return nil }
                let example = catalog.document.root?[entry.key]?.members?.first.map { "'\(entry.key).\($0.key)'" } ?? "'\(entry.key).name'"
                return Finding(
                    "'\(entry.key)' is a nested object; the runtime reads only flat files and ignores all of '\(catalog.path)'; write its keys flat, as \(example)",
                    at: catalog.span(entry.keyRange))
            }
        }
    }
}
