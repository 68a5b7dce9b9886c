/// A locale file that is not a flat object of strings.
public struct I18nNotFlat: Rule {
    public static let description = RuleDescription(
        id: "i18n-not-flat", domain: .i18n, severity: .error,
        summary:
            "A locale file is not a flat '{ \"key\": \"text\" }' object: it is not an object, or a value is a nested object (under SkipMiniApp: or any value that is not a string).",
        rationale: """
            SkipMiniApp reads a locale file as `[String: String]`; one nested object (as in the \
            W3C spec's example), number, boolean, array or `null` anywhere makes the cast fail \
            and the whole file is treated as missing, so every text of that language falls \
            back. Under SkipMiniApp the file gets one diagnostic, at its first such value, \
            naming the others (`i18n-non-string-value` stays silent there). Write nested keys \
            flat, as `"settings.title"`, and every value as a string. Under runtimes that read \
            files otherwise (`w3c`), each nested object is reported here and each other value \
            by `i18n-non-string-value`.
            """,
        runtimeFacts: ["skip.locale-flat"],
        triggering: [
            RuleExample(
                files: [
                    ("manifest.json", I18nExample.manifest),
                    ("i18n/en.json", "{\n  1️⃣\"settings\": { \"title\": \"Settings\" },\n  \"greeting\": \"Hello\",\n  \"count\": 3\n}\n"),
                ],
                expected: [
                    .at(
                        "1️⃣",
                        "the runtime ignores all of 'i18n/en.json', as if it were missing, because not every value is a string: 'settings' is a nested object, 'count' is number 3; make every value a string, and write nested keys flat, as 'settings.title'"
                    )
                    .notes(["'count' is not a string either"])
                ]),
            RuleExample(
                files: [("manifest.json", I18nExample.manifest), ("i18n/en.json", "{ \"count\": 1️⃣3, \"title\": \"Cart\" }\n")],
                expected: [
                    .at(
                        "1️⃣",
                        "the runtime ignores all of 'i18n/en.json', as if it were missing, because not every value is a string: 'count' is number 3; make every value a string"
                    )
                ]),
            RuleExample(
                files: [("manifest.json", I18nExample.manifest), ("i18n/en.json", "{\n  1️⃣\"settings\": { \"title\": \"Settings\" }\n}\n")],
                configuration: "runtime: w3c\n",
                expected: [
                    .at(
                        "1️⃣",
                        "'settings' is a nested object; the runtime reads only flat files and ignores all of 'i18n/en.json'; write its keys flat, as 'settings.title'"
                    )
                ]),
        ],
        nonTriggering: [
            RuleExample(files: [
                ("manifest.json", I18nExample.manifest), ("i18n/en.json", "{ \"settings.title\": \"Settings\", \"count\": \"3\" }\n"),
            ]),
            // Other values than objects are `i18n-non-string-value`'s under `w3c`.
            RuleExample(
                files: [("manifest.json", I18nExample.manifest), ("i18n/en.json", "{ \"count\": 3 }\n")], configuration: "runtime: w3c\n"),
        ])

    /// How many offending values the one SkipMiniApp diagnostic names; the rest are counted.
    static let namedValues = 3

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] {
        let ignoredWhole = model.runtime.has(.localeFileIgnoredWhole)
        return model.locales.catalogs.flatMap { catalog -> [Finding] in
            guard let root = catalog.document.root else { return [] }  // a syntax error is the JSON rules'
            guard root.members != nil else {
                return [
                    Finding(
                        "a locale file must be an object of \"key\": \"text\" pairs, found \(root.summary)",
                        at: catalog.document.span(root.range))
                ]
            }
            if ignoredWhole {
                return wholeFileFinding(catalog).map { [$0] } ?? []
            }
            return catalog.entries.compactMap { entry in
                guard case .nested = entry.value else { return nil }
                return Finding(
                    "'\(entry.key)' is a nested object; the runtime reads only flat files and ignores all of '\(catalog.path)'; write its keys flat, as \(flatExample(entry, in: catalog))",
                    at: catalog.span(entry.keyRange))
            }
        }
    }

    /// One finding for a file the runtime ignores whole: at its first value that is not a
    /// string (a nested object's key, another value itself), naming the first few.
    private func wholeFileFinding(_ catalog: LocaleCatalog) -> Finding? {
        let offending = catalog.entries.filter { entry in
            if case .text = entry.value { return false }
            return true
        }
        guard let first = offending.first else { return nil }
        let named = offending.prefix(Self.namedValues)
        let described = named.map { entry -> String in
            if case .nested = entry.value { return "'\(entry.key)' is a nested object" }
            return "'\(entry.key)' is \(catalog.document.root?[entry.key]?.summary ?? "not a string")"
        }
        let more = offending.count > named.count ? " and \(offending.count - named.count) more" : ""
        var advice = "make every value a string"
        if let nested = offending.first(where: { $0.value == .nested }) {
            advice += ", and write nested keys flat, as \(flatExample(nested, in: catalog))"
        }
        let notes = named.dropFirst().map { entry in
            DiagnosticNote(message: "'\(entry.key)' is not a string either", span: catalog.span(anchor(entry)))
        }
        return Finding(
            "the runtime ignores all of '\(catalog.path)', as if it were missing, because not every value is a string: \(described.joined(separator: ", "))\(more); \(advice)",
            at: catalog.span(anchor(first)), notes: notes)
    }

    /// A nested object is pointed at by its key, any other value by itself.
    private func anchor(_ entry: LocaleCatalog.Entry) -> Range<Int> {
        if case .nested = entry.value { return entry.keyRange }
        return entry.valueRange
    }

    /// `'settings.title'` for a nested `settings` whose first key is `title`.
    private func flatExample(_ entry: LocaleCatalog.Entry, in catalog: LocaleCatalog) -> String {
        catalog.document.root?[entry.key]?.members?.first.map { "'\(entry.key).\($0.key)'" } ?? "'\(entry.key).name'"
    }
}
