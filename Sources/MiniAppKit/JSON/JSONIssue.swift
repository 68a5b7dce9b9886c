/// Something wrong with a JSON file's syntax, found while parsing. Each kind is described by
/// its own rule in `Rules/JSON/`, which turns these into diagnostics.
public typealias JSONIssue = ParseIssue<JSONIssueKind>

public enum JSONIssueKind: Sendable, Hashable {
    case syntax
    case duplicateKey(firstKeyRange: Range<Int>)
    case trailingComma
    case comment
    case byteOrderMark
    case invalidUTF8(count: Int)
    case tooDeep
}

/// A parsed JSON file: the tree when the syntax allowed one, and every issue found.
public struct JSONDocument: Sendable, Hashable {
    public var file: SourceFile
    public var root: JSONNode?
    public var issues: [JSONIssue]

    public func span(_ range: Range<Int>) -> SourceSpan { file.span(range) }
}
