/// Splits a style sheet into tokens following CSS Syntax Level 3 §4 ("Tokenization"), on
/// UTF-8 bytes: every code point at or above U+0080 is a name code point, which is all the
/// tokenizer needs to know about non-ASCII text.
///
/// The tokens cover the input exactly, end to end, so a minifier can copy the ones it keeps
/// byte for byte. Line breaks are the preprocessed ones: LF, CR, CR LF and FF.
struct CSSTokenizer {
    private let bytes: [UInt8]
    private var index = 0

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    static func tokenize(_ bytes: [UInt8]) -> [CSSToken] {
        var tokenizer = CSSTokenizer(bytes: bytes)
        var tokens: [CSSToken] = []
        while tokenizer.index < bytes.count {
            let start = tokenizer.index
            let kind = tokenizer.consumeToken()
            tokens.append(CSSToken(kind: kind, range: start..<tokenizer.index))
        }
        return tokens
    }

    /// The tokens that carry meaning: no whitespace, no comments.
    static func significantTokens(of bytes: [UInt8]) -> [(kind: CSSToken.Kind, text: ArraySlice<UInt8>)] {
        tokenize(bytes).filter { $0.kind != .whitespace && $0.kind != .comment }.map { ($0.kind, bytes[$0.range]) }
    }

    // MARK: - Tokens

    private mutating func consumeToken() -> CSSToken.Kind {
        let byte = bytes[index]
        switch byte {
        case .slash where peek(1) == .asterisk:
            index += 2
            while index < bytes.count, !(bytes[index] == .asterisk && peek(1) == .slash) { index += 1 }
            index = min(index + 2, bytes.count)
            return .comment
        case _ where Self.isWhitespace(byte):
            while index < bytes.count, Self.isWhitespace(bytes[index]) { index += 1 }
            return .whitespace
        case .doubleQuote, .singleQuote:
            return consumeString(quote: byte)
        case .numberSign:
            index += 1
            if let next = peek(0), Self.isNameCodePoint(next) || isValidEscape(at: index) {
                consumeName()
                return .hash
            }
            return .delimiter
        case .openParenthesisByte: index += 1; return .openParenthesis
        case .closeParenthesisByte: index += 1; return .closeParenthesis
        case .openBracketByte: index += 1; return .openBracket
        case .closeBracketByte: index += 1; return .closeBracket
        case .openBraceByte: index += 1; return .openBrace
        case .closeBraceByte: index += 1; return .closeBrace
        case .commaByte: index += 1; return .comma
        case .colonByte: index += 1; return .colon
        case .semicolonByte: index += 1; return .semicolon
        case .plus, .fullStop:
            if startsNumber(at: index) { return consumeNumeric() }
            index += 1
            return .delimiter
        case .hyphen:
            if startsNumber(at: index) { return consumeNumeric() }
            if peek(1) == .hyphen, peek(2) == .greaterThan {
                index += 3
                return .commentDelimiterClose
            }
            if startsIdentifier(at: index) { return consumeIdentLike() }
            index += 1
            return .delimiter
        case .lessThan:
            if peek(1) == .exclamationMark, peek(2) == .hyphen, peek(3) == .hyphen {
                index += 4
                return .commentDelimiterOpen
            }
            index += 1
            return .delimiter
        case .atSign:
            index += 1
            if startsIdentifier(at: index) {
                consumeName()
                return .atKeyword
            }
            return .delimiter
        case .backslash:
            if isValidEscape(at: index) { return consumeIdentLike() }
            index += 1
            return .delimiter
        case _ where Self.isDigit(byte):
            return consumeNumeric()
        case _ where Self.isNameStartCodePoint(byte):
            return consumeIdentLike()
        default:
            index += 1
            return .delimiter
        }
    }

    private mutating func consumeString(quote: UInt8) -> CSSToken.Kind {
        index += 1
        while index < bytes.count {
            let byte = bytes[index]
            if byte == quote {
                index += 1
                return .string
            }
            if Self.isNewline(byte) {
                // The line break is not part of the bad string; it is whitespace after it.
                return .badString
            }
            if byte == .backslash {
                if index + 1 >= bytes.count {
                    index += 1
                } else if Self.isNewline(bytes[index + 1]) {
                    index += 2
                    if bytes[index - 1] == .carriageReturn, peek(0) == .lineFeed { index += 1 }
                } else {
                    index += 1
                    consumeEscape()
                }
                continue
            }
            index += 1
        }
        return .string
    }

