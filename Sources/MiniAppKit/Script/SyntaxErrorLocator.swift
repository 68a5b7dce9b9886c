/// Finds where a syntax error is. JavaScriptCore reports a parse error's line but not its
/// column, so the column comes from asking the parser about prefixes of the script: the
/// offending token is the first one on that line such that the script cut right after it
/// already fails with an error other than "the script ended too soon". Before that token
/// every prefix is a valid start of a program; from it on, the parser stops at the same place.
/// A binary search over the line's tokens keeps this to a few parses.
///
/// When no token on the line fits (an error the parser reports late), the first token of the
/// line is taken; a line without tokens gives its start. Each probe parses the script up to
/// the token, so on a very long line (a minified bundle) the search stops after
/// `probeBudget` UTF-16 units parsed in all and settles for the nearest token known to fail:
/// it may then lie after the real one, on the same line.
struct SyntaxErrorLocator {
    /// About a second of parsing on the machines this was measured on.
    static let probeBudget = 24_000_000

    let text: EngineSourceText
    let tokens: [JavaScriptToken]
    /// The message of the syntax error in a UTF-16 prefix of the script, nil when it parses.
    let syntaxErrorMessage: (ArraySlice<UInt16>) -> String?

    func locate(message: String, line: Int) -> Range<Int> {
        if Self.isEndOfInput(message) {
            return text.bytes.count..<text.bytes.count
        }
        let starts = text.lineStarts()
        guard let lineRange = text.lineRange(line, lineStarts: starts) else {
            return text.bytes.count..<text.bytes.count
        }
        let lineStart = starts[line - 1]
        let nextLineStart = line < starts.count ? starts[line] : text.bytes.count + 1
        let first = tokens.firstIndex(atOrAfter: lineStart)
        var last = first
        while last < tokens.count, tokens[last].range.lowerBound < nextLineStart { last += 1 }
        guard first < last else { return lineRange.lowerBound..<lineRange.lowerBound }

        // The prefix before the line is converted once; each probe adds the line's part.
        let before = text.utf16(0..<lineStart)
        var budget = Self.probeBudget
        func failsAfter(_ tokenIndex: Int) -> Bool {
            let end = tokens[tokenIndex].range.upperBound
            let prefix = before + text.utf16(lineStart..<end)
            budget -= prefix.count
            guard let message = syntaxErrorMessage(prefix[...]) else { return false }
            return !Self.isEndOfInput(message)
        }
        var low = first
        var high = last - 1
        guard failsAfter(high) else { return tokens[first].range }
        while low < high, budget > 0 {
            let middle = (low + high) / 2
            if failsAfter(middle) { high = middle } else { low = middle + 1 }
        }
        return tokens[high].range
    }

    /// JavaScriptCore's words for a script that ends in the middle of a construct.
    static func isEndOfInput(_ message: String) -> Bool {
        message.contains("Unexpected end of script") || message.contains("Unexpected EOF")
            || message.contains("Unterminated")
    }
}
