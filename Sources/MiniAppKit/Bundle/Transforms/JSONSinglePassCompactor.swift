/// The compact form of a JSON file written in one pass over its bytes: no tree, no `String`
/// per value, nothing kept but the keys of the objects still open.
///
/// A data file that no rule reads (`assets/data/*.json`, files shipped by `include:`) only
/// needs to be valid and compacted, and a parse with positions (a `JSONNode` per value, a
/// `String` per string), a second parse of the output and a comparison of the two trees cost
/// most of a pack of such an app. This pass accepts exactly what `JSONParser` reads with no
/// issue and writes exactly what `JSONCompactTransform` writes from that parse. It gives up
/// (nil) on anything else: an issue of any kind (a byte order mark, a comment, a trailing
/// comma, a duplicate key, invalid UTF-8, nesting deeper than `Limits.jsonNesting`, a syntax
/// error) or a rewrite it cannot show to mean the same. The caller then parses with positions,
/// so a refusal gives the old result by construction; `JSONSinglePassCompactorTests` holds
/// the two to the same bytes.
///
/// The rewrite reads back as the same value, the property `JSONCompactTransform` checks by
/// parsing its output again, here by construction and one linear check: brackets, commas,
/// colons, numbers and literals are copied token for token, and every string whose rewrite
/// differs from its source is decoded again from both, scalar by scalar, which also checks
/// that the rewrite is a literal the parser reads with no issue.
package enum JSONSinglePassCompactor {
    package static func compact(_ bytes: [UInt8]) -> [UInt8]? {
        bytes.withUnsafeBufferPointer { buffer in
            var compactor = Compactor(source: bytes, input: buffer)
            compactor.output.reserveCapacity(bytes.count)
            guard compactor.document() else { return nil }
            return compactor.output
        }
    }

    private struct Compactor {
        /// The file, for the slices `JSONStringLiteral.writeMinimal` reads; `input` is the same
        /// bytes through a pointer, which spares the hot loops an array's retain and checks.
        let source: [UInt8]
        let input: UnsafeBufferPointer<UInt8>
        var index = 0
        var output: [UInt8] = []
        /// The keys of each open object, by depth, kept between objects so that an object
        /// allocates nothing once a sibling of its depth has been read.
        var keysByDepth: [[String]] = []
        /// An object's keys in a set once it has as many as `JSONParser` scans in order.
        var keySetsByDepth: [Set<String>] = []
        /// A key's decoded bytes, when it has escapes.
        var decoded: [UInt8] = []

        init(source: [UInt8], input: UnsafeBufferPointer<UInt8>) {
            self.source = source
            self.input = input
        }

        mutating func document() -> Bool {
            // A byte order mark is an issue, and so is any byte outside a string that is not ASCII.
            skipWhitespace()
            guard index < input.count, value(depth: 1) else { return false }
            skipWhitespace()
            return index == input.count
        }

        /// Recursion is bounded by `Limits.jsonNesting`, as in `JSONParser`.
        mutating func value(depth: Int) -> Bool {
            guard index < input.count else { return false }
            switch input[index] {
            case UInt8(ascii: "{"): return object(depth: depth)
            case UInt8(ascii: "["): return array(depth: depth)
            case UInt8(ascii: "\""):
                guard let literal = string() else { return false }
                return writeString(literal)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return number()
            case UInt8(ascii: "t"): return literal("true")
            case UInt8(ascii: "f"): return literal("false")
            case UInt8(ascii: "n"): return literal("null")
            default: return false
            }
        }

        /// Steps into the object or array whose `open` is at `index`, writing it: nil when it
        /// nests too deep, true when `close` follows at once (written too), else false.
        mutating func enter(_ open: UInt8, closedBy close: UInt8, depth: Int) -> Bool? {
            guard depth <= Limits.jsonNesting else { return nil }
            index += 1
            output.append(open)
            skipWhitespace()
            guard consume(close) else { return false }
            output.append(close)
            return true
        }

        mutating func object(depth: Int) -> Bool {
            guard let isEmpty = enter(UInt8(ascii: "{"), closedBy: UInt8(ascii: "}"), depth: depth) else { return false }
            if isEmpty { return true }
            while keysByDepth.count < depth {
                keysByDepth.append([])
                keySetsByDepth.append([])
            }
            keysByDepth[depth - 1].removeAll(keepingCapacity: true)
            keySetsByDepth[depth - 1].removeAll(keepingCapacity: true)
            var first = true
            while true {
                skipWhitespace()
                guard index < input.count, input[index] == UInt8(ascii: "\""), let keyLiteral = string() else { return false }
                // A duplicate is a key equal as a `String` to an earlier one, as `JSONParser`
                // compares them: decoded, lone surrogates as U+FFFD, canonically equivalent.
                guard addKey(keyLiteral, depth: depth) else { return false }
                if !first { output.append(UInt8(ascii: ",")) }
                first = false
                guard writeString(keyLiteral) else { return false }
                skipWhitespace()
                guard consume(UInt8(ascii: ":")) else { return false }
                output.append(UInt8(ascii: ":"))
                skipWhitespace()
                guard value(depth: depth + 1) else { return false }
                skipWhitespace()
                if consume(UInt8(ascii: "}")) { break }
                guard consume(UInt8(ascii: ",")) else { return false }
                skipWhitespace()
                // A trailing comma.
                if index < input.count, input[index] == UInt8(ascii: "}") { return false }
            }
            output.append(UInt8(ascii: "}"))
            return true
        }

        mutating func array(depth: Int) -> Bool {
            guard let isEmpty = enter(UInt8(ascii: "["), closedBy: UInt8(ascii: "]"), depth: depth) else { return false }
            if isEmpty { return true }
            while true {
                skipWhitespace()
                guard value(depth: depth + 1) else { return false }
                skipWhitespace()
                if consume(UInt8(ascii: "]")) { break }
                guard consume(UInt8(ascii: ",")) else { return false }
                output.append(UInt8(ascii: ","))
                skipWhitespace()
                // A trailing comma.
                if index < input.count, input[index] == UInt8(ascii: "]") { return false }
            }
            output.append(UInt8(ascii: "]"))
            return true
        }

        /// Records an object's key; false when an earlier key of the object is the same.
        mutating func addKey(_ literal: StringLiteral, depth: Int) -> Bool {
            let key = decodedKey(literal)
            let slot = depth - 1
            if keysByDepth[slot].count < JSONParser.keysScannedInOrder {
                if keysByDepth[slot].contains(key) { return false }
                keysByDepth[slot].append(key)
                if keysByDepth[slot].count == JSONParser.keysScannedInOrder {
                    keySetsByDepth[slot].formUnion(keysByDepth[slot])
                }
                return true
            }
            return keySetsByDepth[slot].insert(key).inserted
        }

        /// The key as `JSONParser` decodes it.
        mutating func decodedKey(_ literal: StringLiteral) -> String {
            let body = UnsafeBufferPointer(rebasing: input[(literal.range.lowerBound + 1)..<(literal.range.upperBound - 1)])
            guard literal.hasEscape else { return String(decoding: body, as: UTF8.self) }
            decoded.removeAll(keepingCapacity: true)
            var position = 0
            while let scalar = StringLiteralScalars.next(in: body, at: &position) {
                decoded.append(contentsOf: String(scalar).utf8)
            }
            return String(decoding: decoded, as: UTF8.self)
        }

        // MARK: - Tokens

        struct StringLiteral {
            /// The literal's source, quotes included.
            var range: Range<Int>
            var hasEscape: Bool
        }

        /// Reads a string literal the way `JSONParser` accepts one: escapes it knows with four
        /// hexadecimal digits after `\u`, no control character, well-formed UTF-8.
        mutating func string() -> StringLiteral? {
            let start = index
            index += 1
            var hasEscape = false
            while index < input.count {
                let byte = input[index]
                if byte == UInt8(ascii: "\"") {
                    index += 1
                    return StringLiteral(range: start..<index, hasEscape: hasEscape)
                } else if byte == UInt8(ascii: "\\") {
                    hasEscape = true
                    guard let length = StringLiteralScalars.escapeLength(in: input, at: index) else { return nil }
                    index += length
                } else if byte < 0x20 {
                    return nil
                } else if byte < 0x80 {
                    index += 1
                } else {
                    guard let length = UTF8Scalar.decode(input, at: index)?.length else { return nil }
                    index += length
                }
            }
            return nil
        }

        /// Writes a string or key as `JSONCompactTransform` does. A literal without escapes is
        /// what `JSONStringLiteral.writeMinimal` writes unchanged, so it is copied whole.
        mutating func writeString(_ literal: StringLiteral) -> Bool {
            let source = UnsafeBufferPointer(rebasing: input[literal.range])
            guard literal.hasEscape else {
                output.append(contentsOf: source)
                return true
            }
            let start = output.count
            JSONStringLiteral.writeMinimal(self.source[literal.range], into: &output)
            let written = output.count - start
            if written == source.count, output[start...].elementsEqual(source) { return true }
            // The rewrite must read back as the same characters, or the file is left to the
            // parse, whose own check decides.
            return output.withUnsafeBufferPointer { all in
                StringLiteralScalars.sameCharacters(source, UnsafeBufferPointer(rebasing: all[start...]))
            }
        }

        /// A number as `JSONParser` reads one (no leading zero, digits after a point and in an
        /// exponent, no letter, digit, `_` or `.` after it), copied as written.
        mutating func number() -> Bool {
            let start = index
            _ = consume(UInt8(ascii: "-"))
            guard index < input.count, isDigit(input[index]) else { return false }
            if input[index] == UInt8(ascii: "0") {
                index += 1
                if index < input.count, isDigit(input[index]) { return false }
            } else {
                skipDigits()
            }
            if consume(UInt8(ascii: ".")) {
                guard index < input.count, isDigit(input[index]) else { return false }
                skipDigits()
            }
            if index < input.count, input[index] | 0x20 == UInt8(ascii: "e") {
                index += 1
                if index < input.count, input[index] == UInt8(ascii: "+") || input[index] == UInt8(ascii: "-") { index += 1 }
                guard index < input.count, isDigit(input[index]) else { return false }
                skipDigits()
            }
            guard index == input.count || !isIdentifierByte(input[index]) else { return false }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: input[start..<index]))
            return true
        }

        mutating func literal(_ word: StaticString) -> Bool {
            let start = index
            let end = start + word.utf8CodeUnitCount
            guard end <= input.count else { return false }
            for offset in 0..<word.utf8CodeUnitCount where input[start + offset] != word.utf8Start[offset] { return false }
            guard end == input.count || !isIdentifierByte(input[end]) else { return false }
            index = end
            output.append(contentsOf: UnsafeBufferPointer(rebasing: input[start..<end]))
            return true
        }

        // MARK: - Helpers

        /// JSON's four whitespace bytes; a `/` (a comment, or a syntax error) ends it, and the
        /// token that follows then fails.
        mutating func skipWhitespace() {
            while index < input.count {
                switch input[index] {
                case 0x20, 0x09, 0x0A, 0x0D: index += 1
                default: return
                }
            }
        }

        mutating func skipDigits() {
            while index < input.count, isDigit(input[index]) { index += 1 }
        }

        mutating func consume(_ byte: UInt8) -> Bool {
            guard index < input.count, input[index] == byte else { return false }
            index += 1
            return true
        }

        func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

        /// What `JSONParser` refuses right after a number or a literal.
        func isIdentifierByte(_ byte: UInt8) -> Bool {
            isDigit(byte) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".")
        }
    }
}

