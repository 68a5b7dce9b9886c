/// Something wrong with a file, found while parsing it: what kind of problem, in words, and
/// where. One shape for every parser that keeps going after a problem (JSON, templates, the
/// script lexer); each parser has its own `Kind`, and rules turn the issues into diagnostics.
public struct ParseIssue<IssueKind: Sendable & Hashable>: Sendable, Hashable {
    public typealias Kind = IssueKind

    public var kind: Kind
    /// Lowercase, no trailing period, names in single quotes.
    public var message: String
    /// Byte offsets into the file's `SourceFile.bytes`; may be empty (a point).
    public var range: Range<Int>

    public init(kind: Kind, message: String, range: Range<Int>) {
        self.kind = kind
        self.message = message
        self.range = range
    }
}
