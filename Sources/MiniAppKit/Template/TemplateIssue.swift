/// Something wrong with a page's markup, found while parsing. Rules turn these into diagnostics.
public struct TemplateIssue: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        /// An error libxml2's HTML parser reported; `code` is its `xmlParserErrors` value
        /// (76 is a mismatched end tag, 73 an unclosed start tag, 23 a bad entity reference).
        case markup(code: Int)
        /// Elements nest deeper than libxml2 allows; it stopped building the tree there.
        case nestingTooDeep
        /// Bytes that are not UTF-8; `count` is the number of such bytes in the file.
        case invalidUTF8(count: Int)
    }

    public var kind: Kind
    /// Lowercase, no trailing period, names in single quotes.
    public var message: String
    /// Byte offsets into the page's `SourceFile.bytes`; may be empty (a point).
    public var range: Range<Int>

    public init(kind: Kind, message: String, range: Range<Int>) {
        self.kind = kind
        self.message = message
        self.range = range
    }
}