    private mutating func consumeNumeric() -> CSSToken.Kind {
        if let sign = peek(0), sign == .plus || sign == .hyphen { index += 1 }
        while let byte = peek(0), Self.isDigit(byte) { index += 1 }
        if peek(0) == .fullStop, let next = peek(1), Self.isDigit(next) {
            index += 1
            while let byte = peek(0), Self.isDigit(byte) { index += 1 }
        }
        if let marker = peek(0), marker == UInt8(ascii: "e") || marker == UInt8(ascii: "E") {
            // An exponent only when digits follow: `1em` is a dimension, not 1 × 10^m.
            var digitsStart: Int?
            if let next = peek(1), Self.isDigit(next) {
                digitsStart = index + 1
            } else if let sign = peek(1), sign == .plus || sign == .hyphen, let digit = peek(2), Self.isDigit(digit) {
                digitsStart = index + 2
            }
            if let digitsStart {
                index = digitsStart
                while let byte = peek(0), Self.isDigit(byte) { index += 1 }
            }
        }
        if startsIdentifier(at: index) {
            consumeName()
            return .dimension
        }
        if peek(0) == .percent {
            index += 1
            return .percentage
        }
        return .number
    }

    private mutating func consumeIdentLike() -> CSSToken.Kind {
        let start = index
        consumeName()
        guard peek(0) == .openParenthesisByte else { return .ident }
        let name = bytes[start..<index]
        index += 1
        guard name.count == 3, name.map(\.asciiLowercased).elementsEqual(Array("url".utf8)) else { return .function }
        // `url(` followed, after any whitespace, by a quote is a function holding a string;
        // otherwise the address is raw text up to `)`.
        var lookahead = index
        while lookahead < bytes.count, Self.isWhitespace(bytes[lookahead]) { lookahead += 1 }
        if lookahead < bytes.count, bytes[lookahead] == .doubleQuote || bytes[lookahead] == .singleQuote {
            return .function
        }
        return consumeURL()
    }

