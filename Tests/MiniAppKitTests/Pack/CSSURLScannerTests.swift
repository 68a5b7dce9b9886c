import Testing
@testable import MiniAppKit

/// The `url()` and `@import` references of a stylesheet, from the CSS tokenizer's tokens: the
/// value as written and its byte range, which a missing-asset diagnostic points at.
struct CSSURLScannerTests {
    private func urls(_ css: String) -> [String] {
        CSSURLScanner.urls(in: Array(css.utf8)).map { "\($0.value) \($0.range.lowerBound)..<\($0.range.upperBound)" }
    }

    @Test func quotedUnquotedAndImportedValuesWithTheirRanges() {
        #expect(urls("a { background: url('../bg.svg') }") == ["../bg.svg 21..<30"])
        #expect(urls("a{b:url(x.png)}") == ["x.png 8..<13"])
        #expect(urls("a{b:URL(  x.png \t)}") == ["x.png 10..<15"])
        #expect(urls("a{b:url(\n \"y.png\")}") == ["y.png 11..<16"])
        #expect(urls("@import \"base.css\";\n@import url(theme.css) screen;") == ["base.css 9..<17", "theme.css 32..<41"])
        #expect(urls("@IMPORT 'x.css';") == ["x.css 9..<14"])
        #expect(urls("a{src:url(\"a\\\"b.woff\")}") == ["a\\\"b.woff 11..<20"])
        #expect(urls("a{b:url(é.png)}") == ["é.png 8..<14"])
    }

    @Test func commentsStringsAndOtherNamesAreNotReferences() {
        #expect(urls("/* url(a.png) */ a{content:\"url(b.png)\"} ") == [])
        #expect(urls("a{b:myurl(c.png)}") == [])
        #expect(urls("@importx \"d.css\";") == [])
        // A bad URL is dropped by browsers.
        #expect(urls("a{b:url(e f.png)}") == [])
    }

    @Test func aBrokenOrUnfinishedValueRunsToWhereItStops() {
        #expect(urls("a{b:url(\"g.png\n)}") == ["g.png 9..<14"])
        #expect(urls("a{b:url(h.png") == ["h.png 8..<13"])
        #expect(urls("@import 'i.css") == ["i.css 9..<14"])
    }
}
