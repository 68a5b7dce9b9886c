/// Removes comments and collapses whitespace in HTML text, with a tokenizer that knows where
/// text ends and tags, comments and raw text begin. Everything inside a tag (attribute values
/// included), `<script>`, `<style>`, `<pre>` and `<textarea>` is copied byte for byte.
/// A whitespace run becomes one space (or one newline), never nothing: between inline
/// elements it renders.
enum HTMLMinifier {
    /// Elements whose content is copied verbatim up to their end tag.
    static let verbatimElements: [String] = ["script", "style", "pre", "textarea"]

    static func apply(to bytes: [UInt8]) -> [UInt8]? {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "<") {
                if matches("<!--", at: index, in: bytes) {
                    guard let end = find("-->", in: bytes, from: index + 4) else { return nil }  // unterminated: leave the file alone
                    if matches("<!--[if", at: index, in: bytes) || matches("<!--!", at: index, in: bytes) {
                        output += bytes[index..<(end + 3)]
                    }
                    index = end + 3
                    continue
                }
                if let tagEnd = endOfTag(in: bytes, from: index) {
                    output += bytes[index..<tagEnd]
                    let name = tagName(in: bytes, at: index)
                    index = tagEnd
                    if let name, verbatimElements.contains(name), bytes[index - 2] != UInt8(ascii: "/") {
                        guard let close = findEndTag(name, in: bytes, from: index) else { return nil }
                        output += bytes[index..<close]
                        index = close
                    }
                    continue
                }
                output.append(byte)
                index += 1
            } else if isWhitespace(byte) {
                var sawNewline = false
                while index < bytes.count, isWhitespace(bytes[index]) {
                    if bytes[index] == 0x0A { sawNewline = true }
                    index += 1
                }
                // Runs that met where a comment was removed render as one.
                if let last = output.last, last == 0x20 || last == 0x0A {
                    if sawNewline { output[output.count - 1] = 0x0A }
                } else {
                    output.append(sawNewline ? 0x0A : 0x20)
                }
            } else {
                output.append(byte)
                index += 1
            }
        }
        return output
    }

    /// The end (one past `>`) of the tag starting at `start`, honouring quoted attribute
    /// values; `nil` when `<` does not start a tag (`a < b` in text).
    static func endOfTag(in bytes: [UInt8], from start: Int) -> Int? {
        guard start + 1 < bytes.count else { return nil }
        let next = bytes[start + 1]
        let isTag = isLetter(next) || next == UInt8(ascii: "/") || next == UInt8(ascii: "!") || next == UInt8(ascii: "?")
        guard isTag else { return nil }
        var index = start + 1
        var quote: UInt8?
        while index < bytes.count {
            let byte = bytes[index]
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                // Quotes matter only where an attribute value starts: after '='.
                var back = index - 1
                while back > start, isWhitespace(bytes[back]) { back -= 1 }
                if bytes[back] == UInt8(ascii: "=") { quote = byte }
            } else if byte == UInt8(ascii: ">") {
                return index + 1
            }
            index += 1
        }
        return nil
    }

    /// The lowercased name of a start tag at `start`, or `nil` for end tags and declarations.
    static func tagName(in bytes: [UInt8], at start: Int) -> String? {
        var index = start + 1
        guard index < bytes.count, isLetter(bytes[index]) else { return nil }
        while index < bytes.count, isLetter(bytes[index]) || (bytes[index] >= 0x30 && bytes[index] <= 0x39) || bytes[index] == UInt8(ascii: "-") {
            index += 1
        }
        return String(decoding: bytes[(start + 1)..<index].map { $0 | 0x20 }, as: UTF8.self)
    }

    static func findEndTag(_ name: String, in bytes: [UInt8], from start: Int) -> Int? {
        let needle = Array("</\(name)".utf8)
        var index = start
        while index + needle.count <= bytes.count {
            if bytes[index] == UInt8(ascii: "<"), zip(bytes[index..<(index + needle.count)], needle).allSatisfy({ $0 | 0x20 == $1 | 0x20 }) {
                return index
            }
            index += 1
        }
        return nil
    }

    static func matches(_ text: String, at index: Int, in bytes: [UInt8]) -> Bool {
        let pattern = Array(text.utf8)
        return index + pattern.count <= bytes.count && bytes[index..<(index + pattern.count)].elementsEqual(pattern)
    }

    static func find(_ text: String, in bytes: [UInt8], from start: Int) -> Int? {
        var index = start
        while index < bytes.count {
            if matches(text, at: index, in: bytes) { return index }
            index += 1
        }
        return nil
    }

    static func isWhitespace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C }
    static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }
}
