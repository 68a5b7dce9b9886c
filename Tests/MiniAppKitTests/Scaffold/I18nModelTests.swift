import Testing
@testable import MiniAppKit

struct I18nModelTests {
    @Test func resolvesLikeSkipMiniApp() {
        #expect(LocaleResolver.candidates(for: "fr") == ["fr", "fr-FR"])
        #expect(LocaleResolver.candidates(for: "fr-CA") == ["fr-CA", "fr-FR", "fr"])
        #expect(LocaleResolver.resolve("en", available: ["en-US", "fr"]) == "en-US")
        #expect(LocaleResolver.resolve("fr-CA", available: ["en", "fr"]) == "fr")
        #expect(LocaleResolver.resolve("de", available: ["en", "fr"]) == nil)
        #expect(LocaleResolver.resolve("zh-hans", available: ["zh-Hans"]) == "zh-Hans")
    }

    @Test func findsNamedPlaceholdersOnly() {
        #expect(Placeholders.occurrences(in: "Hi {name}, {count} new { x } {1} {a b} {_ok}").map(\.name) == ["name", "count", "_ok"])
        #expect(Placeholders.occurrences(in: "é{name}").first?.range == 2..<8)
    }

    @Test func labelsAreKeysOnlyWhenTheyLookLikeKeys() {
        #expect(TranslationKeyUses.looksLikeKey("tab.home"))
        #expect(TranslationKeyUses.looksLikeKey("settings.title_2"))
        #expect(!TranslationKeyUses.looksLikeKey("Home"))
        #expect(!TranslationKeyUses.looksLikeKey("Mr. Smith"))
        #expect(!TranslationKeyUses.looksLikeKey("v1.2"))
    }

    @Test func aLiteralTabTextIsNotAMissingKey() {
        let manifest = MinimalApp.manifest.replacingOccurrences(
            of: "\"pages\": [\"pages/index/index\"]",
            with: """
                "pages": ["pages/index/index", "pages/me/me"], "lang": "en",
                "tab_bar": { "tabs": [
                  { "page": "pages/index/index", "text": "Home", "icon": "icons/app.svg" },
                  { "page": "pages/me/me", "text": "tab.me", "icon": "icons/app.svg" }
                ] }
                """)
        let found = lintManifest(
            manifest, extraFiles: ["pages/me/me.html": "<body x-data=\"page\"></body>", "i18n/en.json": "{ \"title\": \"x\" }"])
        #expect(
            found.filter { $0.id == "i18n-missing-key" }.map(\.message) == [
                "translation key 'tab.me' is not in the default locale 'i18n/en.json'"
            ])
    }

    @Test func coverageCountsPresentMissingAndExtraKeys() {
        var files = MinimalApp.files
        files["pages/index/index.html"] = "<body x-data=\"page\"><p x-text=\"$t('a') + $t('z')\"></p></body>"
        files["i18n/en.json"] = "{ \"a\": \"A\", \"b\": \"B\" }"
        files["i18n/fr.json"] = "{ \"a\": \"A\", \"c\": \"C\" }"
        let coverage = Linter.lint(Project(contents: files)).model.localeCoverage
        #expect(
            coverage == [
                LocaleCoverage(tag: "en", path: "i18n/en.json", isDefault: true, present: 2, missing: 1, extra: 0),
                LocaleCoverage(tag: "fr", path: "i18n/fr.json", isDefault: false, present: 1, missing: 1, extra: 1),
            ])
    }

    @Test func aDynamicKeySilencesTheUnusedKeyRule() {
        var files = MinimalApp.files
        files["pages/index/index.html"] = "<body x-data=\"page\"><p x-text=\"$t(store.title)\"></p></body>"
        files["i18n/en.json"] = "{ \"a\": \"A\" }"
        #expect(lint(files).filter { $0.id == "i18n-unused-key" }.isEmpty)
    }
}
