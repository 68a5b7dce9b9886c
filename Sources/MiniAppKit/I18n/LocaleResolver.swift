/// Which locale file serves a language, the way SkipMiniApp's i18n module picks one
/// (`Modules/MiniAppI18nModule.swift`): the exact tag, then the language with its default
/// region (`fr` → `fr-FR`), then the bare language, then `en`.
public enum LocaleResolver {
    /// The regions SkipMiniApp pairs with a bare language.
    public static let defaultRegions: [String: String] = [
        "fr": "FR", "es": "ES", "pt": "PT", "de": "DE", "it": "IT", "nl": "NL", "ru": "RU",
        "ar": "SA", "zh": "CN", "ja": "JP", "ko": "KR", "en": "US",
    ]

    /// The candidate tags for `lang`, most specific first, without repeats.
    public static func candidates(for lang: String) -> [String] {
        let language = lang.split(separator: "-").first.map(String.init) ?? lang
        var result = [lang]
        if let region = defaultRegions[language.lowercased()] { result.append("\(language)-\(region)") }
        result.append(language)
        var seen: Set<String> = []
        return result.filter { seen.insert($0).inserted }
    }

    /// The tag among `available` that serves `lang`, or `nil`. Tags compare without regard to
    /// case (`en-us` serves `en-US`), as BCP 47 tags do.
    public static func resolve(_ lang: String, available: [String]) -> String? {
        let byLowercase = Dictionary(available.map { ($0.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
        for candidate in candidates(for: lang) {
            if let tag = byLowercase[candidate.lowercased()] { return tag }
        }
        return nil
    }
}
