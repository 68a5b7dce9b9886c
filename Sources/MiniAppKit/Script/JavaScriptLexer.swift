/// Splits a logic-layer script into tokens with byte ranges, for the checks that need names
/// and literals with positions (`ScriptFacts`) rather than the values the engine computes.
///
/// It is a lexer, not a parser: it knows enough grammar to tell a regular expression from a
/// division (by the previous significant token, as editors do) and to follow `${ … }` inside
/// template literals to any depth. Any bytes are accepted; every step consumes at least one
/// byte, so it always ends, and nesting is tracked with an explicit stack, never recursion.
public struct JavaScriptLexer {
    /// What an open `{` was opened by, so that its `}` resumes a template when it closes a
    /// substitution.
    private enum BraceOpener {
        case block
        case templateSubstitution
    }

    private let bytes: [UInt8]
    private var index = 0
    private var tokens: [JavaScriptToken] = []
    private var comments: [Range<Int>] = []
    private var issues: [JavaScriptLexerIssue] = []
    private var braces: [BraceOpener] = []
    private var sawLineBreak = false

    public static func lex(_ bytes: [UInt8]) -> LexedScript {
        var lexer = JavaScriptLexer(bytes: bytes)
        lexer.run()
        return LexedScript(tokens: lexer.tokens, comments: lexer.comments, issues: lexer.issues)
    }

    public static func lex(_ file: SourceFile) -> LexedScript { lex(file.bytes) }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    // MARK: - Main loop

    private mutating func run() {
        if bytes.starts(with: [UInt8(ascii: "#"), UInt8(ascii: "!")]) {
            skipLineComment()
        }
        while index < bytes.count {
            let current = bytes[index]
            switch current {
            case 0x20, 0x09, 0x0B, 0x0C:
                index += 1
            case 0x0A, 0x0D:
                sawLineBreak = true
                index += 1
            case UInt8(ascii: "/"):
                lexSlash()
            case UInt8(ascii: "'"), UInt8(ascii: "\""):
                lexString(quote: current)
            case UInt8(ascii: "`"):
                lexTemplatePiece(start: index, bodyStart: index + 1, opensWithBacktick: true)
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                lexNumber()
            case UInt8(ascii: ".") where isDigit(at: index + 1):
                lexNumber()
            case UInt8(ascii: "#"):
                lexPrivateName()
            case UInt8(ascii: "{"):
                braces.append(.block)
                append(.punctuator, index..<index + 1)
            case UInt8(ascii: "}"):
                if braces.popLast() == .templateSubstitution {
                    lexTemplatePiece(start: index, bodyStart: index + 1, opensWithBacktick: false)
                } else {
                    append(.punctuator, index..<index + 1)
                }
            case UInt8(ascii: "\\"):
                if byte(at: index + 1) == UInt8(ascii: "u") {
                    lexIdentifier()
                } else {
                    lexInvalidCharacter(length: 1)
                }
            case 0x80...:
                lexNonASCII()
            default:
                if isIdentifierStart(current) {
                    lexIdentifier()
                } else if let length = punctuatorLength(at: index) {
                    append(.punctuator, index..<index + length)
                } else {
                    lexInvalidCharacter(length: 1)
                }
            }
        }
        if braces.contains(.templateSubstitution) {
            let start = tokens.last(where: { $0.kind == .template(.head) || $0.kind == .template(.middle) })?.range.lowerBound ?? 0
            issues.append(
                JavaScriptLexerIssue(
                    kind: .unterminatedTemplate, message: "unterminated template literal", range: start..<bytes.count))
        }
    }

    private mutating func append(_ kind: JavaScriptToken.Kind, _ range: Range<Int>, text: String? = nil) {
        let tokenText = text ?? String(decoding: bytes[range], as: UTF8.self)
        tokens.append(JavaScriptToken(kind: kind, range: range, text: tokenText, followsLineBreak: sawLineBreak))
        sawLineBreak = false
        index = range.upperBound
    }

