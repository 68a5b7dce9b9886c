/// Decodes the character references in an attribute value the way a browser does for the
/// references page templates use: `&amp;` `&lt;` `&gt;` `&quot;` `&apos;` `&nbsp;` and numeric
/// ones (`&#39;`, `&#x27;`). Other named references are rare in attribute values and stay as
/// written, so a rule may still see `&hellip;` literally.
enum CharacterReferenceDecoder {
    private static let namedReferences: [String: Unicode.Scalar] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}",
    ]
    private static let longestName = 4

    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        let slice = bytes[range]
        guard slice.contains(UInt8(ascii: "&")) else { return String(decoding: slice, as: UTF8.self) }
        var output: [UInt8] = []
        output.reserveCapacity(range.count)
        var position = range.lowerBound
        while position < range.upperBound {
            let current = bytes[position]
            if current == UInt8(ascii: "&"), let (scalar, length) = reference(in: bytes, at: position, end: range.upperBound) {
                output.append(contentsOf: String(Character(scalar)).utf8)
                position += length
            } else {
                output.append(current)
                position += 1
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The scalar a reference starting at `start` (an `&`) stands for, and its length in bytes.
    private static func reference(in bytes: UnsafeBufferPointer<UInt8>, at start: Int, end: Int) -> (Unicode.Scalar, Int)? {
        var position = start + 1
        guard position < end else { return nil }
        if bytes[position] == UInt8(ascii: "#") {
            position += 1
            let isHexadecimal = position < end && (bytes[position] | 0x20) == UInt8(ascii: "x")
            if isHexadecimal { position += 1 }
            let digitsStart = position
            var value: UInt32 = 0
            while position < end, let digit = digitValue(bytes[position], hexadecimal: isHexadecimal) {
                // Saturate: anything past U+10FFFF is replaced anyway.
                value = min(value * (isHexadecimal ? 16 : 10) + digit, 0x110000)
                position += 1
            }
            guard position > digitsStart else { return nil }
            // The semicolon is optional for numeric references, as in browsers.
            if position < end, bytes[position] == UInt8(ascii: ";") { position += 1 }
            let scalar = (value == 0 ? nil : Unicode.Scalar(value)) ?? "\u{FFFD}"
            return (scalar, position - start)
        }
        var name = ""
        while position < end, position - start <= longestName + 1, bytes[position] != UInt8(ascii: ";") {
            name.unicodeScalars.append(Unicode.Scalar(bytes[position]))
            position += 1
        }
        guard position < end, bytes[position] == UInt8(ascii: ";"), let scalar = namedReferences[name] else { return nil }
        return (scalar, position + 1 - start)
    }

    private static func digitValue(_ byte: UInt8, hexadecimal: Bool) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f") where hexadecimal: return UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F") where hexadecimal: return UInt32(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }
}
