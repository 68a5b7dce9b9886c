import Testing
@testable import MiniAppKit

struct NameSuggesterTests {
    @Test func countsSwapsOfNeighboursAsOneEdit() {
        #expect(NameSuggester.editDistance("onLaod", "onLoad") == 1)
        #expect(NameSuggester.editDistance("titel", "title") == 1)
        #expect(NameSuggester.editDistance("", "abc") == 3)
        #expect(NameSuggester.editDistance("kitten", "sitting") == 3)
    }

    @Test func suggestsOnlyCloseNamesAndBreaksTiesByName() {
        #expect(NameSuggester.closest(to: "navigation_bar_titel_text", in: ManifestSchema.window.memberNames) == "navigation_bar_title_text")
        #expect(NameSuggester.closest(to: "colour", in: ["color", "column"]) == "color")
        #expect(NameSuggester.closest(to: "xyz", in: ["abc"]) == nil)
        #expect(NameSuggester.closest(to: "ab", in: ["ac", "aa"]) == "aa")
        #expect(NameSuggester.closest(to: "same", in: ["same"]) == nil)
    }
}
