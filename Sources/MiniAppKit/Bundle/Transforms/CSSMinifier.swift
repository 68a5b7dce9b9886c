/// Removes comments and whitespace from a style sheet, token by token.
///
/// Comments go, except `/*! ... */` license comments. Each whitespace run becomes one space,
/// and disappears only where CSS gives it no meaning: next to `{ } ; ,`, inside the edges of
/// parentheses, around the `>` combinator, and around the colon of a declaration. A space
/// between two names, numbers or selectors (`a b`, `a :hover`, `1px + 2px`, `and (`) always
/// stays, and strings and `url()` addresses are single tokens copied as written.
///
/// Custom property values (`--gap: 4px`) are copied with their whitespace collapsed but never
/// removed: their text is what `var()` substitutes and what scripts read back.
struct CSSMinifier {
    private enum Item {
        case token(CSSToken)
        case space
        /// `/**/`, standing in for a removed comment that kept two tokens apart (`a/**/b`).
        case emptyComment
    }

    /// Returns nil for a style sheet a browser would repair (a string or `url()` broken by a
    /// line break), where whitespace might end up inside a value.
    static func minify(_ bytes: [UInt8]) -> [UInt8]? {
        let tokens = CSSTokenizer.tokenize(bytes)
        guard !tokens.contains(where: { $0.kind == .badString || $0.kind == .badURL }) else { return nil }
        let items = items(from: tokens, in: bytes)
        let (declarationColons, customPropertyItems) = declarationContext(of: items, in: bytes)

        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        for (index, item) in items.enumerated() {
            switch item {
            case .token(let token):
                output += bytes[token.range]
            case .emptyComment:
                output += Array("/**/".utf8)
            case .space:
                let previous = index > 0 ? items[index - 1] : nil
                let next = index + 1 < items.count ? items[index + 1] : nil
                if customPropertyItems.contains(index)
                    || !canDropSpace(
                        between: previous, and: next,
                        touchesDeclarationColon: declarationColons.contains(index - 1)
                            || declarationColons.contains(index + 1),
                        in: bytes)
                {
                    output.append(UInt8(ascii: " "))
                }
            }
        }
        return output
    }

    /// The tokens to keep, whitespace runs merged into single spaces, comments removed.
    private static func items(from tokens: [CSSToken], in bytes: [UInt8]) -> [Item] {
        var items: [Item] = []
        var removedComment = false
        for token in tokens {
            switch token.kind {
            case .comment:
                if bytes[token.range].starts(with: Array("/*!".utf8)) {
                    items.append(.token(token))
                } else {
                    removedComment = true
                }
            case .whitespace:
                if case .space? = items.last {} else { items.append(.space) }
                removedComment = false
            default:
                if removedComment, case .token(let previous)? = items.last, !canTouch(previous.kind, token.kind) {
                    items.append(.emptyComment)
                }
                removedComment = false
                items.append(.token(token))
            }
        }
        return items
    }

    /// Tokens after which anything may follow without merging into them.
    private static let endsCleanly: Set<CSSToken.Kind> = [
        .openBrace, .closeBrace, .semicolon, .comma, .colon, .openParenthesis, .closeParenthesis,
        .openBracket, .closeBracket, .function, .string, .url,
    ]
    /// Tokens that merge into nothing before them (`(` does not qualify: `a(` is a function).
    private static let startsCleanly: Set<CSSToken.Kind> = [
        .openBrace, .closeBrace, .semicolon, .comma, .colon, .closeParenthesis, .openBracket, .closeBracket, .string,
    ]

    /// Whether two tokens written with nothing between them still read as the same two.
    private static func canTouch(_ first: CSSToken.Kind, _ second: CSSToken.Kind) -> Bool {
        endsCleanly.contains(first) || startsCleanly.contains(second)
    }

