/// A tokenizer-level minifier for page templates.
///
/// Tags come from `StartTagScanner`, the same scanner `TemplateParser` uses, so the minifier
/// and the parser agree on where every tag, attribute value and raw text run is. Between tags
/// the minifier follows the scanner's rules for comments, CDATA sections and declarations.
///
/// What it changes:
/// - comments in text are removed, except conditional comments (`<!--[if`, `<!--<![endif]`)
///   and in pages where libxml2 might read comments differently from browsers;
/// - each whitespace run in text becomes one character, a newline when the run held one,
///   otherwise a space: whitespace between inline elements renders, so it never disappears;
/// - inside a tag, whitespace outside attribute values becomes one space, and none before `>`.
///
/// What it keeps byte for byte: attribute values, and everything inside the elements where
/// whitespace or comments are content (`<pre>`, `<textarea>`, `<script>`, `<style>`, ...).
struct HTMLMinifier {
    /// Elements whose content ships exactly as written: raw text and RCDATA elements, where a
    /// comment is text, and preformatted ones, where whitespace renders as written.
    static let verbatimElements: Set<String> = [
        "pre", "listing", "textarea", "title", "script", "style", "xmp", "plaintext",
        "noscript", "iframe", "noembed", "noframes",
    ]
    /// Of those, the ones that hold markup, so a nested one must be counted to find the end.
    static let nestableVerbatimElements: Set<String> = ["pre", "listing"]

    private enum Tag {
        case start(TemplateStartTag)
        case end(TemplateEndTag)

        var range: Range<Int> {
            switch self {
            case .start(let tag): tag.range
            case .end(let tag): tag.range
            }
        }
    }

    private let bytes: [UInt8]
    private var output: [UInt8] = []
    /// A whitespace run in text not yet written: it is written as one byte when something
    /// follows, so that a removed comment between two runs leaves a single one.
    private var pendingWhitespace: UInt8?

    /// Whether every comment stays, because libxml2 might not read the page's comments the
    /// way browsers and the scanner do, and removing one could change the tree mactl checks.
    private let keepsComments: Bool

    private init(bytes: [UInt8]) {
        self.bytes = bytes
        output.reserveCapacity(bytes.count)
        keepsComments = Self.hasAmbiguousComments(bytes)
    }

    /// `<!-->`, `<!--->` and `--!>` end a comment in browsers, but libxml2 reads on to the
    /// next `-->`. And after a declaration other than a leading `<!DOCTYPE>` (a misplaced
    /// one, or `<!x>`), libxml2 recovers in its own way. Both are invalid markup, rare
    /// enough that such pages simply keep their comments.
    static func hasAmbiguousComments(_ bytes: [UInt8]) -> Bool {
        if ["<!-->", "<!--->", "--!>"].contains(where: { SVGParser.firstOffset(of: $0, in: bytes) != nil }) { return true }
        var leading = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while leading < bytes.count, StartTagScanner.isWhitespace(bytes[leading]) { leading += 1 }
        var position = 0
        while let declaration = SVGParser.firstOffset(of: "<!", in: bytes, from: position) {
            if bytes[declaration...].starts(with: Array("<!--".utf8)) {
                // What a comment holds, `<![endif]` for one, is no declaration.
                position = commentEnd(in: bytes, contentStart: declaration + 4)
                continue
            }
            let isCDATA = bytes[declaration...].starts(with: Array("<![CDATA[".utf8))
            if !isCDATA, declaration != leading { return true }
            position = declaration + 2
        }
        return false
    }

    static func minify(_ bytes: [UInt8]) -> [UInt8] {
        var minifier = HTMLMinifier(bytes: bytes)
        minifier.run()
        return minifier.output
    }

