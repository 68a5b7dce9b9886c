/// Something wrong with a page's markup, found while parsing. Rules turn these into diagnostics.
public typealias TemplateIssue = ParseIssue<TemplateIssueKind>

public enum TemplateIssueKind: Sendable, Hashable {
    /// An error libxml2's HTML parser reported; `code` is its `xmlParserErrors` value
    /// (76 is a mismatched end tag, 73 an unclosed start tag, 23 a bad entity reference).
    case markup(code: Int)
    /// Elements nest deeper than libxml2 allows; it stopped building the tree there.
    case nestingTooDeep
    /// Bytes that are not UTF-8; `count` is the number of such bytes in the file.
    case invalidUTF8(count: Int)
}
