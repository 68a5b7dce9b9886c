/// The one strict UTF-8 decoder: every reader that asks "is this well-formed UTF-8?" asks it
/// here, so that the JSON parser, the template parser, the script lexer, the engine bridge,
/// the CSS tokenizer and the packer agree on what a file's characters are.
///
/// Well-formed is Unicode's Table 3-7: no overlong forms, no surrogates (U+D800–U+DFFF),
/// nothing above U+10FFFF, no truncated sequence.
enum UTF8Scalar {
    /// The scalar starting at `offset` and its length in bytes, or nil when the bytes there
    /// are not well-formed UTF-8 (overlong forms, surrogates and truncated sequences included).
    static func decode(_ bytes: [UInt8], at offset: Int) -> (value: UInt32, length: Int)? {
        decode(in: bytes, at: offset)
    }

    /// The same over memory that is not an array (the single-pass JSON compactor reads a
    /// buffer, where copying each sequence into an array cost an allocation a character).
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> (value: UInt32, length: Int)? {
        decode(in: bytes, at: offset)
    }

    @inline(__always)
    private static func decode<Bytes: RandomAccessCollection>(
        in bytes: Bytes, at offset: Int
    ) -> (value: UInt32, length: Int)? where Bytes.Element == UInt8, Bytes.Index == Int {
        let lead = bytes[offset]
        if lead < 0x80 { return (UInt32(lead), 1) }
        let length: Int
        var value: UInt32
        var secondRange: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0xC2...0xDF: length = 2; value = UInt32(lead & 0x1F)
        case 0xE0: length = 3; value = 0; secondRange = 0xA0...0xBF
        case 0xED: length = 3; value = UInt32(lead & 0x0F); secondRange = 0x80...0x9F
        case 0xE1...0xEF: length = 3; value = UInt32(lead & 0x0F)
        case 0xF0: length = 4; value = 0; secondRange = 0x90...0xBF
        case 0xF1...0xF3: length = 4; value = UInt32(lead & 0x07)
        case 0xF4: length = 4; value = 4; secondRange = 0x80...0x8F
        default: return nil
        }
        guard offset + length <= bytes.count else { return nil }
        for index in 1..<length {
            let byte = bytes[offset + index]
            let allowed = index == 1 ? secondRange : 0x80...0xBF
            guard allowed.contains(byte) else { return nil }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        return (value, length)
    }

    /// The length of the well-formed sequence at `offset`, or nil when there is none.
    static func length(_ bytes: [UInt8], at offset: Int) -> Int? {
        decode(bytes, at: offset)?.length
    }

    /// Whether all of `bytes` is well-formed UTF-8.
    static func isWellFormed(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            if bytes[offset] < 0x80 {
                offset += 1
            } else if let length = length(bytes, at: offset) {
                offset += length
            } else {
                return false
            }
        }
        return true
    }

    /// Appends `scalar` to `units` as UTF-16.
    static func appendUTF16(_ scalar: UInt32, to units: inout [UInt16]) {
        if scalar < 0x10000 {
            units.append(UInt16(scalar))
        } else {
            let shifted = scalar - 0x10000
            units.append(UInt16(0xD800 + (shifted >> 10)))
            units.append(UInt16(0xDC00 + (shifted & 0x3FF)))
        }
    }
}
