/// Finds the start tags of an HTML page in its bytes, with exact byte ranges for the tag, its
/// name and every attribute's name and value.
///
/// libxml2 gives elements a line but no column, gives attributes no position at all, and
/// drops attributes whose name starts with `@` or `#`. This scanner fills those gaps. It is
/// not an HTML parser: it follows the HTML tokenizer only as far as needed to know where tags
/// are, skipping comments, CDATA sections, declarations such as `<!DOCTYPE>`, processing
/// instructions, end tags and the raw text of `<script>` and `<style>`. It never builds a
/// tree, so nothing in it depends on how deep the markup nests.
struct StartTagScanner {
    /// Elements whose content is raw text, where `<div>` is not a tag. libxml2 treats the same
    /// two this way, which keeps the scanner's tags and libxml2's elements in step.
    static let rawTextElements: Set<String> = ["script", "style"]

    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    private var tags: [TemplateStartTag] = []
    private var endTags: [TemplateEndTag] = []
    /// Every start tag's attributes, one array for the page; each tag holds its range of it.
    private var attributes: [TemplateAttribute] = []

    private init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// What a scan finds: start and end tags, each in source order, and the start tags'
    /// attributes in one array (`TemplateStartTag.attributeRange` indexes it).
    struct Scan {
        var startTags: [TemplateStartTag]
        var endTags: [TemplateEndTag]
        var attributes: [TemplateAttribute]

        func attributes(of tag: TemplateStartTag) -> ArraySlice<TemplateAttribute> { attributes[tag.attributeRange] }
    }

    static func scan(_ bytes: [UInt8]) -> Scan {
        bytes.withUnsafeBufferPointer { buffer in
            var scanner = StartTagScanner(bytes: buffer)
            scanner.run()
            return Scan(startTags: scanner.tags, endTags: scanner.endTags, attributes: scanner.attributes)
        }
    }

    private mutating func run() {
        while let open = firstIndex(of: .lessThan, from: index) {
            index = open
            switch byte(at: open + 1) {
            case .exclamationMark:
                if bytes.hasBytes("<!--", at: open) {
                    skipComment(contentStart: open + 4)
                } else if bytes.hasBytes("<![CDATA[", at: open) {
                    skip(past: "]]>", from: open + 9)
                } else {
                    skip(past: ">", from: open + 2)
                }
            case .questionMark:
                skip(past: ">", from: open + 2)
            case .slash:
                if let letter = byte(at: open + 2), letter.isASCIILetter {
                    // An end tag: tokenized like a start tag so that a `>` in a quoted
                    // "attribute" does not end it early; only its name and place are kept.
                    index = open + 2
                    let name = scanName()
                    // An end tag's "attributes" are read and dropped.
                    let attributeCount = attributes.count
                    _ = scanAttributes()
                    attributes.removeSubrange(attributeCount...)
                    let lowercasedName = String(decoding: bytes[name].map(\.asciiLowercased), as: UTF8.self)
                    endTags.append(TemplateEndTag(name: lowercasedName, range: open..<index))
                } else {
                    skip(past: ">", from: open + 2)
                }
            case let next? where next.isASCIILetter:
                scanStartTag(open: open)
            default:
                index = open + 1
            }
        }
        index = bytes.count
    }

    private mutating func scanStartTag(open: Int) {
        index = open + 1
        let nameRange = scanName()
        let firstAttribute = attributes.count
        let isSelfClosing = scanAttributes()
        let name = String(decoding: bytes[nameRange], as: UTF8.self)
        tags.append(
            TemplateStartTag(
                name: name, nameRange: nameRange, range: open..<index, attributeRange: firstAttribute..<attributes.count,
                isSelfClosing: isSelfClosing))
        let lowercasedName = name.lowercased()
        if Self.rawTextElements.contains(lowercasedName) {
            skipRawText(of: lowercasedName)
        }
    }

    /// A tag name runs to whitespace, `/` or `>`.
    private mutating func scanName() -> Range<Int> {
        let start = index
        while let current = byte(at: index), !Self.isWhitespace(current), current != .slash, current != .greaterThan {
            index += 1
        }
        return start..<index
    }

    /// Attributes up to and including the tag's `>` (at the end of the file when there is
    /// none), appended to `attributes`; whether the tag ends with `/>`.
    private mutating func scanAttributes() -> Bool {
        while true {
            skipWhitespace()
            guard let current = byte(at: index) else { return false }
            if current == .greaterThan {
                index += 1
                return false
            }
            if current == .slash {
                index += 1
                if byte(at: index) == .greaterThan {
                    index += 1
                    return true
                }
                continue
            }
            attributes.append(scanAttribute())
        }
    }