    private mutating func run() {
        let scanned = StartTagScanner.scan(bytes)
        let tags = (scanned.startTags.map(Tag.start) + scanned.endTags.map(Tag.end))
            .sorted { $0.range.lowerBound < $1.range.lowerBound }
        var cursor = 0
        // The element whose content is being copied as written, and how deep it is nested.
        var verbatim: (name: String, depth: Int)?
        for tag in tags {
            let gap = cursor..<max(cursor, tag.range.lowerBound)
            if verbatim != nil {
                output += bytes[gap]
            } else {
                writeText(gap)
            }
            switch tag {
            case .start(let startTag):
                let name = startTag.name.lowercased()
                if let current = verbatim {
                    if name == current.name, Self.nestableVerbatimElements.contains(name) {
                        verbatim = (name, current.depth + 1)
                    }
                    output += bytes[startTag.range]
                } else {
                    writeStartTag(startTag, attributes: scanned.attributes(of: startTag))
                    if Self.verbatimElements.contains(name) { verbatim = (name, 1) }
                }
            case .end(let endTag):
                if let current = verbatim {
                    if endTag.name == current.name {
                        verbatim = current.depth > 1 ? (current.name, current.depth - 1) : nil
                    }
                    output += bytes[endTag.range]
                } else {
                    writeEndTag(endTag)
                }
            }
            cursor = max(cursor, tag.range.upperBound)
        }
        if verbatim != nil {
            output += bytes[cursor...]
        } else {
            writeText(cursor..<bytes.count)
        }
    }

    // MARK: - Text between tags

    /// Text, comments, CDATA sections and declarations, skipped by the scanner's own rules
    /// so that no tag is found here that the scanner did not find.
    private mutating func writeText(_ range: Range<Int>) {
        var index = range.lowerBound
        while index < range.upperBound {
            let byte = bytes[index]
            if StartTagScanner.isWhitespace(byte) {
                let isLineBreak = byte == .lineFeed || byte == .carriageReturn
                pendingWhitespace = (isLineBreak || pendingWhitespace == .lineFeed) ? .lineFeed : .space
                index += 1
                continue
            }
            guard byte == .lessThan, index + 1 < range.upperBound else {
                writeTextByte(byte)
                index += 1
                continue
            }
            let end: Int
            switch bytes[index + 1] {
            case .exclamationMark:
                if bytes.hasBytes("<!--", at: index) {
                    end = min(Self.commentEnd(in: bytes, contentStart: index + 4), range.upperBound)
                    writeComment(index..<end, before: range.upperBound)
                    index = end
                    continue
                } else if bytes.hasBytes("<![CDATA[", at: index) {
                    end = endOfTerminator("]]>", from: index + 9, limit: range.upperBound)
                } else {
                    end = endOfTerminator(">", from: index + 2, limit: range.upperBound)
                }
            case .questionMark, .slash:
                end = endOfTerminator(">", from: index + 2, limit: range.upperBound)
            default:
                // `<` that starts no tag (`a < b`, `<3`) is text.
                writeTextByte(byte)
                index += 1
                continue
            }
            flushWhitespace()
            output += bytes[index..<end]
            index = end
        }
        flushWhitespace()
    }

    private mutating func writeComment(_ comment: Range<Int>, before limit: Int) {
        let isConditional = bytes.hasBytes("<!--[if", at: comment.lowerBound) || bytes.hasBytes("<!--<![endif]", at: comment.lowerBound)
        // Removing the comment joins the text on its two sides. Unless one side is a boundary
        // where joining cannot matter, the comment stays: `&amp<!---->;` would become `&amp;`,
        // and `<<!---->b>` a tag.
        let before: UInt8? = pendingWhitespace ?? output.last
        let after: UInt8? = comment.upperBound < limit ? bytes[comment.upperBound] : nil
        let beforeIsBoundary = before.map { StartTagScanner.isWhitespace($0) || $0 == .greaterThan } ?? true
        let afterIsBoundary = after.map { StartTagScanner.isWhitespace($0) || $0 == .lessThan } ?? true
        if !isConditional, !keepsComments, beforeIsBoundary || afterIsBoundary {
            // Whitespace before it stays pending, to merge with whitespace after it.
            return
        }
        flushWhitespace()
        output += bytes[comment]
    }

