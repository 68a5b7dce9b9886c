/// A token of a CSP-build expression.
struct AlpineToken: Sendable, Hashable {
    enum Kind: Sendable, Hashable {
        case number
        case string(String)
        case identifier
        /// true, false, null, undefined
        case literalKeyword
        /// new, typeof, void, delete, in, instanceof: tokenised by the CSP build, never parsed
        case unsupportedKeyword
        case `operator`
        case punctuation
        case end
    }

    var kind: Kind
    var text: String
    var range: Range<Int>
}

/// Splits an expression into tokens as the CSP build's tokenizer does, and names the
/// JavaScript syntax that build does not have, so the message says what to do instead.
enum AlpineTokenizer {
    /// Spellings the CSP build does not have, checked before the operators it does, each with
    /// what to say. Longest first where one is a prefix of another.
    private static let unsupported: [(spelling: [UInt8], message: String)] = [
        ("=>", "arrow functions are not supported by the Alpine CSP build; name a page handler instead"),
        ("??=", "compound assignment '??=' is not supported by the Alpine CSP build"),
        ("??", "'??' is not supported by the Alpine CSP build; use '||' or a page handler"),
        ("...", "spread '...' is not supported by the Alpine CSP build"),
        ("**", "'**' is not supported by the Alpine CSP build"),
        ("&&=", "compound assignment '&&=' is not supported by the Alpine CSP build"),
        ("||=", "compound assignment '||=' is not supported by the Alpine CSP build"),
        ("+=", "compound assignment '+=' is not supported by the Alpine CSP build"),
        ("-=", "compound assignment '-=' is not supported by the Alpine CSP build"),
        ("*=", "compound assignment '*=' is not supported by the Alpine CSP build"),
        ("/=", "compound assignment '/=' is not supported by the Alpine CSP build"),
        ("%=", "compound assignment '%=' is not supported by the Alpine CSP build"),
        ("<<", "bitwise operators are not supported by the Alpine CSP build"),
        (">>", "bitwise operators are not supported by the Alpine CSP build"),
    ].map { (Array($0.0.utf8), $0.1) }

    private static let operators: [[UInt8]] = ["===", "!==", "==", "!=", "<=", ">=", "&&", "||", "++", "--"].map { Array($0.utf8) }

    static func tokenize(_ text: String) -> Result<[AlpineToken], AlpineExpressionParser.Failure> {
        // Every token the CSP build knows is ASCII, so the tokenizer works on UTF-8 bytes and
        // offsets are byte offsets, as everywhere in mactl.
        let bytes = Array(text.utf8)
        var tokens: [AlpineToken] = []
        var index = 0
        func fail(_ message: String, _ start: Int, _ end: Int) -> Result<[AlpineToken], AlpineExpressionParser.Failure> {
            .failure(AlpineExpressionParser.Failure(message: message, range: start..<min(end, bytes.count)))
        }
        func append(_ kind: AlpineToken.Kind, _ start: Int, _ end: Int) {
            tokens.append(AlpineToken(kind: kind, text: String(decoding: bytes[start..<end], as: UTF8.self), range: start..<end))
        }
        func at(_ position: Int) -> UInt8? { position < bytes.count ? bytes[position] : nil }
        func followedBy(_ spelling: [UInt8]) -> Bool {
            guard index + spelling.count <= bytes.count else { return false }
            for offset in 0..<spelling.count where bytes[index + offset] != spelling[offset] { return false }
            return true
        }

        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x20 || (0x09...0x0D).contains(byte) { index += 1; continue }
            let start = index
            if isDigit(byte) {
                var seenDecimal = false
                while let next = at(index), isDigit(next) || (next == UInt8(ascii: ".") && !seenDecimal) {
                    if next == UInt8(ascii: ".") { seenDecimal = true }
                    index += 1
                }
                if let next = at(index), isIdentifierPart(next) {
                    return fail("this number form is not supported by the Alpine CSP build; write plain digits", start, index + 1)
                }
                append(.number, start, index)
            } else if isIdentifierStart(byte) {
                while let next = at(index), isIdentifierPart(next) { index += 1 }
                let word = String(decoding: bytes[start..<index], as: UTF8.self)
                switch word {
                case "true", "false", "null", "undefined": append(.literalKeyword, start, index)
                case "new", "typeof", "void", "delete", "in", "instanceof": append(.unsupportedKeyword, start, index)
                default: append(.identifier, start, index)
                }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                index += 1
                var value: [UInt8] = []
                var closed = false
                while let next = at(index) {
                    if next == UInt8(ascii: "\\") {
                        guard let escaped = at(index + 1) else { break }
                        switch escaped {
                        case UInt8(ascii: "n"): value.append(0x0A)
                        case UInt8(ascii: "t"): value.append(0x09)
                        case UInt8(ascii: "r"): value.append(0x0D)
                        default: value.append(escaped)
                        }
                        index += 2
                    } else if next == byte {
                        index += 1
                        closed = true
                        break
                    } else {
                        value.append(next)
                        index += 1
                    }
                }
                guard closed else { return fail("unterminated string", start, bytes.count) }
                append(.string(String(decoding: value, as: UTF8.self)), start, index)
            } else if byte == UInt8(ascii: "`") {
                return fail("template literals are not supported by the Alpine CSP build; use '+' or a page handler", start, start + 1)
            } else if byte == UInt8(ascii: "/") && at(index + 1) == UInt8(ascii: "/") {
                while let next = at(index), next != 0x0A { index += 1 }  // the CSP tokenizer skips line comments
            } else if byte == UInt8(ascii: "?") && at(index + 1) == UInt8(ascii: ".") && !(at(index + 2).map(isDigit) ?? false) {
                return fail("optional chaining '?.' is not supported by the Alpine CSP build", start, start + 2)
            } else if let match = unsupported.first(where: { followedBy($0.spelling) }) {
                return fail(match.message, start, start + match.spelling.count)
            } else if let spelling = operators.first(where: followedBy) {
                index += spelling.count
                append(.operator, start, index)
            } else if let kind = singleCharacterKind(byte) {
                index += 1
                append(kind, start, index)
            } else if byte == UInt8(ascii: "&") || byte == UInt8(ascii: "|") || byte == UInt8(ascii: "^") || byte == UInt8(ascii: "~") {
                return fail("bitwise operators are not supported by the Alpine CSP build", start, start + 1)
            } else {
                let length = UTF8Scalar.length(bytes, at: index) ?? 1
                let character = String(decoding: bytes[index..<min(bytes.count, index + length)], as: UTF8.self)
                return fail("unexpected character '\(character)'", start, start + length)
            }
        }
        tokens.append(AlpineToken(kind: .end, text: "end of expression", range: bytes.count..<bytes.count))
        return .success(tokens)
    }

    private static func singleCharacterKind(_ byte: UInt8) -> AlpineToken.Kind? {
        switch byte {
        case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"),
            UInt8(ascii: ","), UInt8(ascii: "."), UInt8(ascii: ";"), UInt8(ascii: ":"), UInt8(ascii: "?"):
            return .punctuation
        case UInt8(ascii: "="), UInt8(ascii: "!"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "+"), UInt8(ascii: "-"),
            UInt8(ascii: "*"), UInt8(ascii: "/"), UInt8(ascii: "%"):
            return .operator
        default:
            return nil
        }
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    private static func isIdentifierStart(_ byte: UInt8) -> Bool {
        (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$")
    }

    private static func isIdentifierPart(_ byte: UInt8) -> Bool { isIdentifierStart(byte) || isDigit(byte) }
}
