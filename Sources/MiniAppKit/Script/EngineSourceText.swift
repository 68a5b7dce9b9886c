/// A script as the engine reads it (UTF-16), and the way back from the engine's positions
/// (line, and column in UTF-16 units) to byte offsets in the file.
///
/// Lines are counted the way JavaScript counts them (LF, CR, CR LF, U+2028, U+2029), which
/// is not how `SourceFile` counts them (LF only): converting through byte offsets keeps a
/// CR-only file's positions right. Invalid UTF-8 becomes one U+FFFD per byte, both when the
/// text is built and when positions are mapped back, so the two agree.
struct EngineSourceText {
    let bytes: [UInt8]

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The UTF-16 text of `bytes[range]`.
    func utf16(_ range: Range<Int>) -> [UInt16] {
        var units: [UInt16] = []
        units.reserveCapacity(range.count)
        var offset = range.lowerBound
        while offset < range.upperBound {
            let byte = bytes[offset]
            if byte < 0x80 {
                units.append(UInt16(byte))
                offset += 1
            } else if let scalar = UTF8Scalar.decode(bytes, at: offset), offset + scalar.length <= range.upperBound {
                UTF8Scalar.appendUTF16(scalar.value, to: &units)
                offset += scalar.length
            } else {
                units.append(0xFFFD)
                offset += 1
            }
        }
        return units
    }

    var utf16: [UInt16] { utf16(0..<bytes.count) }

    /// Byte offset where each line starts, by JavaScript's line terminators.
    func lineStarts() -> [Int] {
        var starts = [0]
        var offset = 0
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte == 0x0A {
                offset += 1
                starts.append(offset)
            } else if byte == 0x0D {
                offset += offset + 1 < bytes.count && bytes[offset + 1] == 0x0A ? 2 : 1
                starts.append(offset)
            } else if byte == 0xE2, offset + 2 < bytes.count, bytes[offset + 1] == 0x80,
                bytes[offset + 2] == 0xA8 || bytes[offset + 2] == 0xA9
            {
                offset += 3
                starts.append(offset)
            } else {
                offset += 1
            }
        }
        return starts
    }

    /// The bytes of a 1-based line, without its terminator; nil past the last line.
    func lineRange(_ line: Int, lineStarts: [Int]) -> Range<Int>? {
        guard line >= 1, line <= lineStarts.count else { return nil }
        let start = lineStarts[line - 1]
        var end = line < lineStarts.count ? lineStarts[line] : bytes.count
        while end > start, bytes[end - 1] == 0x0A || bytes[end - 1] == 0x0D { end -= 1 }
        if end - start >= 3, bytes[end - 3] == 0xE2, bytes[end - 2] == 0x80, bytes[end - 1] == 0xA8 || bytes[end - 1] == 0xA9,
            line < lineStarts.count
        {
            end -= 3
        }
        return start..<end
    }

    /// The byte offset of an engine position: 1-based line, 1-based column in UTF-16 units.
    /// Positions past the end of a line clamp to its end.
    func byteOffset(line: Int, column: Int) -> Int? {
        let starts = lineStarts()
        guard let range = lineRange(line, lineStarts: starts) else { return nil }
        var remaining = max(0, column - 1)
        var offset = range.lowerBound
        while remaining > 0, offset < range.upperBound {
            if bytes[offset] >= 0x80, let scalar = UTF8Scalar.decode(bytes, at: offset) {
                remaining -= scalar.value >= 0x10000 ? 2 : 1
                offset += scalar.length
            } else {
                remaining -= 1
                offset += 1
            }
        }
        return offset
    }
}