    private mutating func writeTextByte(_ byte: UInt8) {
        flushWhitespace()
        output.append(byte)
    }

    private mutating func flushWhitespace() {
        if let pending = pendingWhitespace {
            output.append(pending)
            pendingWhitespace = nil
        }
    }

    // MARK: - Tags

    /// Whitespace outside attribute values becomes one space, and none before `>`. A space
    /// before `/>` stays: after an unquoted value, `a=b/>` would make the value `b/`.
    private mutating func writeStartTag(_ tag: TemplateStartTag, attributes: ArraySlice<TemplateAttribute>) {
        guard tag.range.upperBound > tag.range.lowerBound, bytes[tag.range.upperBound - 1] == .greaterThan else {
            // An unclosed tag runs to the end of the file; leave it as it is.
            output += bytes[tag.range]
            return
        }
        let values = attributes.compactMap(\.valueRange).filter { !$0.isEmpty }.sorted { $0.lowerBound < $1.lowerBound }
        var nextValue = 0
        var index = tag.range.lowerBound
        let closing = tag.range.upperBound - 1
        while index < tag.range.upperBound {
            if nextValue < values.count, values[nextValue].lowerBound == index {
                output += bytes[values[nextValue]]
                index = values[nextValue].upperBound
                nextValue += 1
                continue
            }
            guard StartTagScanner.isWhitespace(bytes[index]) else {
                output.append(bytes[index])
                index += 1
                continue
            }
            // A value starts after a quote or a non-blank, never inside a whitespace run.
            while index < closing, StartTagScanner.isWhitespace(bytes[index]) { index += 1 }
            if index < closing { output.append(.space) }
        }
    }

    /// `</name  >` loses its whitespace; an end tag holding anything else is left alone.
    private mutating func writeEndTag(_ tag: TemplateEndTag) {
        let nameEnd = tag.range.lowerBound + 2 + tag.name.utf8.count
        let closing = tag.range.upperBound - 1
        guard nameEnd <= closing, bytes[closing] == .greaterThan,
            bytes[nameEnd..<closing].allSatisfy(StartTagScanner.isWhitespace)
        else {
            output += bytes[tag.range]
            return
        }
        output += bytes[tag.range.lowerBound..<nameEnd]
        output.append(.greaterThan)
    }

    // MARK: - Scanning

    /// Where a comment whose content starts at `contentStart` ends, by the scanner's (and
    /// browsers') rules: at `-->` or `--!>`, at once for `<!-->` and `<!--->`.
    static func commentEnd(in bytes: [UInt8], contentStart: Int) -> Int {
        func byte(_ position: Int) -> UInt8? { position < bytes.count ? bytes[position] : nil }
        if byte(contentStart) == .greaterThan { return contentStart + 1 }
        if byte(contentStart) == .dash, byte(contentStart + 1) == .greaterThan { return contentStart + 2 }
        var position = contentStart
        while position < bytes.count {
            if bytes[position] == .dash, byte(position + 1) == .dash {
                if byte(position + 2) == .greaterThan { return position + 3 }
                if byte(position + 2) == .exclamationMark, byte(position + 3) == .greaterThan { return position + 4 }
            }
            position += 1
        }
        return bytes.count
    }

    private func endOfTerminator(_ terminator: String, from start: Int, limit: Int) -> Int {
        let pattern = Array(terminator.utf8)
        var position = start
        while position + pattern.count <= limit {
            if bytes.hasBytes(pattern, at: position) { return position + pattern.count }
            position += 1
        }
        return limit
    }
}

private extension UInt8 {
    static let lessThan = UInt8(ascii: "<")
    static let greaterThan = UInt8(ascii: ">")
    static let exclamationMark = UInt8(ascii: "!")
    static let questionMark = UInt8(ascii: "?")
    static let slash = UInt8(ascii: "/")
    static let dash = UInt8(ascii: "-")
    static let space = UInt8(ascii: " ")
    static let lineFeed = UInt8(ascii: "\n")
    static let carriageReturn = UInt8(ascii: "\r")
}
