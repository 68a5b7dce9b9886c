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
    static func tokenize(_ text: String) -> Result<[AlpineToken], AlpineExpressionParser.Failure> {
        let scalars = Array(text.unicodeScalars)
        // Offsets are UTF-8 byte offsets, as everywhere in mactl.
        var byteOffsets: [Int] = []
        byteOffsets.reserveCapacity(scalars.count + 1)
        var offset = 0
        for scalar in scalars {
            byteOffsets.append(offset)
            offset += String(scalar).utf8.count
        }
        byteOffsets.append(offset)

        var tokens: [AlpineToken] = []
        var index = 0
        func fail(_ message: String, _ start: Int, _ end: Int) -> Result<[AlpineToken], AlpineExpressionParser.Failure> {
            .failure(AlpineExpressionParser.Failure(message: message, range: byteOffsets[start]..<byteOffsets[min(end, scalars.count)]))
        }
        func append(_ kind: AlpineToken.Kind, _ start: Int, _ end: Int) {
            let tokenText = String(String.UnicodeScalarView(scalars[start..<end]))
            tokens.append(AlpineToken(kind: kind, text: tokenText, range: byteOffsets[start]..<byteOffsets[end]))
        }
        func at(_ position: Int) -> Unicode.Scalar? { position < scalars.count ? scalars[position] : nil }
        func followedBy(_ string: String) -> Bool {
            for (offset, scalar) in string.unicodeScalars.enumerated() where at(index + offset) != scalar { return false }
            return true
        }

        while index < scalars.count {
            let scalar = scalars[index]
            if scalar.properties.isWhitespace { index += 1; continue }
            let start = index
            if isDigit(scalar) {
                var seenDecimal = false
                while let next = at(index), isDigit(next) || (next == "." && !seenDecimal) {
                    if next == "." { seenDecimal = true }
                    index += 1
                }
                if let next = at(index), next == "e" || next == "E" || isIdentifierPart(next) {
                    return fail("this number form is not supported by the Alpine CSP build; write plain digits", start, index + 1)
                }
                append(.number, start, index)
            } else if isIdentifierStart(scalar) {
                while let next = at(index), isIdentifierPart(next) { index += 1 }
                let word = String(String.UnicodeScalarView(scalars[start..<index]))
                switch word {
                case "true", "false", "null", "undefined": append(.literalKeyword, start, index)
                case "new", "typeof", "void", "delete", "in", "instanceof": append(.unsupportedKeyword, start, index)
                default: append(.identifier, start, index)
                }
            } else if scalar == "\"" || scalar == "'" {
                index += 1
                var value = ""
                var closed = false
                while let next = at(index) {
                    if next == "\\" {
                        guard let escaped = at(index + 1) else { break }
                        switch escaped {
                        case "n": value += "\n"
                        case "t": value += "\t"
                        case "r": value += "\r"
                        default: value.unicodeScalars.append(escaped)
                        }
                        index += 2
                    } else if next == scalar {
                        index += 1
                        closed = true
                        break
                    } else {
                        value.unicodeScalars.append(next)
                        index += 1
                    }
                }
                guard closed else { return fail("unterminated string", start, scalars.count) }
                append(.string(value), start, index)
            } else if scalar == "`" {
                return fail("template literals are not supported by the Alpine CSP build; use '+' or a page handler", start, start + 1)
            } else if followedBy("//") {
                while let next = at(index), next != "\n" { index += 1 }  // the CSP tokenizer skips line comments
            } else if followedBy("=>") {
                return fail("arrow functions are not supported by the Alpine CSP build; name a page handler instead", start, start + 2)
            } else if followedBy("?.") && !(at(index + 2).map(isDigit) ?? false) {
                return fail("optional chaining '?.' is not supported by the Alpine CSP build", start, start + 2)
            } else if followedBy("??") {
                return fail("'??' is not supported by the Alpine CSP build; use '||' or a page handler", start, start + 2)
            } else if followedBy("...") {
                return fail("spread '...' is not supported by the Alpine CSP build", start, start + 3)
            } else if followedBy("**") {
                return fail("'**' is not supported by the Alpine CSP build", start, start + 2)
            } else if let compound = ["+=", "-=", "*=", "/=", "%=", "&&=", "||=", "??="].first(where: followedBy) {
                return fail("compound assignment '\(compound)' is not supported by the Alpine CSP build", start, start + compound.unicodeScalars.count)
            } else if followedBy("<<") || followedBy(">>") || ("&|^~".unicodeScalars.contains(scalar) && !followedBy("&&") && !followedBy("||")) {
                return fail("bitwise operators are not supported by the Alpine CSP build", start, start + 1)
            } else if let text = ["===", "!==", "==", "!=", "<=", ">=", "&&", "||", "++", "--"].first(where: followedBy) {
                index += text.unicodeScalars.count
                append(.operator, start, index)
            } else if "()[]{},.;:?".unicodeScalars.contains(scalar) {
                index += 1
                append(.punctuation, start, index)
            } else if "=!<>+-*/%".unicodeScalars.contains(scalar) {
                index += 1
                append(.operator, start, index)
            } else {
                return fail("unexpected character '\(scalar)'", start, start + 1)
            }
        }
        tokens.append(AlpineToken(kind: .end, text: "end of expression", range: offset..<offset))
        return .success(tokens)
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }

    private static func isIdentifierStart(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || scalar == "_" || scalar == "$"
    }

    private static func isIdentifierPart(_ scalar: Unicode.Scalar) -> Bool { isIdentifierStart(scalar) || isDigit(scalar) }
}