    // MARK: - Characters

    private func byte(at offset: Int) -> UInt8? {
        offset < bytes.count ? bytes[offset] : nil
    }

    private func isDigit(at offset: Int) -> Bool {
        guard let byte = byte(at: offset) else { return false }
        return byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private func isIdentifierStart(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || byte == UInt8(ascii: "$") || byte == UInt8(ascii: "_")
    }

    private func isIdentifierPart(_ byte: UInt8) -> Bool {
        isIdentifierStart(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }

    /// White space and line terminators outside ASCII (NBSP, BOM, the U+2000 spaces, U+2028/9).
    private static func isNonASCIISpace(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000, 0xFEFF: return true
        default: return false
        }
    }

    private static func isLineTerminator(_ scalar: UInt32) -> Bool {
        scalar == 0x0A || scalar == 0x0D || scalar == 0x2028 || scalar == 0x2029
    }

    /// The length of a line terminator starting at `offset`, or nil.
    private func lineTerminatorLength(at offset: Int) -> Int? {
        guard let byte = byte(at: offset) else { return nil }
        if byte == 0x0A { return 1 }
        if byte == 0x0D { return self.byte(at: offset + 1) == 0x0A ? 2 : 1 }
        if byte == 0xE2, self.byte(at: offset + 1) == 0x80, let third = self.byte(at: offset + 2), third == 0xA8 || third == 0xA9 {
            return 3
        }
        return nil
    }

    // MARK: - Trivia

    private mutating func lexSlash() {
        switch byte(at: index + 1) {
        case UInt8(ascii: "/"):
            skipLineComment()
        case UInt8(ascii: "*"):
            skipBlockComment()
        default:
            if regularExpressionAllowed() {
                lexRegularExpression()
            } else {
                append(.punctuator, index..<index + (byte(at: index + 1) == UInt8(ascii: "=") ? 2 : 1))
            }
        }
    }

    private mutating func skipLineComment() {
        let start = index
        while index < bytes.count, lineTerminatorLength(at: index) == nil {
            index += 1
        }
        comments.append(start..<index)
    }

    private mutating func skipBlockComment() {
        let start = index
        index += 2
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "*"), byte(at: index + 1) == UInt8(ascii: "/") {
                index += 2
                comments.append(start..<index)
                return
            }
            if let length = lineTerminatorLength(at: index) {
                sawLineBreak = true
                index += length
            } else {
                index += 1
            }
        }
        comments.append(start..<index)
        issues.append(
            JavaScriptLexerIssue(
                kind: .unterminatedBlockComment, message: "unterminated block comment", range: start..<index))
    }

    // MARK: - Names

    private mutating func lexIdentifier() {
        let start = index
        var end = index
        while end < bytes.count {
            let byte = bytes[end]
            if isIdentifierPart(byte) {
                end += 1
            } else if byte == UInt8(ascii: "\\"), self.byte(at: end + 1) == UInt8(ascii: "u") {
                end = endOfUnicodeEscape(from: end + 2)
            } else if byte >= 0x80, let scalar = UTF8Scalar.decode(bytes, at: end), !Self.isNonASCIISpace(scalar.value) {
                end += scalar.length
            } else {
                break
            }
        }
        append(.identifier, start..<end)
    }

    /// The end of the hex digits of a `\u` escape whose `u` ends just before `offset`.
    private func endOfUnicodeEscape(from offset: Int) -> Int {
        var end = offset
        if byte(at: end) == UInt8(ascii: "{") {
            end += 1
            while let byte = byte(at: end), byte.isHexDigit { end += 1 }
            if byte(at: end) == UInt8(ascii: "}") { end += 1 }
            return end
        }
        while end < offset + 4, let byte = byte(at: end), byte.isHexDigit { end += 1 }
        return end
    }

    private mutating func lexPrivateName() {
        if let next = byte(at: index + 1), isIdentifierStart(next) || next >= 0x80 {
            let start = index
            index += 1
            lexIdentifier()
            let name = tokens.removeLast()
            sawLineBreak = name.followsLineBreak
            append(.privateName, start..<name.range.upperBound)
        } else {
            lexInvalidCharacter(length: 1)
        }
    }

    private mutating func lexNonASCII() {
        guard let scalar = UTF8Scalar.decode(bytes, at: index) else {
            lexInvalidCharacter(length: 1)
            return
        }
        if Self.isNonASCIISpace(scalar.value) {
            if Self.isLineTerminator(scalar.value) { sawLineBreak = true }
            index += scalar.length
        } else {
            // Any other non-ASCII character is taken as part of a name: JavaScript allows most
            // letters, and the engine reports the few it does not.
            lexIdentifier()
        }
    }

    private mutating func lexInvalidCharacter(length: Int) {
        let range = index..<index + length
        issues.append(JavaScriptLexerIssue(kind: .invalidCharacter, message: "invalid character", range: range))
        append(.invalid, range)
    }

    // MARK: - Numbers

    private mutating func lexNumber() {
        let start = index
        var end = index
        if bytes[end] == UInt8(ascii: "0"), let prefix = byte(at: end + 1),
            [UInt8(ascii: "x"), UInt8(ascii: "X"), UInt8(ascii: "o"), UInt8(ascii: "O"), UInt8(ascii: "b"), UInt8(ascii: "B")].contains(
                prefix)
        {
            end += 2
            while let byte = byte(at: end), byte.isHexDigit || byte == UInt8(ascii: "_") { end += 1 }
        } else {
            while let byte = byte(at: end), byte.isDecimalDigit || byte == UInt8(ascii: "_") { end += 1 }
            if byte(at: end) == UInt8(ascii: ".") {
                end += 1
                while let byte = byte(at: end), byte.isDecimalDigit || byte == UInt8(ascii: "_") { end += 1 }
            }
            if let marker = byte(at: end), marker == UInt8(ascii: "e") || marker == UInt8(ascii: "E") {
                var exponentEnd = end + 1
                if let sign = byte(at: exponentEnd), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { exponentEnd += 1 }
                if isDigit(at: exponentEnd) {
                    end = exponentEnd
                    while let byte = byte(at: end), byte.isDecimalDigit || byte == UInt8(ascii: "_") { end += 1 }
                }
            }
        }
        if byte(at: end) == UInt8(ascii: "n") { end += 1 }
        append(.number, start..<end)
    }

    // MARK: - Strings and templates

    private mutating func lexString(quote: UInt8) {
        let start = index
        var cursor = index + 1
        var value: [UInt16] = []
        while true {
            // Most characters are plain ASCII: take them without the checks below.
            if cursor < bytes.count, bytes[cursor] >= 0x20, bytes[cursor] < 0x80, bytes[cursor] != quote,
                bytes[cursor] != UInt8(ascii: "\\")
            {
                value.append(UInt16(bytes[cursor]))
                cursor += 1
                continue
            }
            // A string ends unterminated at the end of the file or at a line break; U+2028 and
            // U+2029 are the line terminators a string may hold.
            guard cursor < bytes.count, lineTerminatorLength(at: cursor) == nil || bytes[cursor] == 0xE2 else {
                issues.append(
                    JavaScriptLexerIssue(
                        kind: .unterminatedString, message: "unterminated string literal", range: start..<cursor))
                break
            }
            let byte = bytes[cursor]
            if byte == quote {
                cursor += 1
                break
            }
            if byte == UInt8(ascii: "\\") {
                cursor = decodeEscape(at: cursor, into: &value)
            } else {
                cursor = decodeCharacter(at: cursor, into: &value)
            }
        }
        append(.string, start..<cursor, text: String(decoding: value, as: UTF16.self))
    }

    /// Lexes one piece of a template literal, from its opening `` ` `` or `}` to the `${` or
    /// `` ` `` that ends it.
    private mutating func lexTemplatePiece(start: Int, bodyStart: Int, opensWithBacktick: Bool) {
        var cursor = bodyStart
        var value: [UInt16] = []
        var opensSubstitution = false
        var terminated = false
        while cursor < bytes.count {
            let byte = bytes[cursor]
            if byte == UInt8(ascii: "`") {
                cursor += 1
                terminated = true
                break
            }
            if byte == UInt8(ascii: "$"), self.byte(at: cursor + 1) == UInt8(ascii: "{") {
                cursor += 2
                opensSubstitution = true
                terminated = true
                break
            }
            if byte == UInt8(ascii: "\\") {
                cursor = decodeEscape(at: cursor, into: &value)
            } else if let length = lineTerminatorLength(at: cursor), length == 2 {
                // A template's cooked value normalises CR LF to LF.
                value.append(0x0A)
                cursor += 2
            } else {
                cursor = decodeCharacter(at: cursor, into: &value)
            }
        }
        let part: JavaScriptToken.TemplatePart
        switch (opensWithBacktick, opensSubstitution) {
        case (true, false): part = .complete
        case (true, true): part = .head
        case (false, true): part = .middle
        case (false, false): part = .tail
        }
        if opensSubstitution { braces.append(.templateSubstitution) }
        if !terminated {
            issues.append(
                JavaScriptLexerIssue(
                    kind: .unterminatedTemplate, message: "unterminated template literal", range: start..<cursor))
        }
        append(.template(part), start..<cursor, text: String(decoding: value, as: UTF16.self))
    }

    /// Appends the character at `offset` (an invalid byte becomes U+FFFD) and returns the offset after it.
    private func decodeCharacter(at offset: Int, into value: inout [UInt16]) -> Int {
        if let scalar = UTF8Scalar.decode(bytes, at: offset) {
            UTF8Scalar.appendUTF16(scalar.value, to: &value)
            return offset + scalar.length
        }
        value.append(0xFFFD)
        return offset + 1
    }

    /// Decodes the escape sequence whose backslash is at `offset`; returns the offset after it.
    /// Malformed escapes keep their characters, as sloppy-mode engines do.
    private func decodeEscape(at offset: Int, into value: inout [UInt16]) -> Int {
        let next = offset + 1
        guard let escaped = byte(at: next) else { return next }
        if let length = lineTerminatorLength(at: next) { return next + length }  // line continuation
        switch escaped {
        case UInt8(ascii: "n"): value.append(0x0A)
        case UInt8(ascii: "t"): value.append(0x09)
        case UInt8(ascii: "r"): value.append(0x0D)
        case UInt8(ascii: "b"): value.append(0x08)
        case UInt8(ascii: "f"): value.append(0x0C)
        case UInt8(ascii: "v"): value.append(0x0B)
        case UInt8(ascii: "0") where !isDigit(at: next + 1): value.append(0)
        case UInt8(ascii: "x"):
            if let code = hexValue(next + 1..<next + 3) {
                value.append(UInt16(code))
                return next + 3
            }
            value.append(UInt16(escaped))
        case UInt8(ascii: "u"):
            if byte(at: next + 1) == UInt8(ascii: "{"), let close = bytes[(next + 2)...].prefix(8).firstIndex(of: UInt8(ascii: "}")),
                let code = hexValue(next + 2..<close), code <= 0x10FFFF
            {
                UTF8Scalar.appendUTF16(code, to: &value)
                return close + 1
            }
            if let code = hexValue(next + 1..<next + 5) {
                value.append(UInt16(code))
                return next + 5
            }
            value.append(UInt16(escaped))
        default:
            return decodeCharacter(at: next, into: &value)
        }
        return next + 1
    }

    private func hexValue(_ range: Range<Int>) -> UInt32? {
        guard !range.isEmpty, range.upperBound <= bytes.count else { return nil }
        var value: UInt32 = 0
        for offset in range {
            guard let digit = bytes[offset].hexDigitValue else { return nil }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    // MARK: - Regular expressions

    /// Whether a `/` here starts a regular expression rather than a division: it does where
    /// an expression may start, which the previous significant token tells.
    private func regularExpressionAllowed() -> Bool {
        guard let previous = tokens.last else { return true }
        switch previous.kind {
        case .number, .string, .regularExpression, .privateName, .template(.complete), .template(.tail):
            return false
        case .identifier:
            return Self.keywordsBeforeExpression.contains(previous.text)
        case .punctuator:
            return ![")", "]", "++", "--"].contains(previous.text)
        case .template(.head), .template(.middle), .invalid:
            return true
        }
    }

    private static let keywordsBeforeExpression: Set<String> = [
        "return", "typeof", "instanceof", "in", "new", "delete", "void", "throw", "case", "do", "else", "yield", "await", "extends",
    ]

    private mutating func lexRegularExpression() {
        let start = index
        var cursor = index + 1
        var inClass = false
        var terminated = false
        while cursor < bytes.count, lineTerminatorLength(at: cursor) == nil {
            let byte = bytes[cursor]
            if byte == UInt8(ascii: "\\") {
                cursor += lineTerminatorLength(at: cursor + 1) == nil ? 2 : 1
                continue
            }
            cursor += 1
            if byte == UInt8(ascii: "[") {
                inClass = true
            } else if byte == UInt8(ascii: "]") {
                inClass = false
            } else if byte == UInt8(ascii: "/"), !inClass {
                terminated = true
                break
            }
        }
        cursor = min(cursor, bytes.count)
        if terminated {
            while let byte = byte(at: cursor), isIdentifierPart(byte) { cursor += 1 }
        } else {
            issues.append(
                JavaScriptLexerIssue(
                    kind: .unterminatedRegularExpression, message: "unterminated regular expression literal", range: start..<cursor))
        }
        append(.regularExpression, start..<cursor)
    }

    // MARK: - Punctuators

    /// Longest first, so that `>>>=` wins over `>>>`, `>>` and `>`.
    private static let multiCharacterPunctuators: [[UInt8]] = [
        ">>>=", "...", "===", "!==", "**=", "<<=", ">>=", ">>>", "&&=", "||=", "??=",
        "=>", "==", "!=", "<=", ">=", "&&", "||", "??", "?.", "++", "--", "+=", "-=", "*=", "%=", "&=", "|=", "^=", "**", "<<", ">>",
    ].map { Array($0.utf8) }

    private static let multiCharacterPunctuatorsByFirstByte = Dictionary(grouping: multiCharacterPunctuators, by: { $0[0] })

    private static let singleCharacterPunctuators = Set("{}()[];,<>+-*/%&|^!~?:=.@".utf8)

    private func punctuatorLength(at offset: Int) -> Int? {
        for candidate in Self.multiCharacterPunctuatorsByFirstByte[bytes[offset]] ?? [] where bytes.hasBytes(candidate, at: offset) {
            // `a?.5:b` is a conditional, not optional chaining.
            if candidate.count == 2, candidate[0] == UInt8(ascii: "?"), candidate[1] == UInt8(ascii: "."), isDigit(at: offset + 2) {
                continue
            }
            return candidate.count
        }
        return Self.singleCharacterPunctuators.contains(bytes[offset]) ? 1 : nil
    }
}

extension UInt8 {
    fileprivate var isDecimalDigit: Bool { self >= UInt8(ascii: "0") && self <= UInt8(ascii: "9") }
    fileprivate var isHexDigit: Bool { hexDigitValue != nil }
    fileprivate var hexDigitValue: UInt8? {
        switch self {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return self - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return self - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return self - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
