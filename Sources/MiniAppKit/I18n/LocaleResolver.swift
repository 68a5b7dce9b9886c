/// Which locale file serves a language, the way SkipMiniApp's i18n module picks one
/// (`Modules/MiniAppI18nModule.swift`): the exact tag, then the language with its default
/// region (`fr` → `fr-FR`), then the bare language, then `en`.
public enum LocaleResolver {
    /// The candidate tags for `lang`, most specific first, without repeats.
    public static func candidates(for lang: String) -> [String] {
        LocaleChoice.skipMiniApp.chain(lang)
    }

    /// The tag among `available` that serves `lang`, or `nil`.
    public static func resolve(_ lang: String, available: [String]) -> String? {
        first(of: candidates(for: lang), in: available)
    }

    /// The first candidate that is one of `available`, as written in `available`. Tags compare
    /// without regard to case (`en-us` serves `en-US`), as BCP 47 tags do.
    public static func first(of candidates: [String], in available: [String]) -> String? {
        let byLowercase = Dictionary(available.map { ($0.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
        return candidates.lazy.compactMap { byLowercase[$0.lowercased()] }.first
    }
}
