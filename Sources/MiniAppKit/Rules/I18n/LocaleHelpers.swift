extension ProjectModel {
    /// The keys the app asks for: every literal use, labels only when they are keys (defined
    /// in the default locale, or shaped like one).
    var translationKeysInUse: [TranslationKeyUse] {
        let defined = locales.defaultCatalog?.texts ?? [:]
        return translationKeyUses.uses.filter { use in
            !use.isLabel || defined[use.key] != nil || TranslationKeyUses.looksLikeKey(use.key)
        }
    }
}

extension LocaleCatalog {
    /// Where to point for something about the whole file: its opening brace, or its start.
    var fileSpan: SourceSpan {
        let start = document.root?.range.lowerBound ?? 0
        return document.span(start..<min(start + 1, document.file.bytes.count))
    }
}

/// Sample locale files for the i18n rule examples.
enum I18nExample {
    static let manifest = MinimalApp.manifest(with: #""lang": "en""#)

    static func page(_ body: String) -> String { "<body x-data=\"page\">\n\(body)\n</body>\n" }

    /// A page whose template shows `body`, with an English `greet` text taking `{name}`.
    static func greeting(_ body: String, expected: [ExpectedFinding] = []) -> RuleExample {
        RuleExample(
            files: [
                ("manifest.json", manifest), ("pages/index/index.html", page(body)),
                ("i18n/en.json", "{ \"greet\": \"Hello, {name}!\" }\n"),
            ],
            expected: expected)
    }
}
