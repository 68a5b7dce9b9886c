import Testing
@testable import MiniAppKit

struct LanguageTagTests {
    @Test(arguments: [
        "en", "en-US", "zh-Hans", "zh-Hans-CN", "sr-Latn-RS", "es-419", "de-CH-1996", "fr-FR", "ja-JP",
        "zh-yue-HK", "en-US-x-twain", "x-private", "i-klingon", "de-DE-u-co-phonebk", "EN-us",
    ])
    func acceptsWellFormedTags(tag: String) {
        #expect(LanguageTag.isWellFormed(tag))
    }

    @Test(arguments: [
        "", "en_US", "english", "e", "en-", "-en", "en--US", "en-US-US-US-US", "1234", "en-a", "en-a-bb-a-cc",
        "de-1996-1996", "x", "zh-Hans-Hant-CN", "ën",
    ])
    func rejectsMalformedTags(tag: String) {
        #expect(!LanguageTag.isWellFormed(tag))
    }

    @Test func suggestsDashesForUnderscores() {
        #expect(LanguageTag.suggestion(for: "en_US") == "en-US")
        #expect(LanguageTag.suggestion(for: "english") == nil)
    }
}
