/// One token of a style sheet, as CSS Syntax Level 3 tokenizes it, with its byte range.
struct CSSToken: Hashable {
    enum Kind: Hashable {
        case whitespace
        case comment
        case string
        /// A string broken by a line break: the rest of the declaration is dropped by browsers.
        case badString
        /// `url(` with an unquoted address, up to and including `)`; the address is raw text.
        case url
        case badURL
        case ident
        /// A name followed by `(`, the parenthesis included: `calc(`, `url(` before a quote.
        case function
        case atKeyword
        case hash
        case number
        case percentage
        case dimension
        /// Any other single character: `>`, `+`, `*`, `.`, `!`, ...
        case delimiter
        case colon
        case semicolon
        case comma
        case openBracket, closeBracket
        case openParenthesis, closeParenthesis
        case openBrace, closeBrace
        /// `<!--` and `-->`, which CSS keeps as tokens for old HTML-embedding habits.
        case commentDelimiterOpen, commentDelimiterClose
    }

    var kind: Kind
    var range: Range<Int>
}
