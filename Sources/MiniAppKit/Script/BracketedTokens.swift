/// Tokens with their brackets paired, so that readers can step over a whole `( … )`,
/// `[ … ]` or `{ … }` in one move. Pairing uses a stack, never recursion; a closer that does
/// not match the innermost opener stays unpaired, and so does its opener.
struct BracketedTokens {
    let tokens: [JavaScriptToken]
    /// For each bracket, the index of its partner; nil for unpaired brackets and other tokens.
    private let partners: [Int?]

    init(tokens: [JavaScriptToken]) {
        self.tokens = tokens
        var partners = [Int?](repeating: nil, count: tokens.count)
        var open: [Int] = []
        for (index, token) in tokens.enumerated() where token.kind == .punctuator {
            switch token.text {
            case "(", "[", "{":
                open.append(index)
            case ")", "]", "}":
                let opener = token.text == ")" ? "(" : token.text == "]" ? "[" : "{"
                if let last = open.last, tokens[last].text == opener {
                    open.removeLast()
                    partners[last] = index
                    partners[index] = last
                }
            default:
                break
            }
        }
        self.partners = partners
    }

    var count: Int { tokens.count }

    subscript(index: Int) -> JavaScriptToken? {
        index >= 0 && index < tokens.count ? tokens[index] : nil
    }

    func isPunctuator(_ index: Int, _ text: String) -> Bool {
        self[index]?.isPunctuator(text) ?? false
    }

    func isPunctuator(_ index: Int, in texts: Set<String>) -> Bool {
        guard let token = self[index], token.kind == .punctuator else { return false }
        return texts.contains(token.text)
    }

    func isIdentifier(_ index: Int) -> Bool {
        self[index]?.kind == .identifier
    }

    func partner(of index: Int) -> Int? {
        index >= 0 && index < partners.count ? partners[index] : nil
    }

    /// The index of the first `,` at this bracket level from `start`, or `end`: the end of one
    /// element of a list (arguments, object members) that ends before `end`.
    func endOfListElement(from start: Int, before end: Int) -> Int {
        var index = start
        while index < end {
            if isPunctuator(index, ",") { return index }
            if let partner = partner(of: index), partner > index {
                index = partner + 1
            } else {
                index += 1
            }
        }
        return end
    }

    /// The byte range covered by the tokens `indices`; empty at the next token's start when
    /// there are none.
    func byteRange(_ indices: Range<Int>) -> Range<Int> {
        guard let first = self[indices.lowerBound], !indices.isEmpty else {
            let offset = self[indices.lowerBound]?.range.lowerBound ?? tokens.last?.range.upperBound ?? 0
            return offset..<offset
        }
        return first.range.lowerBound..<tokens[indices.upperBound - 1].range.upperBound
    }
}
