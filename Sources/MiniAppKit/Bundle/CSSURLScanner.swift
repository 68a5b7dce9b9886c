/// Finds the `url(...)` values and `@import "..."` targets of a stylesheet from the tokens of
/// `CSSTokenizer`, the tokenizer the minifier uses: a `url(` inside a comment, a string or a
/// longer name (`myurl(`) is not a reference, and neither is a bad URL (`url(a b)`), which a
/// browser drops.
///
/// A value is the text as written between the quotes or the parentheses, escapes and all,
/// with the whitespace around an unquoted address left out. A string broken by a line break
/// still names what its author meant, up to the break.
package enum CSSURLScanner {
    package struct URL: Sendable, Hashable {
        package var value: String
        /// Offsets of the value in the file.
        package var range: Range<Int>
    }

    package static func urls(in bytes: [UInt8]) -> [URL] {
        let tokens = CSSTokenizer.tokenize(bytes).filter { $0.kind != .whitespace && $0.kind != .comment }
        var result: [URL] = []
        for (index, token) in tokens.enumerated() {
            let range: Range<Int>?
            switch token.kind {
            case .url:
                range = unquotedValue(of: token.range, in: bytes)
            case .function where lowercased(bytes[token.range]) == "url(",
                .atKeyword where lowercased(bytes[token.range]) == "@import":
                let next = tokens.indices.contains(index + 1) ? tokens[index + 1] : nil
                range = next.flatMap { [.string, .badString].contains($0.kind) ? quotedValue(of: $0.range, in: bytes) : nil }
            default:
                range = nil
            }
            if let range { result.append(URL(value: String(decoding: bytes[range], as: UTF8.self), range: range)) }
        }
        return result
    }

    /// A string token without its quotes; a string cut by a line break or the end of the file
    /// has no closing one.
    private static func quotedValue(of token: Range<Int>, in bytes: [UInt8]) -> Range<Int> {
        let start = token.lowerBound + 1
        let end = endsWithTerminator(token, bytes[token.lowerBound], in: bytes) ? token.upperBound - 1 : token.upperBound
        return start..<max(start, end)
    }

    /// A url token's address: after `url(` and whitespace, before whitespace and `)`.
    private static func unquotedValue(of token: Range<Int>, in bytes: [UInt8]) -> Range<Int> {
        var start = token.lowerBound + 4
        var end = endsWithTerminator(token, UInt8(ascii: ")"), in: bytes) ? token.upperBound - 1 : token.upperBound
        while start < end, CSSTokenizer.isWhitespace(bytes[start]) { start += 1 }
        while end > start, CSSTokenizer.isWhitespace(bytes[end - 1]) { end -= 1 }
        return start..<end
    }

    /// Whether `token` ends with an unescaped `terminator` past its first byte: one preceded
    /// by an even run of backslashes.
    private static func endsWithTerminator(_ token: Range<Int>, _ terminator: UInt8, in bytes: [UInt8]) -> Bool {
        guard token.count >= 2, bytes[token.upperBound - 1] == terminator else { return false }
        var backslashes = 0
        while token.upperBound - 2 - backslashes > token.lowerBound, bytes[token.upperBound - 2 - backslashes] == UInt8(ascii: "\\") {
            backslashes += 1
        }
        return backslashes.isMultiple(of: 2)
    }

    private static func lowercased(_ bytes: ArraySlice<UInt8>) -> String {
        String(decoding: bytes.map(\.asciiLowercased), as: UTF8.self)
    }
}
