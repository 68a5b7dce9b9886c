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
        #expect(
            NameSuggester.closest(to: "navigation_bar_titel_text", in: ManifestSchema.window.memberNames) == "navigation_bar_title_text")
        #expect(NameSuggester.closest(to: "colour", in: ["color", "column"]) == "color")
        #expect(NameSuggester.closest(to: "xyz", in: ["abc"]) == nil)
        #expect(NameSuggester.closest(to: "ab", in: ["ac", "aa"]) == "aa")
        #expect(NameSuggester.closest(to: "same", in: ["same"]) == nil)
    }

    /// The banded distance `closest` uses agrees with the full table wherever the answer is
    /// within the limit, and gives nil exactly where it is not (every pair of strings over a
    /// small alphabet up to five letters long, and limits 1 to 4).
    @Test func theBandedDistanceAgreesWithTheFullOne() {
        let alphabet: [Unicode.Scalar] = ["a", "b", "c"]
        var words: [[Unicode.Scalar]] = [[]]
        var frontier: [[Unicode.Scalar]] = [[]]
        for _ in 1...4 {
            frontier = frontier.flatMap { word in alphabet.map { word + [$0] } }
            words += frontier
        }
        var compared = 0
        for a in words {
            for b in words {
                let full = NameSuggester.editDistance(String(String.UnicodeScalarView(a)), String(String.UnicodeScalarView(b)))
                for limit in 1...4 {
                    #expect(NameSuggester.distance(a, b, atMost: limit) == (full <= limit ? full : nil))
                    compared += 1
                }
            }
        }
        #expect(compared == 121 * 121 * 4)
    }
}
