/// Finds the `url(...)` values and `@import "..."` targets of a stylesheet, skipping
/// comments and strings that are not URLs. A tokenizer, not a regular expression: a `url(`
/// inside a comment or a string is not a reference.
package enum CSSURLScanner {
    package struct URL: Sendable, Hashable {
        package var value: String
        /// Offsets of the value in the file.
        package var range: Range<Int>
    }

    package static func urls(in bytes: [UInt8]) -> [URL] {
        var result: [URL] = []
        var index = 0
        func at(_ position: Int) -> UInt8? { position < bytes.count ? bytes[position] : nil }
        func skipString(_ quote: UInt8) -> Range<Int> {
            let start = index + 1
            index += 1
            while let byte = at(index), byte != quote, byte != 0x0A {
                index += byte == UInt8(ascii: "\\") ? 2 : 1
            }
            let end = min(index, bytes.count)
            index += 1
            return start..<end
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "/"), at(index + 1) == UInt8(ascii: "*") {
                index += 2
                while index < bytes.count, !(bytes[index] == UInt8(ascii: "*") && at(index + 1) == UInt8(ascii: "/")) { index += 1 }
                index += 2
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                _ = skipString(byte)
            } else if matches("url(", at: index, in: bytes) {
                index += 4
                while let space = at(index), space == 0x20 || space == 0x09 || space == 0x0A { index += 1 }
                if let quote = at(index), quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
                    let range = skipString(quote)
                    result.append(URL(value: String(decoding: bytes[range], as: UTF8.self), range: range))
                } else {
                    let start = index
                    while let next = at(index), next != UInt8(ascii: ")") { index += 1 }
                    var end = index
                    while end > start, [0x20, 0x09, 0x0A].contains(bytes[end - 1]) { end -= 1 }
                    result.append(URL(value: String(decoding: bytes[start..<end], as: UTF8.self), range: start..<end))
                }
            } else if matches("@import", at: index, in: bytes) {
                index += 7
                while let space = at(index), space == 0x20 || space == 0x09 { index += 1 }
                if let quote = at(index), quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
                    let range = skipString(quote)
                    result.append(URL(value: String(decoding: bytes[range], as: UTF8.self), range: range))
                }
            } else {
                index += 1
            }
        }
        return result
    }

    private static func matches(_ text: String, at index: Int, in bytes: [UInt8]) -> Bool {
        let pattern = Array(text.utf8)
        guard index + pattern.count <= bytes.count else { return false }
        for offset in 0..<pattern.count where bytes[index + offset] | 0x20 != pattern[offset] | 0x20 { return false }
        return true
    }
}