    private mutating func consumeURL() -> CSSToken.Kind {
        while let byte = peek(0), Self.isWhitespace(byte) { index += 1 }
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case .closeParenthesisByte:
                index += 1
                return .url
            case _ where Self.isWhitespace(byte):
                while let next = peek(0), Self.isWhitespace(next) { index += 1 }
                if peek(0) == nil { return .url }
                if peek(0) == .closeParenthesisByte {
                    index += 1
                    return .url
                }
                consumeBadURLRemnants()
                return .badURL
            case .doubleQuote, .singleQuote, .openParenthesisByte:
                consumeBadURLRemnants()
                return .badURL
            case _ where Self.isNonPrintable(byte):
                consumeBadURLRemnants()
                return .badURL
            case .backslash:
                if isValidEscape(at: index) {
                    index += 1
                    consumeEscape()
                } else {
                    consumeBadURLRemnants()
                    return .badURL
                }
            default:
                index += 1
            }
        }
        return .url
    }

    private mutating func consumeBadURLRemnants() {
        while index < bytes.count {
            if bytes[index] == .closeParenthesisByte {
                index += 1
                return
            }
            if isValidEscape(at: index) {
                index += 1
                consumeEscape()
            } else {
                index += 1
            }
        }
    }

    private mutating func consumeName() {
        while index < bytes.count {
            if Self.isNameCodePoint(bytes[index]) {
                index += 1
            } else if isValidEscape(at: index) {
                index += 1
                consumeEscape()
            } else {
                return
            }
        }
    }

    /// After the backslash: up to six hex digits and one whitespace, or one code point.
    private mutating func consumeEscape() {
        guard index < bytes.count else { return }
        if Self.isHexDigit(bytes[index]) {
            var digits = 0
            while digits < 6, let byte = peek(0), Self.isHexDigit(byte) {
                index += 1
                digits += 1
            }
            if let byte = peek(0), Self.isWhitespace(byte) {
                index += 1
                if byte == .carriageReturn, peek(0) == .lineFeed { index += 1 }
            }
            return
        }
        index += UTF8Scalar.length(bytes, at: index) ?? 1
    }

    // MARK: - Checks (§4.3.8 – §4.3.10)

    private func isValidEscape(at position: Int) -> Bool {
        guard position + 1 < bytes.count, bytes[position] == .backslash else { return false }
        return !Self.isNewline(bytes[position + 1])
    }

    private func startsIdentifier(at position: Int) -> Bool {
        guard position < bytes.count else { return false }
        let first = bytes[position]
        if first == .hyphen {
            guard position + 1 < bytes.count else { return false }
            let second = bytes[position + 1]
            return Self.isNameStartCodePoint(second) || second == .hyphen || isValidEscape(at: position + 1)
        }
        if Self.isNameStartCodePoint(first) { return true }
        return isValidEscape(at: position)
    }

    private func startsNumber(at position: Int) -> Bool {
        func byte(_ offset: Int) -> UInt8? { position + offset < bytes.count ? bytes[position + offset] : nil }
        guard let first = byte(0) else { return false }
        if first == .plus || first == .hyphen {
            if let second = byte(1), Self.isDigit(second) { return true }
            if byte(1) == .fullStop, let third = byte(2), Self.isDigit(third) { return true }
            return false
        }
        if first == .fullStop { return byte(1).map(Self.isDigit) ?? false }
        return Self.isDigit(first)
    }

    private func peek(_ offset: Int) -> UInt8? {
        index + offset < bytes.count ? bytes[index + offset] : nil
    }

    // MARK: - Code points

    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == .space || byte == .tab || isNewline(byte)
    }

    static func isNewline(_ byte: UInt8) -> Bool {
        byte == .lineFeed || byte == .carriageReturn || byte == .formFeed
    }

    static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }

    static func isHexDigit(_ byte: UInt8) -> Bool {
        isDigit(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte)
    }

    static func isNameStartCodePoint(_ byte: UInt8) -> Bool {
        (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || byte == .underscore || byte >= 0x80
    }

    static func isNameCodePoint(_ byte: UInt8) -> Bool {
        isNameStartCodePoint(byte) || isDigit(byte) || byte == .hyphen
    }

    static func isNonPrintable(_ byte: UInt8) -> Bool {
        byte <= 0x08 || byte == 0x0B || (0x0E...0x1F).contains(byte) || byte == 0x7F
    }
}

private extension UInt8 {
    static let space = UInt8(ascii: " ")
    static let tab = UInt8(ascii: "\t")
    static let lineFeed = UInt8(ascii: "\n")
    static let carriageReturn = UInt8(ascii: "\r")
    static let formFeed: UInt8 = 0x0C
    static let slash = UInt8(ascii: "/")
    static let asterisk = UInt8(ascii: "*")
    static let backslash = UInt8(ascii: "\\")
    static let doubleQuote = UInt8(ascii: "\"")
    static let singleQuote = UInt8(ascii: "'")
    static let numberSign = UInt8(ascii: "#")
    static let openParenthesisByte = UInt8(ascii: "(")
    static let closeParenthesisByte = UInt8(ascii: ")")
    static let openBracketByte = UInt8(ascii: "[")
    static let closeBracketByte = UInt8(ascii: "]")
    static let openBraceByte = UInt8(ascii: "{")
    static let closeBraceByte = UInt8(ascii: "}")
    static let commaByte = UInt8(ascii: ",")
    static let colonByte = UInt8(ascii: ":")
    static let semicolonByte = UInt8(ascii: ";")
    static let plus = UInt8(ascii: "+")
    static let hyphen = UInt8(ascii: "-")
    static let fullStop = UInt8(ascii: ".")
    static let lessThan = UInt8(ascii: "<")
    static let greaterThan = UInt8(ascii: ">")
    static let exclamationMark = UInt8(ascii: "!")
    static let atSign = UInt8(ascii: "@")
    static let percent = UInt8(ascii: "%")
    static let underscore = UInt8(ascii: "_")
}
