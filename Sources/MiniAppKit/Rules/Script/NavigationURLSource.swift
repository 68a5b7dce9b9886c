/// How a navigation `url` is written in the source, for fix-its that edit it.
struct NavigationURLSource {
    let target: NavigationTarget

    private var bytes: [UInt8] { target.script.file.bytes }

    /// The quote the url's expression starts with (`'`, `"` or `` ` ``), when its first
    /// operand is a literal.
    var quote: UInt8? {
        guard target.range.lowerBound < bytes.count else { return nil }
        let first = bytes[target.range.lowerBound]
        return [UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: "`")].contains(first) ? first : nil
    }

    /// Whether the source after the opening quote is `text` exactly (no escapes in it).
    func isWrittenPlain(_ text: String) -> Bool {
        let start = target.range.lowerBound + 1
        let expected = Array(text.utf8)
        guard start + expected.count <= target.range.upperBound else { return false }
        return Array(bytes[start..<start + expected.count]) == expected
    }

    /// The source from `offset` bytes into the literal's text to the end of the expression.
    func rest(afterTextBytes offset: Int) -> String {
        String(decoding: bytes[(target.range.lowerBound + 1 + offset)..<target.range.upperBound], as: UTF8.self)
    }

    /// `text` as a literal in the url's quote, if it needs no escaping.
    func literal(_ text: String) -> String? {
        guard let quote, !text.utf8.contains(quote), !text.contains("\\"), !text.contains("${"), !text.contains("\n") else { return nil }
        let mark = String(UnicodeScalar(quote))
        return mark + text + mark
    }

    /// The url as messages show it: `'pages/d/d?id=' + …` when only its start is written.
    var shown: String {
        target.isWhole ? "'\(target.url)'" : "'\(target.url)…'"
    }
}
