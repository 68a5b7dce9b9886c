/// What the text around a cursor is, read from the editor's buffer as it is now: the project
/// model an editor request is answered from may be a keystroke older, and positions in it
/// would point a character off. Only the names are looked up in the model.
public struct CursorContext: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        /// The key of `$t('…')` in a template or `skip.i18n.t('…')` in a script.
        case translationKey
        /// A handler's name: in an event directive (`@click="onTap()"`) or `handler('…')`.
        case handler
        /// The key after `store.` in a template.
        case storeKey
        /// A page's url: a navigation call's `url`, a `pages` or tab entry of the manifest.
        case pageURL
        /// A rule's id in a `mactl-disable-next-line` comment.
        case ruleID
    }

    public var kind: Kind
    /// The name as far as it is written around the cursor.
    public var text: String
    /// The bytes of the name in the buffer, which a completion replaces.
    public var range: Range<Int>
    /// The part of the name before the cursor, which completions are filtered by.
    public var prefix: String

    /// The context at `offset` in `bytes`, a file of the kind `path` names; nil where the
    /// cursor is on nothing mactl knows how to follow.
    public static func at(_ offset: Int, in bytes: [UInt8], path: String) -> CursorContext? {
        let offset = max(0, min(offset, bytes.count))
        let lineStart = (bytes[..<offset].lastIndex(of: UInt8(ascii: "\n")) ?? -1) + 1
        let lineEnd = bytes[offset...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
        let isTemplate = path.hasSuffix(".html")
        let isScript = path.hasSuffix(".js")
        if isTemplate || isScript, let ruleID = ruleID(around: offset, lineStart: lineStart, lineEnd: lineEnd, in: bytes) {
            return ruleID
        }
        if let string = quotedString(around: offset, lineStart: lineStart, lineEnd: lineEnd, in: bytes, doubleQuoteIsString: !isTemplate) {
            let before = text(bytes[lineStart..<(string.lowerBound - 1)]).trimmingTrailingWhitespace
            let kind: Kind?
            if before.hasSuffix("$t(") || before.hasSuffix("i18n.t(") {
                kind = .translationKey
            } else if isTemplate && before.hasSuffix("handler(") {
                kind = .handler
            } else if isScript && (before.hasSuffix("url:") || before.hasSuffix("url :")) {
                kind = .pageURL
            } else if path == ProjectModel.manifestPath {
                kind = .pageURL
            } else {
                kind = nil
            }
            if let kind {
                return CursorContext(
                    kind: kind, text: text(bytes[string]), range: string, prefix: text(bytes[string.lowerBound..<offset]))
            }
        }
        guard isTemplate, let word = identifier(around: offset, lineStart: lineStart, lineEnd: lineEnd, in: bytes) else { return nil }
        let before = text(bytes[lineStart..<word.lowerBound])
        let context = { (kind: Kind) in
            CursorContext(kind: kind, text: text(bytes[word]), range: word, prefix: text(bytes[word.lowerBound..<offset]))
        }
        if before.hasSuffix("store.") { return context(.storeKey) }
        if before.hasSuffix("."), !before.hasSuffix("..") { return nil }
        if let attribute = attributeName(enclosing: word.lowerBound, lineStart: lineStart, in: bytes),
            attribute.hasPrefix("@") || attribute.hasPrefix("x-on:")
        {
            return context(.handler)
        }
        return nil
    }

    /// The inside of the quoted string around `offset` on its line: from after the opening
    /// quote to before the closing one (or the line's end while it is being typed).
    /// In a template a `"` delimits an attribute's value, markup around the expression; the
    /// expression's own strings are in `'`.
    private static func quotedString(
        around offset: Int, lineStart: Int, lineEnd: Int, in bytes: [UInt8], doubleQuoteIsString: Bool
    ) -> Range<Int>? {
        // Walk the line's quotes from its start, so an apostrophe inside a "…" string is not
        // taken for an opening quote.
        var index = lineStart
        var open: (quote: UInt8, at: Int)?
        while index < lineEnd {
            let byte = bytes[index]
            if let current = open {
                if byte == UInt8(ascii: "\\") {
                    index += 2
                    continue
                }
                if byte == current.quote {
                    if offset > current.at && offset <= index { return (current.at + 1)..<index }
                    open = nil
                }
            } else if byte == UInt8(ascii: "'") || byte == UInt8(ascii: "`") || (byte == UInt8(ascii: "\"") && doubleQuoteIsString) {
                open = (byte, index)
            }
            index += 1
        }
        if let current = open, offset > current.at { return (current.at + 1)..<max(current.at + 1, min(lineEnd, bytes.count)) }
        return nil
    }

    private static func identifier(around offset: Int, lineStart: Int, lineEnd: Int, in bytes: [UInt8]) -> Range<Int>? {
        func isNamePart(_ byte: UInt8) -> Bool {
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F
                || byte == 0x24
        }
        var start = offset
        while start > lineStart, isNamePart(bytes[start - 1]) { start -= 1 }
        var end = offset
        while end < lineEnd, isNamePart(bytes[end]) { end += 1 }
        // Not a name that starts with a digit; an empty one is a name being typed.
        if start < end, bytes[start] >= 0x30, bytes[start] <= 0x39 { return nil }
        return start..<end
    }

    /// The name of the attribute whose double-quoted value holds `offset`, on the same line.
    private static func attributeName(enclosing offset: Int, lineStart: Int, in bytes: [UInt8]) -> String? {
        var index = offset - 1
        while index > lineStart {
            if bytes[index] == UInt8(ascii: "\""), bytes[index - 1] == UInt8(ascii: "=") {
                var start = index - 1
                while start > lineStart, !isSpace(bytes[start - 1]), bytes[start - 1] != UInt8(ascii: "<") { start -= 1 }
                return text(bytes[start..<(index - 1)])
            }
            if bytes[index] == UInt8(ascii: ">") || bytes[index] == UInt8(ascii: "<") { return nil }
            index -= 1
        }
        return nil
    }

    /// A rule's id after `mactl-disable-next-line` on the cursor's line: lowercase letters,
    /// digits and dashes.
    private static func ruleID(around offset: Int, lineStart: Int, lineEnd: Int, in bytes: [UInt8]) -> CursorContext? {
        let marker = Array(Suppression.marker.utf8)
        var markerEnd: Int?
        var index = lineStart
        while index + marker.count <= offset {
            if bytes[index..<(index + marker.count)].elementsEqual(marker) {
                markerEnd = index + marker.count
                break
            }
            index += 1
        }
        guard let markerEnd, offset > markerEnd else { return nil }
        func isIDPart(_ byte: UInt8) -> Bool {
            (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39) || byte == UInt8(ascii: "-")
        }
        var start = offset
        while start > markerEnd, isIDPart(bytes[start - 1]) { start -= 1 }
        var end = offset
        while end < lineEnd, isIDPart(bytes[end]) { end += 1 }
        guard start > markerEnd, isSpace(bytes[start - 1]) || bytes[start - 1] == UInt8(ascii: ",") else { return nil }
        return CursorContext(kind: .ruleID, text: text(bytes[start..<end]), range: start..<end, prefix: text(bytes[start..<offset]))
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r") || byte == UInt8(ascii: "\n")
    }

    private static func text(_ bytes: ArraySlice<UInt8>) -> String { String(decoding: bytes, as: UTF8.self) }
}

extension String {
    fileprivate var trimmingTrailingWhitespace: String {
        var end = endIndex
        while end > startIndex, self[index(before: end)].isWhitespace { end = index(before: end) }
        return String(self[..<end])
    }
}