    private static func canDropSpace(between previous: Item?, and next: Item?, touchesDeclarationColon: Bool, in bytes: [UInt8]) -> Bool {
        guard case .token(let before)? = previous, case .token(let after)? = next else {
            // At the start or end of the file a space means nothing; next to a kept comment it stays.
            return previous == nil || next == nil
        }
        if before.kind == .comment || after.kind == .comment { return false }
        if touchesDeclarationColon { return true }
        switch before.kind {
        case .openBrace, .closeBrace, .semicolon, .comma, .openParenthesis, .function: return true
        default: break
        }
        switch after.kind {
        case .openBrace, .closeBrace, .semicolon, .comma, .closeParenthesis: return true
        default: break
        }
        // The child combinator; but not between two delimiters, where `> =` would become `>=`,
        // nor after a hyphen, where `-- >` would become `-->`.
        let beforeIsChild = isChildCombinator(before, in: bytes)
        let afterIsChild = isChildCombinator(after, in: bytes)
        let beforeEndsWithHyphen = bytes[before.range.upperBound - 1] == UInt8(ascii: "-")
        return (beforeIsChild && after.kind != .delimiter)
            || (afterIsChild && before.kind != .delimiter && !beforeEndsWithHyphen)
    }

    private static func isChildCombinator(_ token: CSSToken, in bytes: [UInt8]) -> Bool {
        token.kind == .delimiter && bytes[token.range.lowerBound] == UInt8(ascii: ">")
    }

    /// Finds the colons that separate a declaration's property from its value, and the items
    /// that belong to a custom property's declaration.
    ///
    /// A colon is a declaration's when it sits directly in a `{}` block, follows a single
    /// name, and its statement ends at `;` or `}` rather than opening a block: with CSS
    /// nesting, `a:hover { ... }` inside a block is a rule, and its colon is a selector's.
    private static func declarationContext(of items: [Item], in bytes: [UInt8]) -> (colons: Set<Int>, customProperty: Set<Int>) {
        var colons: Set<Int> = []
        var customProperty: Set<Int> = []
        var open: [CSSToken.Kind] = []
        var statement: [CSSToken] = []
        var inCustomProperty = false

        func endStatement() {
            statement = []
            inCustomProperty = false
        }

        for (index, item) in items.enumerated() {
            guard case .token(let token) = item else {
                if inCustomProperty { customProperty.insert(index) }
                continue
            }
            if inCustomProperty { customProperty.insert(index) }
            switch token.kind {
            case .openBrace:
                open.append(.openBrace)
                endStatement()
                continue
            case .closeBrace:
                if open.last == .openBrace {
                    open.removeLast()
                    endStatement()
                    continue
                }
            case .semicolon where open.isEmpty || open.last == .openBrace:
                endStatement()
                continue
            case .openParenthesis, .function:
                open.append(.openParenthesis)
            case .openBracket:
                open.append(.openBracket)
            case .closeParenthesis where open.last == .openParenthesis:
                open.removeLast()
            case .closeBracket where open.last == .openBracket:
                open.removeLast()
            case .colon where open.last == .openBrace && statement.count == 1 && statement[0].kind == .ident:
                if statementEndsWithoutBlock(after: index, in: items) {
                    colons.insert(index)
                    if bytes[statement[0].range].starts(with: Array("--".utf8)) { inCustomProperty = true }
                }
            default:
                break
            }
            if token.kind != .comment { statement.append(token) }
        }
        return (colons, customProperty)
    }

    /// Whether the statement containing the colon at `colon` ends at `;`, `}` or the end of
    /// the file before any `{` at its own level.
    private static func statementEndsWithoutBlock(after colon: Int, in items: [Item]) -> Bool {
        var depth = 0
        for item in items[(colon + 1)...] {
            guard case .token(let token) = item else { continue }
            switch token.kind {
            case .openParenthesis, .function, .openBracket: depth += 1
            case .closeParenthesis, .closeBracket: depth = max(0, depth - 1)
            case .semicolon where depth == 0: return true
            case .closeBrace where depth == 0: return true
            case .openBrace where depth == 0: return false
            default: break
            }
        }
        return true
    }
}
