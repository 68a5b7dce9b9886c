/// Removes comments and collapses whitespace in CSS with a tokenizer that knows strings,
/// `url(...)` and comments: nothing inside them changes. Whitespace is dropped only next to
/// `{`, `}`, `;` and `,`, where it never separates anything; elsewhere (`a :hover`,
/// `calc(1px + 2px)`, `a b`) a run becomes one space. `/*! ... */` comments (licences) stay.
enum CSSMinifier {
    static func apply(to bytes: [UInt8]) -> [UInt8]? {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        var pendingSpace = false
        let structural: Set<UInt8> = [UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: ";"), UInt8(ascii: ",")]
        func emit(_ slice: ArraySlice<UInt8>) {
            if pendingSpace, let first = slice.first, !structural.contains(first), let last = output.last, !structural.contains(last) {
                output.append(0x20)
            }
            pendingSpace = false
            output += slice
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "*") {
                guard let end = HTMLMinifier.find("*/", in: bytes, from: index + 2) else { return nil }
                if index + 2 < bytes.count, bytes[index + 2] == UInt8(ascii: "!") { emit(bytes[index..<(end + 2)]) }
                index = end + 2
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                guard let end = endOfString(in: bytes, from: index) else { return nil }
                emit(bytes[index..<end])
                index = end
            } else if isURLStart(bytes, index) {
                guard let close = bytes[index...].firstIndex(of: UInt8(ascii: ")")) else { return nil }
                // A quoted url(...) is a string inside; an unquoted one is raw up to ')'.
                var inner = index + 4
                while inner < close, HTMLMinifier.isWhitespace(bytes[inner]) { inner += 1 }
                if inner < close, bytes[inner] == UInt8(ascii: "\"") || bytes[inner] == UInt8(ascii: "'") {
                    guard let end = endOfString(in: bytes, from: inner), let realClose = bytes[end...].firstIndex(of: UInt8(ascii: ")")) else { return nil }
                    emit(bytes[index..<(realClose + 1)])
                    index = realClose + 1
                } else {
                    emit(bytes[index..<(close + 1)])
                    index = close + 1
                }
            } else if HTMLMinifier.isWhitespace(byte) {
                while index < bytes.count, HTMLMinifier.isWhitespace(bytes[index]) { index += 1 }
                pendingSpace = !output.isEmpty
            } else {
                emit(bytes[index...index])
                index += 1
            }
        }
        return output
    }

    /// One past the closing quote of the string starting at `start`; `nil` when unterminated.
    static func endOfString(in bytes: [UInt8], from start: Int) -> Int? {
        let quote = bytes[start]
        var index = start + 1
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "\\") { index += 2; continue }
            if bytes[index] == quote { return index + 1 }
            if bytes[index] == 0x0A { return nil }
            index += 1
        }
        return nil
    }

    static func isURLStart(_ bytes: [UInt8], _ index: Int) -> Bool {
        guard index + 4 <= bytes.count, bytes[index] | 0x20 == UInt8(ascii: "u"), bytes[index + 1] | 0x20 == UInt8(ascii: "r"),
              bytes[index + 2] | 0x20 == UInt8(ascii: "l"), bytes[index + 3] == UInt8(ascii: "(") else { return false }
        // Not the tail of a longer name (`myurl(`).
        return index == 0 || !(HTMLMinifier.isLetter(bytes[index - 1]) || bytes[index - 1] == UInt8(ascii: "-"))
    }
}
