/// The project's locale files and which one is the default, resolved from the manifest's
/// `lang` the way SkipMiniApp resolves it.
public struct LocaleSet: Sendable {
    /// Every `i18n/*.json` file, by path.
    public var catalogs: [LocaleCatalog]
    /// The language the app asks for: the manifest's `lang`, or `en` (SkipMiniApp's default).
    public var requestedLanguage: String
    /// The catalog that serves `requestedLanguage`, if any.
    public var defaultCatalog: LocaleCatalog?

    init(project: Project, documents: [JSONDocument], manifest: JSONNode?, defaultLocale: String? = nil) {
        catalogs = documents.compactMap { document in
            LocaleCatalog.tag(forPath: document.file.path).map { LocaleCatalog(tag: $0, document: document) }
        }
        requestedLanguage = defaultLocale ?? manifest?["lang"]?.stringValue ?? "en"
        let wellFormed = catalogs.filter { LanguageTag.isWellFormed($0.tag) }
        let tag =
            LocaleResolver.resolve(requestedLanguage, available: wellFormed.map(\.tag))
            ?? LocaleResolver.resolve("en", available: wellFormed.map(\.tag))
        defaultCatalog = wellFormed.first { $0.tag == tag }
    }

    /// The other well-formed locales, which fall back to the default for missing keys.
    public var translations: [LocaleCatalog] {
        catalogs.filter { $0.path != defaultCatalog?.path && LanguageTag.isWellFormed($0.tag) }
    }

    /// The translations `runtime` reads: without those it ignores whole, which
    /// `i18n-not-flat` reports once, so that the rules about their keys do not add findings
    /// about texts nobody sees.
    public func translations(readBy runtime: RuntimeProfile) -> [LocaleCatalog] {
        guard runtime.has(.localeFileIgnoredWhole) else { return translations }
        return translations.filter(\.isFlatText)
    }
}