    private mutating func scanAttribute() -> TemplateAttribute {
        // The first character belongs to the name whatever it is (even `=`), as in browsers.
        let nameStart = index
        index += 1
        while let current = byte(at: index), !Self.isWhitespace(current),
            current != .slash, current != .greaterThan, current != .equals
        {
            index += 1
        }
        let nameRange = nameStart..<index
        let name = String(decoding: bytes[nameRange], as: UTF8.self)

        let afterName = index
        skipWhitespace()
        guard byte(at: index) == .equals else {
            // Valueless; whatever followed the whitespace starts the next attribute.
            index = afterName
            return TemplateAttribute(name: name, nameRange: nameRange, value: nil, valueRange: nil)
        }
        index += 1
        skipWhitespace()
        let valueRange: Range<Int>
        switch byte(at: index) {
        case let quote? where quote == .doubleQuote || quote == .singleQuote:
            let valueStart = index + 1
            let valueEnd = firstIndex(of: quote, from: valueStart) ?? bytes.count
            valueRange = valueStart..<valueEnd
            index = min(valueEnd + 1, bytes.count)
        case .greaterThan?, nil:
            // `name=>`: an empty value, and the `>` still ends the tag.
            valueRange = index..<index
        default:
            let valueStart = index
            while let current = byte(at: index), !Self.isWhitespace(current), current != .greaterThan {
                index += 1
            }
            valueRange = valueStart..<index
        }
        return TemplateAttribute(
            name: name, nameRange: nameRange, value: CharacterReferenceDecoder.decode(bytes, valueRange), valueRange: valueRange)
    }

    /// Browsers end a comment at `-->` or `--!>`, and at once for `<!-->` and `<!--->`.
    private mutating func skipComment(contentStart: Int) {
        if byte(at: contentStart) == .greaterThan {
            index = contentStart + 1
            return
        }
        if byte(at: contentStart) == .dash, byte(at: contentStart + 1) == .greaterThan {
            index = contentStart + 2
            return
        }
        var position = contentStart
        while let dash = firstIndex(of: .dash, from: position) {
            if byte(at: dash + 1) == .dash {
                if byte(at: dash + 2) == .greaterThan {
                    index = dash + 3
                    return
                }
                if byte(at: dash + 2) == .exclamationMark, byte(at: dash + 3) == .greaterThan {
                    index = dash + 4
                    return
                }
            }
            position = dash + 1
        }
        index = bytes.count
    }

    /// Moves to the `</name` that ends a raw text element (any case, followed by whitespace,
    /// `/` or `>`), or to the end of the file.
    private mutating func skipRawText(of name: String) {
        let nameBytes = Array(name.utf8)
        var position = index
        while let open = firstIndex(of: .lessThan, from: position) {
            if byte(at: open + 1) == .slash, bytes.hasBytes(ignoringASCIICase: nameBytes, at: open + 2) {
                let after = byte(at: open + 2 + nameBytes.count)
                if after == nil || after == .slash || after == .greaterThan || Self.isWhitespace(after!) {
                    index = open
                    return
                }
            }
            position = open + 1
        }
        index = bytes.count
    }

    private mutating func skip(past terminator: String, from start: Int) {
        let terminatorBytes = Array(terminator.utf8)
        var position = start
        while let candidate = firstIndex(of: terminatorBytes[0], from: position) {
            if bytes.hasBytes(terminatorBytes, at: candidate) {
                index = candidate + terminatorBytes.count
                return
            }
            position = candidate + 1
        }
        index = bytes.count
    }

    private mutating func skipWhitespace() {
        while let current = byte(at: index), Self.isWhitespace(current) {
            index += 1
        }
    }

    // MARK: - Bytes

    private func byte(at position: Int) -> UInt8? {
        position < bytes.count ? bytes[position] : nil
    }

    private func firstIndex(of wanted: UInt8, from start: Int) -> Int? {
        var position = start
        while position < bytes.count {
            if bytes[position] == wanted { return position }
            position += 1
        }
        return nil
    }

    /// HTML's whitespace: tab, line feed, form feed, carriage return and space.
    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
    }
}

private extension UInt8 {
    static let lessThan = UInt8(ascii: "<")
    static let greaterThan = UInt8(ascii: ">")
    static let slash = UInt8(ascii: "/")
    static let exclamationMark = UInt8(ascii: "!")
    static let questionMark = UInt8(ascii: "?")
    static let equals = UInt8(ascii: "=")
    static let dash = UInt8(ascii: "-")
    static let doubleQuote = UInt8(ascii: "\"")
    static let singleQuote = UInt8(ascii: "'")
}
