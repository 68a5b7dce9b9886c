/// Rewrites the source text of a JSON string literal (quotes included) with the fewest
/// escapes, working on the literal's bytes rather than on the decoded `String`.
///
/// Working on the source keeps what a decoded Swift string cannot hold: a lone surrogate
/// escape such as `\uD800` stays exactly as written, where decoding would turn it into U+FFFD.
/// The literal must come from a file that `JSONParser` read without issues.
enum JSONStringLiteral {
    static func writeMinimal(_ literal: ArraySlice<UInt8>, into output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        var index = literal.startIndex + 1
        let end = literal.endIndex - 1
        while index < end {
            let byte = literal[index]
            guard byte == UInt8(ascii: "\\") else {
                output.append(byte)
                index += 1
                continue
            }
            let escaped = literal[index + 1]
            switch escaped {
            case UInt8(ascii: "/"):
                output.append(UInt8(ascii: "/"))
                index += 2
            case UInt8(ascii: "u"):
                index = writeUnicodeEscape(in: literal, at: index, end: end, into: &output)
            default:
                // `\"`, `\\`, `\b`, `\f`, `\n`, `\r`, `\t` are already as short as they get.
                output.append(byte)
                output.append(escaped)
                index += 2
            }
        }
        output.append(UInt8(ascii: "\""))
    }

    /// Writes the `\uXXXX` escape (or surrogate pair) at `index`; returns the index after it.
    private static func writeUnicodeEscape(
        in literal: ArraySlice<UInt8>, at index: Int, end: Int, into output: inout [UInt8]
    ) -> Int {
        let first = hexValue(literal, at: index + 2)
        var scalarValue = first
        var after = index + 6
        if (0xD800...0xDBFF).contains(first), after + 6 <= end,
            literal[after] == UInt8(ascii: "\\"), literal[after + 1] == UInt8(ascii: "u")
        {
            let low = hexValue(literal, at: after + 2)
            if (0xDC00...0xDFFF).contains(low) {
                scalarValue = 0x10000 + ((first - 0xD800) << 10) + (low - 0xDC00)
                after += 6
            }
        }
        guard let scalar = Unicode.Scalar(scalarValue) else {
            // A lone surrogate: no character to write, so the escape stays as it was.
            output.append(contentsOf: literal[index..<after])
            return after
        }
        switch scalar {
        case "\"": output.append(contentsOf: Array(#"\""#.utf8))
        case "\\": output.append(contentsOf: Array(#"\\"#.utf8))
        case "\u{08}": output.append(contentsOf: Array(#"\b"#.utf8))
        case "\u{0C}": output.append(contentsOf: Array(#"\f"#.utf8))
        case "\n": output.append(contentsOf: Array(#"\n"#.utf8))
        case "\r": output.append(contentsOf: Array(#"\r"#.utf8))
        case "\t": output.append(contentsOf: Array(#"\t"#.utf8))
        case _ where scalar.value < 0x20:
            // Other control characters have no short escape and may not appear raw.
            output.append(contentsOf: literal[index..<after])
        case "\u{2028}", "\u{2029}":
            // Valid raw in JSON, but a line terminator in JavaScript before ES2019: a runtime
            // that evaluates the file as a script literal would fail on it.
            output.append(contentsOf: literal[index..<after])
        default:
            output.append(contentsOf: Array(String(scalar).utf8))
        }
        return after
    }

    private static func hexValue(_ literal: ArraySlice<UInt8>, at index: Int) -> UInt32 {
        var value: UInt32 = 0
        for byte in literal[index..<(index + 4)] {
            let digit: UInt32 =
                switch byte {
                case 0x30...0x39: UInt32(byte - 0x30)
                case 0x41...0x46: UInt32(byte - 0x41 + 10)
                default: UInt32(byte - 0x61 + 10)
                }
            value = value * 16 + digit
        }
        return value
    }
}
