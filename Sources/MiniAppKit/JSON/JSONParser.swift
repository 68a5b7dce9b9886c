/// A strict RFC 8259 parser that keeps byte ranges and reports problems instead of throwing.
///
/// Foundation's `JSONSerialization` gives no positions, so manifest and locale diagnostics
/// could not point at a key. This parser recovers from the mistakes authors make most
/// (trailing commas, comments, a BOM, duplicate keys, invalid UTF-8) so that one slip does not
/// hide every later finding; anything else stops the parse with one syntax issue.
public struct JSONParser {

    private let bytes: [UInt8]
    private var index = 0
    private var issues: [JSONIssue] = []

    private struct Abort: Error {}

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    public static func parse(_ file: SourceFile) -> JSONDocument {
        var parser = JSONParser(bytes: file.bytes)
        let root = parser.parseDocument()
        return JSONDocument(file: file, root: root, issues: parser.issues)
    }

    private mutating func parseDocument() -> JSONNode? {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            issues.append(
                JSONIssue(
                    kind: .byteOrderMark,
                    message: "file starts with a UTF-8 byte order mark, which JSON parsers such as 'JSON.parse' reject",
                    range: 0..<3))
            index = 3
        }
        reportInvalidUTF8()
        do {
            skipWhitespace()
            guard index < bytes.count else {
                issues.append(JSONIssue(kind: .syntax, message: "file is empty; expected a JSON value", range: index..<index))
                return nil
            }
            let root = try parseValue(depth: 1)
            skipWhitespace()
            if index < bytes.count {
                fail("unexpected \(describeCurrent()) after the JSON value")
                return nil
            }
            return root
        } catch {
            return nil
        }
    }

    /// One issue per file: the first bad sequence, and how many there are in all.
    private mutating func reportInvalidUTF8() {
        if let invalid = InvalidUTF8.scan(bytes, from: index) {
            issues.append(
                JSONIssue(
                    kind: .invalidUTF8(count: invalid.count), message: "\(invalid.description); JSON text must be UTF-8",
                    range: invalid.range))
        }
    }

    // MARK: - Values

    private mutating func parseValue(depth: Int) throws -> JSONNode {
        guard index < bytes.count else { throw fail("unexpected end of file; expected a value") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject(depth: depth)
        case UInt8(ascii: "["): return try parseArray(depth: depth)
        case UInt8(ascii: "\""):
            let start = index
            let string = try parseString()
            return JSONNode(.string(string), range: start..<index)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        case UInt8(ascii: "t"): return try parseLiteral("true", .bool(true))
        case UInt8(ascii: "f"): return try parseLiteral("false", .bool(false))
        case UInt8(ascii: "n"): return try parseLiteral("null", .null)
        case UInt8(ascii: "'"): throw fail("strings must use double quotes, not single quotes")
        default: throw fail("unexpected \(describeCurrent()); expected a value")
        }
    }

    private mutating func enterContainer(depth: Int) throws {
        if depth > Limits.jsonNesting {
            issues.append(
                JSONIssue(
                    kind: .tooDeep,
                    message: "nesting is deeper than \(Limits.jsonNesting) levels",
                    range: index..<(index + 1)))
            throw Abort()
        }
    }

    /// How many keys an object may have before its earlier keys are looked up in a table.
    static let keysScannedInOrder = 12

    private mutating func parseObject(depth: Int) throws -> JSONNode {
        try enterContainer(depth: depth)
        let start = index
        index += 1
        var members: [JSONMember] = []
        // Earlier keys are found by a scan of the members while an object is small (most are:
        // a record, an options object), and through a table once it is not (a locale file):
        // a table for every small object cost a third of the parse.
        var firstKeyRanges: [String: Range<Int>]?
        skipWhitespace()
        if consume(UInt8(ascii: "}")) { return JSONNode(.object([]), range: start..<index) }
        while true {
            skipWhitespace()
            guard index < bytes.count else { throw fail("unexpected end of file; expected '}' to close the object") }
            guard bytes[index] == UInt8(ascii: "\"") else {
                if bytes[index] == UInt8(ascii: "'") { throw fail("keys must use double quotes, not single quotes") }
                throw fail("unexpected \(describeCurrent()); expected a key in double quotes")
            }
            let keyStart = index
            let key = try parseString()
            let keyRange = keyStart..<index
            skipWhitespace()
            guard consume(UInt8(ascii: ":")) else { throw fail("expected ':' after the key '\(key)'") }
            skipWhitespace()
            let value = try parseValue(depth: depth + 1)
            let first = firstKeyRanges.map { $0[key] } ?? members.first { $0.key == key }?.keyRange
            if let first {
                issues.append(
                    JSONIssue(
                        kind: .duplicateKey(firstKeyRange: first),
                        message: "duplicate key '\(key)'; the last value wins and the earlier one is lost",
                        range: keyRange))
            } else {
                firstKeyRanges?[key] = keyRange
            }
            members.append(JSONMember(key: key, keyRange: keyRange, value: value))
            if firstKeyRanges == nil, members.count == Self.keysScannedInOrder {
                firstKeyRanges = Dictionary(members.map { ($0.key, $0.keyRange) }) { first, _ in first }
            }
            skipWhitespace()
            if consume(UInt8(ascii: "}")) { break }
            let commaStart = index
            guard consume(UInt8(ascii: ",")) else {
                throw fail("unexpected \(describeCurrent()); expected ',' or '}' after the value of '\(key)'")
            }
            skipWhitespace()
            if consume(UInt8(ascii: "}")) {
                reportTrailingComma(at: commaStart)
                break
            }
        }
        return JSONNode(.object(members), range: start..<index)
    }

    private mutating func parseArray(depth: Int) throws -> JSONNode {
        try enterContainer(depth: depth)
        let start = index
        index += 1
        var elements: [JSONNode] = []
        skipWhitespace()
        if consume(UInt8(ascii: "]")) { return JSONNode(.array([]), range: start..<index) }
        while true {
            skipWhitespace()
            elements.append(try parseValue(depth: depth + 1))
            skipWhitespace()
            if consume(UInt8(ascii: "]")) { break }
            let commaStart = index
            guard index < bytes.count else { throw fail("unexpected end of file; expected ']' to close the array") }
            guard consume(UInt8(ascii: ",")) else {
                throw fail("unexpected \(describeCurrent()); expected ',' or ']' in the array")
            }
            skipWhitespace()
            if consume(UInt8(ascii: "]")) {
                reportTrailingComma(at: commaStart)
                break
            }
        }
        return JSONNode(.array(elements), range: start..<index)
    }

    private mutating func reportTrailingComma(at offset: Int) {
        issues.append(
            JSONIssue(
                kind: .trailingComma,
                message: "trailing comma; JSON does not allow a comma before a closing bracket",
                range: offset..<(offset + 1)))
    }

    private mutating func parseLiteral(_ word: String, _ value: JSONValue) throws -> JSONNode {
        let start = index
        for byte in word.utf8 {
            guard index < bytes.count, bytes[index] == byte else {
                index = start
                throw fail("unexpected \(describeCurrent()); expected a value")
            }
            index += 1
        }
        if index < bytes.count, Self.isIdentifierByte(bytes[index]) {
            index = start
            throw fail("unexpected \(describeCurrent()); expected a value")
        }
        return JSONNode(value, range: start..<index)
    }

    private mutating func parseNumber() throws -> JSONNode {
        let start = index
        _ = consume(UInt8(ascii: "-"))
        guard index < bytes.count, Self.isDigit(bytes[index]) else { throw fail("expected a digit in the number") }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, Self.isDigit(bytes[index]) {
                throw fail("numbers must not have leading zeros")
            }
        } else {
            while index < bytes.count, Self.isDigit(bytes[index]) { index += 1 }
        }
        if consume(UInt8(ascii: ".")) {
            guard index < bytes.count, Self.isDigit(bytes[index]) else { throw fail("expected a digit after the decimal point") }
            while index < bytes.count, Self.isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < bytes.count, Self.isDigit(bytes[index]) else { throw fail("expected a digit in the exponent") }
            while index < bytes.count, Self.isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, Self.isIdentifierByte(bytes[index]) {
            throw fail("unexpected \(describeCurrent()) in the number")
        }
        return JSONNode(.number(String(decoding: bytes[start..<index], as: UTF8.self)), range: start..<index)
    }

    private mutating func parseString() throws -> String {
        let start = index
        index += 1
        var buffer: [UInt8] = []
        while true {
            guard index < bytes.count else {
                index = start
                throw fail("unterminated string")
            }
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return String(decoding: buffer, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try parseEscape(into: &buffer)
            case 0x0A, 0x0D:
                index = start
                throw fail("unterminated string: a line break must be written '\\n' inside a string")
            case 0x00..<0x20:
                throw fail("control character U+\(hex4(UInt32(byte))) must be escaped inside a string")
            default:
                buffer.append(byte)
                index += 1
            }
        }
    }

    private mutating func parseEscape(into buffer: inout [UInt8]) throws {
        let escapeStart = index
        index += 1
        guard index < bytes.count else { throw fail("unterminated string") }
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "\""): buffer.append(UInt8(ascii: "\""))
        case UInt8(ascii: "\\"): buffer.append(UInt8(ascii: "\\"))
        case UInt8(ascii: "/"): buffer.append(UInt8(ascii: "/"))
        case UInt8(ascii: "b"): buffer.append(0x08)
        case UInt8(ascii: "f"): buffer.append(0x0C)
        case UInt8(ascii: "n"): buffer.append(0x0A)
        case UInt8(ascii: "r"): buffer.append(0x0D)
        case UInt8(ascii: "t"): buffer.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try parseHex4(escapeStart: escapeStart)
            if (0xD800...0xDBFF).contains(scalar),
                index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
            {
                let lowStart = index
                index += 2
                let low = try parseHex4(escapeStart: lowStart)
                if (0xDC00...0xDFFF).contains(low) {
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                } else {
                    index = lowStart
                }
            }
            // A lone surrogate cannot be represented in a Swift string; it becomes U+FFFD,
            // as it does in most runtimes' UTF-8 conversions.
            let character = Unicode.Scalar(scalar) ?? "\u{FFFD}"
            buffer.append(contentsOf: Array(String(character).utf8))
        default:
            index = escapeStart
            throw fail("invalid escape sequence '\\\(Self.printable(byte))' in a string")
        }
    }

    private mutating func parseHex4(escapeStart: Int) throws -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard index < bytes.count, let digit = Self.hexValue(bytes[index]) else {
                index = escapeStart
                throw fail("'\\u' must be followed by four hexadecimal digits")
            }
            value = value * 16 + digit
            index += 1
        }
        return value
    }

    // MARK: - Whitespace and comments

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D:
                index += 1
            case UInt8(ascii: "/") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "/"):
                let start = index
                while index < bytes.count, bytes[index] != 0x0A { index += 1 }
                reportComment(start..<index)
            case UInt8(ascii: "/") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "*"):
                let start = index
                index += 2
                while index + 1 < bytes.count, !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/")) {
                    index += 1
                }
                index = min(index + 2, bytes.count)
                reportComment(start..<index)
            default:
                return
            }
        }
    }

    private mutating func reportComment(_ range: Range<Int>) {
        issues.append(JSONIssue(kind: .comment, message: "comments are not allowed in JSON", range: range))
    }

    // MARK: - Helpers

    private mutating func consume(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    @discardableResult
    private mutating func fail(_ message: String) -> Abort {
        let end = min(index + 1, bytes.count)
        issues.append(JSONIssue(kind: .syntax, message: message, range: index..<max(index, end)))
        return Abort()
    }

    private func describeCurrent() -> String {
        guard index < bytes.count else { return "end of file" }
        let byte = bytes[index]
        if byte >= 0x80 {
            if let length = UTF8Scalar.length(bytes, at: index) {
                return "character '\(String(decoding: bytes[index..<(index + length)], as: UTF8.self))'"
            }
            return "byte 0x\(String(byte, radix: 16, uppercase: true))"
        }
        if byte < 0x20 || byte == 0x7F { return "control character U+\(hex4(UInt32(byte)))" }
        return "character '\(Self.printable(byte))'"
    }

    private func hex4(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    private static func printable(_ byte: UInt8) -> String {
        byte >= 0x20 && byte < 0x7F ? String(UnicodeScalar(byte)) : "\\u{\(String(byte, radix: 16))}"
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    private static func isIdentifierByte(_ byte: UInt8) -> Bool {
        isDigit(byte) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".")
    }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case 0x30...0x39: UInt32(byte - 0x30)
        case 0x41...0x46: UInt32(byte - 0x41 + 10)
        case 0x61...0x66: UInt32(byte - 0x61 + 10)
        default: nil
        }
    }
}
