/// A name a script declares at its top level: a binding of the script's global scope, which a
/// runtime that runs every script in one context (SkipMiniApp) shares between all of them.
struct TopLevelDeclaration: Sendable, Hashable {
    enum Kind: String, Sendable, Hashable {
        case `let`, const, `class`, `var`, function

        /// `let`, `const` and `class` bind lexically: a second declaration of the name in the
        /// same global scope is a SyntaxError, whichever kind the other one is.
        var isLexical: Bool {
            switch self {
            case .let, .const, .class: return true
            case .var, .function: return false
            }
        }
    }

    var name: String
    var kind: Kind
    /// The name's byte range.
    var range: Range<Int>
    /// The byte range of the keyword (`let`, `const`, `class`, `var`, `function`); names
    /// declared by one `let a, b` share it.
    var keywordRange: Range<Int>
    /// The tokens of the whole declaration, from the keyword (or `async`) to its end: what two
    /// scripts compare to tell a copied helper from a different one.
    var tokenRange: Range<Int>
}

/// Reads the declarations at bracket depth 0 of a script (not inside any function, block,
/// class or object): `var`, `let` and `const` declarators (each name of a destructuring
/// pattern), and `function`, `async function`, `function*` and `class` declarations. A
/// `function` or `class` in an expression (`var f = function g() {}`, `x = class Y {}`) binds
/// no global name and is not one. The patterns are read as `DeclaredNameCollector` reads them.
///
/// A `var` or a sloppy-mode `function` inside a top-level block (`if (c) { var x }`) also
/// binds a global; those are not read, as the top level is taken to be depth 0.
struct TopLevelDeclarations {
    let stream: BracketedTokens

    init(tokens: [JavaScriptToken]) {
        stream = BracketedTokens(tokens: tokens)
    }

    /// Keywords after which a token on a new line still continues the expression.
    private static let operatorWords: Set<String> = [
        "return", "typeof", "void", "delete", "new", "in", "of", "instanceof", "yield", "await", "throw", "case", "extends",
    ]

    /// Every top-level declaration, in source order.
    func collect() -> [TopLevelDeclaration] {
        let names = DeclaredNameCollector(stream: stream)
        var declarations: [TopLevelDeclaration] = []
        var index = 0
        while index < stream.count {
            guard let token = stream[index] else { break }
            if token.kind == .identifier, startsStatement(index) {
                switch token.text {
                case "var", "let", "const":
                    // `let` is a name too in sloppy scripts (`let = 1`): it declares only
                    // before a name or a pattern.
                    guard token.text != "let" || stream.isIdentifier(index + 1) || stream.isPunctuator(index + 1, in: ["[", "{"]) else {
                        break
                    }
                    let kind: TopLevelDeclaration.Kind = token.text == "var" ? .var : token.text == "let" ? .let : .const
                    let (nameIndices, end) = names.declarators(after: index)
                    for nameIndex in nameIndices {
                        guard let name = stream[nameIndex] else { continue }
                        declarations.append(
                            TopLevelDeclaration(
                                name: name.text, kind: kind, range: name.range, keywordRange: token.range,
                                tokenRange: index..<max(end, index + 1)))
                    }
                    index = max(end, index + 1)
                    continue
                case "function", "class", "async":
                    var keyword = index
                    if token.text == "async" {
                        // `async function f() {}`; `async` alone is a name.
                        guard let next = stream[index + 1], next.isIdentifier("function"), !next.followsLineBreak else { break }
                        keyword = index + 1
                    }
                    guard let nameIndex = names.nameIndex(afterFunctionOrClass: keyword), let name = stream[nameIndex] else { break }
                    let kind: TopLevelDeclaration.Kind = stream[keyword]?.text == "class" ? .class : .function
                    let end = endOfBody(after: nameIndex)
                    declarations.append(
                        TopLevelDeclaration(
                            name: name.text, kind: kind, range: name.range, keywordRange: stream[keyword]?.range ?? token.range,
                            tokenRange: index..<end))
                    index = end
                    continue
                default:
                    break
                }
            }
            if let partner = stream.partner(of: index), partner > index {
                index = partner + 1
            } else {
                index += 1
            }
        }
        return declarations
    }

    /// Whether the token at `index` begins a statement: it is first, follows `;`, a closing
    /// `}` or `)` (a block, a declaration's body, an `if (…)` header), `else` or `do`, or
    /// starts a new line after a complete expression (automatic semicolon insertion).
    private func startsStatement(_ index: Int) -> Bool {
        guard let previous = stream[index - 1], let token = stream[index] else { return true }
        switch previous.kind {
        case .punctuator:
            if [";", "}", ")"].contains(previous.text) { return true }
            return token.followsLineBreak && previous.text == "]"
        case .identifier:
            if previous.text == "else" || previous.text == "do" { return true }
            return token.followsLineBreak && !Self.operatorWords.contains(previous.text)
        case .number, .string, .regularExpression, .privateName, .template(.complete), .template(.tail):
            return token.followsLineBreak
        case .template(.head), .template(.middle), .invalid:
            return false
        }
    }

    /// The index after the body `{ … }` of the function or class whose name is at `nameIndex`:
    /// the first `{` at this level after the name (a class's `extends` clause and a
    /// function's parameters come before it), stepped over whole.
    private func endOfBody(after nameIndex: Int) -> Int {
        var index = nameIndex + 1
        while let token = stream[index] {
            if token.isPunctuator("{") { return (stream.partner(of: index) ?? index) + 1 }
            if token.isPunctuator(";") { return index }
            if let partner = stream.partner(of: index), partner > index {
                index = partner + 1
            } else {
                index += 1
            }
        }
        return index
    }
}
