import Testing
@testable import MiniAppKit

/// `ManifestDecoding` against what Foundation's `JSONDecoder` was seen to do (Swift 6.3,
/// swift-foundation, the decoder iOS 17+ ships): each expectation below was run there.
struct ManifestDecodingTests {
    private func failures(_ members: String) -> [String] {
        let document = JSONParser.parse(SourceFile(path: "manifest.json", text: MinimalApp.manifest(with: members)))
        return ManifestDecoding.failures(in: document.root!).map { failure in
            switch failure.kind {
            case .missing: "missing \(failure.path)"
            case .wrongType: "type \(failure.path)"
            }
        }
    }

    @Test func integersTakeWholeNumbersInAnySpelling() {
        for text in ["2", "-0", "2.0", "2E0", "1e2", "1.5e1", "-0.0", "1.0000000000000001", "9223372036854775807", "1e-400"] {
            #expect(ManifestDecoding.decodesAsInt(text), "\(text)")
        }
        for text in ["2.5", "1e19", "9223372036854775808", "9223372036854775807.0", "-9223372036854775808.0", "2.0000000000000004"] {
            #expect(!ManifestDecoding.decodesAsInt(text), "\(text)")
        }
    }

    @Test func theMinimalManifestDecodes() {
        #expect(failures("").isEmpty)
    }

    @Test func nullIsAbsentForOptionalMembersOnly() {
        #expect(failures(#""description": null, "window": { "fullscreen": null }, "tab_bar": null"#).isEmpty)
        #expect(failures(#""name": null"#) == ["type name"])
        #expect(failures(#""pages": ["pages/index/index", null]"#) == ["type pages[1]"])
        #expect(failures(#""i18n": { "fr": null }"#) == ["type i18n.fr"])
    }

    @Test func booleansAndStringsAreStrict() {
        #expect(
            failures(#""window": { "fullscreen": 1, "orientation": 2 }, "short_name": true"#)
                == ["type short_name", "type window.fullscreen", "type window.orientation"])
    }

    @Test func theFirstOfEqualKeysIsRead() {
        #expect(failures(#""version": { "code": 2, "code": "bad", "name": "1" }"#).isEmpty)
        #expect(failures(#""version": { "code": "bad", "code": 2, "name": "1" }"#) == ["type version.code"])
    }

    @Test func aTabNeedsItsTextAndATabBarItsTabs() {
        #expect(failures(#""tab_bar": { "tabs": [{ "page": "pages/index/index" }] }"#) == ["missing tab_bar.tabs[0].text"])
        #expect(failures(#""tab_bar": {}"#) == ["missing tab_bar.tabs"])
    }

    @Test func aContainerOfTheWrongTypeIsOneFailure() {
        #expect(failures(#""version": "1.0.0", "icons": {}"#) == ["type icons", "type version"])
    }

    @Test func srcsetCandidatesAreFoundAtTheirOffsets() {
        let candidates = AssetReferences.srcsetURLs(" a.png 1x,b.png 2x , , c.png")
        #expect(candidates.map(\.url) == ["a.png", "b.png", "c.png"])
        #expect(candidates.map(\.offset) == [1, 10, 23])
    }
}