/// The characters of a string literal's body (between its quotes) as `JSONParser` decodes
/// them: a `\u` high surrogate joins the `\u` low surrogate right after it, and any other
/// surrogate is U+FFFD.
enum StringLiteralScalars {
    /// The length of the escape at `index` (a backslash), or nil when `JSONParser` refuses it.
    /// A `\u` surrogate is checked on its own: whether or not it pairs with the next escape,
    /// each needs four hexadecimal digits.
    static func escapeLength(in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
        guard index + 1 < bytes.count else { return nil }
        switch bytes[index + 1] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"), UInt8(ascii: "n"),
            UInt8(ascii: "r"), UInt8(ascii: "t"):
            return 2
        case UInt8(ascii: "u"):
            return hex4(bytes, at: index + 2) == nil ? nil : 6
        default:
            return nil
        }
    }

    /// The next character of `body` from `position`, which moves past it; nil at the end of
    /// the body, and at anything `JSONParser` would not read inside a string (where `position`
    /// stays short of the end, which is how `sameCharacters` tells the two apart).
    static func next(in body: UnsafeBufferPointer<UInt8>, at position: inout Int) -> Unicode.Scalar? {
        guard position < body.count else { return nil }
        let byte = body[position]
        switch byte {
        case UInt8(ascii: "\""), 0x00..<0x20:
            return nil
        case UInt8(ascii: "\\"):
            guard position + 1 < body.count else { return nil }
            let escaped: UInt8
            switch body[position + 1] {
            case UInt8(ascii: "\""): escaped = UInt8(ascii: "\"")
            case UInt8(ascii: "\\"): escaped = UInt8(ascii: "\\")
            case UInt8(ascii: "/"): escaped = UInt8(ascii: "/")
            case UInt8(ascii: "b"): escaped = 0x08
            case UInt8(ascii: "f"): escaped = 0x0C
            case UInt8(ascii: "n"): escaped = 0x0A
            case UInt8(ascii: "r"): escaped = 0x0D
            case UInt8(ascii: "t"): escaped = 0x09
            case UInt8(ascii: "u"):
                guard var value = hex4(body, at: position + 2) else { return nil }
                var after = position + 6
                if (0xD800...0xDBFF).contains(value), after + 1 < body.count, body[after] == UInt8(ascii: "\\"),
                    body[after + 1] == UInt8(ascii: "u")
                {
                    guard let low = hex4(body, at: after + 2) else { return nil }
                    if (0xDC00...0xDFFF).contains(low) {
                        value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
                        after += 6
                    }
                }
                position = after
                return Unicode.Scalar(value) ?? "\u{FFFD}"
            default:
                return nil
            }
            position += 2
            return Unicode.Scalar(escaped)
        case 0x20..<0x80:
            position += 1
            return Unicode.Scalar(byte)
        default:
            guard let decoded = UTF8Scalar.decode(body, at: position) else { return nil }
            position += decoded.length
            return Unicode.Scalar(decoded.value)
        }
    }

    /// Whether two string literals (quotes included) are ones `JSONParser` reads with no issue
    /// and decodes to the same characters: what `JSONValueComparison` asks of two strings.
    static func sameCharacters(_ first: UnsafeBufferPointer<UInt8>, _ second: UnsafeBufferPointer<UInt8>) -> Bool {
        guard first.count >= 2, second.count >= 2, first.first == UInt8(ascii: "\""), second.first == UInt8(ascii: "\""),
            first.last == UInt8(ascii: "\""), second.last == UInt8(ascii: "\"")
        else { return false }
        let firstBody = UnsafeBufferPointer(rebasing: first[1..<(first.count - 1)])
        let secondBody = UnsafeBufferPointer(rebasing: second[1..<(second.count - 1)])
        var firstPosition = 0
        var secondPosition = 0
        while true {
            let firstScalar = next(in: firstBody, at: &firstPosition)
            let secondScalar = next(in: secondBody, at: &secondPosition)
            guard firstScalar == secondScalar else { return false }
            if firstScalar == nil {
                return firstPosition == firstBody.count && secondPosition == secondBody.count
            }
        }
    }

    private static func hex4(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> UInt32? {
        guard index + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for byte in bytes[index..<(index + 4)] {
            let digit: UInt32
            switch byte {
            case 0x30...0x39: digit = UInt32(byte - 0x30)
            case 0x41...0x46: digit = UInt32(byte - 0x41 + 10)
            case 0x61...0x66: digit = UInt32(byte - 0x61 + 10)
            default: return nil
            }
            value = value * 16 + digit
        }
        return value
    }
}
