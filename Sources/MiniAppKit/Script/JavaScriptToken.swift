/// One significant token of a logic-layer script. Comments and white space are not tokens;
/// `LexedScript.comments` keeps the comment ranges.
public struct JavaScriptToken: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        /// Names and keywords alike (`this`, `return`, `skip`): callers tell them apart by `text`.
        case identifier
        /// `#field`
        case privateName
        case punctuator
        case number
        /// `'…'` or `"…"`; `text` is the decoded value.
        case string
        /// A piece of a template literal; `text` is the piece's cooked value. The expressions in
        /// `${ … }` are ordinary tokens between a `.head`/`.middle` piece and the next piece.
        case template(TemplatePart)
        case regularExpression
        /// A character that starts no token (a stray `\`, an invalid UTF-8 byte).
        case invalid
    }

    public enum TemplatePart: Sendable, Hashable {
        /// `` `text` ``, with no substitution.
        case complete
        /// `` `text${ ``
        case head
        /// `}text${`
        case middle
        /// `` }text` ``
        case tail
    }

    public var kind: Kind
    /// Byte range in the source, quotes and delimiters included.
    public var range: Range<Int>
    /// The source text, except for strings and template pieces, whose `text` is the decoded value.
    public var text: String
    /// A line terminator (or a comment holding one) separates this token from the previous
    /// one, which matters wherever automatic semicolon insertion could end a statement.
    public var followsLineBreak: Bool

    public init(kind: Kind, range: Range<Int>, text: String, followsLineBreak: Bool = false) {
        self.kind = kind
        self.range = range
        self.text = text
        self.followsLineBreak = followsLineBreak
    }

    public var isStringLike: Bool {
        switch kind {
        case .string, .template(.complete): return true
        default: return false
        }
    }

    func isPunctuator(_ value: String) -> Bool { kind == .punctuator && text == value }
    func isIdentifier(_ value: String) -> Bool { kind == .identifier && text == value }
}

/// Something the lexer could not finish: the tokens are still produced, so one bad string
/// does not hide the rest of the file.
public typealias JavaScriptLexerIssue = ParseIssue<JavaScriptLexerIssueKind>

public enum JavaScriptLexerIssueKind: Sendable, Hashable {
    case unterminatedString
    case unterminatedTemplate
    case unterminatedBlockComment
    case unterminatedRegularExpression
    case invalidCharacter
}

/// The result of lexing one script.
public struct LexedScript: Sendable, Hashable {
    public var tokens: [JavaScriptToken]
    /// Byte ranges of line comments, block comments and a leading `#!` line.
    public var comments: [Range<Int>]
    public var issues: [JavaScriptLexerIssue]

    public init(tokens: [JavaScriptToken], comments: [Range<Int>], issues: [JavaScriptLexerIssue]) {
        self.tokens = tokens
        self.comments = comments
        self.issues = issues
    }
}

extension [JavaScriptToken] {
    /// The index of the first token that starts at or after `offset` (`count` when none
    /// does), by binary search: tokens come in source order.
    func firstIndex(atOrAfter offset: Int) -> Int {
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            if self[middle].range.lowerBound < offset { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
