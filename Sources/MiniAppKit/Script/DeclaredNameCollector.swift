/// Collects the names a script declares anywhere: `var`/`let`/`const` bindings (destructuring
/// included), function and class names, and parameters of functions, methods, arrows and
/// `catch` clauses.
///
/// Scopes are not tracked: a name declared anywhere in the file counts as declared in the
/// whole file. That can hide a real use of a browser global elsewhere in the file (a
/// parameter named `document` in one function hides `document` in another), never report a
/// false one, which is the trade wanted for a lint. Patterns are read approximately: in
/// `(a = { b: c })` the `c` is taken as a binding.
struct DeclaredNameCollector {
    let stream: BracketedTokens

    private static let declarationKeywords: Set<String> = ["var", "let", "const"]
    /// Keywords whose `( … ) {` is a condition, not a parameter list.
    private static let statementKeywords: Set<String> = ["if", "while", "for", "switch", "with"]
    private static let beforeBinding: Set<String> = ["(", ",", "{", "[", "...", ":"]
    private static let afterBinding: Set<String> = [",", ")", "}", "]", "="]
    private static let nonBindingWords: Set<String> = ["this", "true", "false", "null", "undefined", "super", "new", "typeof", "void"]

    func collect() -> Set<String> {
        var names: Set<String> = []
        var index = 0
        while index < stream.count {
            guard let token = stream[index] else { break }
            if token.kind == .identifier {
                switch token.text {
                case "var", "let", "const":
                    names.formUnion(declarators(after: index).names.compactMap { stream[$0]?.text })
                case "function", "class":
                    if let nameIndex = nameIndex(afterFunctionOrClass: index), let name = stream[nameIndex]?.text { names.insert(name) }
                default:
                    // `name => …`
                    if stream.isPunctuator(index + 1, "=>") { names.insert(token.text) }
                }
            } else if token.isPunctuator("("), let close = stream.partner(of: index), close > index,
                isParameterList(open: index, close: close)
            {
                names.formUnion(bindingIndices(in: index..<close).compactMap { stream[$0]?.text })
            }
            index += 1
        }
        return names
    }

    /// The index of the name after `function`, `function*` or `class` at `keyword`; nil for an
    /// anonymous one (`function (`, `class extends B`, `class {`).
    func nameIndex(afterFunctionOrClass keyword: Int) -> Int? {
        var index = keyword + 1
        if stream.isPunctuator(index, "*") { index += 1 }
        guard stream.isIdentifier(index), stream[index]?.text != "extends" else { return nil }
        return index
    }

    /// `( … ) =>`, or `( … ) {` after anything but `if`, `while`, `for`, `switch`, `with`
    /// (a function, a method or a `catch` clause).
    private func isParameterList(open: Int, close: Int) -> Bool {
        if stream.isPunctuator(close + 1, "=>") { return true }
        guard stream.isPunctuator(close + 1, "{") else { return false }
        if let before = stream[open - 1], before.kind == .identifier, Self.statementKeywords.contains(before.text) { return false }
        return true
    }

    /// The indices of the binding names in a pattern or parameter list `indices` (from its
    /// opening bracket).
    func bindingIndices(in indices: Range<Int>) -> [Int] {
        indices.filter { index in
            guard stream.isIdentifier(index), let token = stream[index] else { return false }
            return !Self.nonBindingWords.contains(token.text)
                && stream.isPunctuator(index - 1, in: Self.beforeBinding) && stream.isPunctuator(index + 1, in: Self.afterBinding)
        }
    }

    /// The declarators after a `var`, `let` or `const` at `keyword` (`let a = 1, { b } = c,
    /// [d] = e;`): the indices of the names they bind, in order, and the index of the token
    /// that ends the declaration (its `;`, a closing bracket, the first token of the next
    /// statement, or the end).
    func declarators(after keyword: Int) -> (names: [Int], end: Int) {
        var names: [Int] = []
        var index = keyword + 1
        while let token = stream[index] {
            if token.kind == .identifier {
                names.append(index)
                index += 1
            } else if token.isPunctuator("{") || token.isPunctuator("["), let close = stream.partner(of: index) {
                names += bindingIndices(in: index..<close)
                index = close + 1
            } else {
                return (names, index)
            }
            if stream.isPunctuator(index, "=") {
                index = endOfInitializer(from: index + 1)
            }
            guard stream.isPunctuator(index, ",") else { return (names, index) }
            index += 1
        }
        return (names, index)
    }

    private static let initializerEnders: Set<String> = [",", ";", ")", "]", "}"]
    private static let expressionEnders: Set<String> = [")", "]", "}"]
    private static let continuingWords: Set<String> = ["in", "of", "instanceof"]

    /// The index of the `,`, `;` or closing bracket that ends an initializer, or of the token
    /// where automatic semicolon insertion ends it: a name on a new line after a complete
    /// expression (`const a = 1` newline `let b`).
    private func endOfInitializer(from start: Int) -> Int {
        var index = start
        while let token = stream[index] {
            if token.kind == .punctuator {
                if Self.initializerEnders.contains(token.text) { return index }
                if let partner = stream.partner(of: index), partner > index {
                    index = partner + 1
                    continue
                }
            } else if index > start, token.followsLineBreak, token.kind == .identifier, !Self.continuingWords.contains(token.text),
                let previous = stream[index - 1], endsExpression(previous)
            {
                return index
            }
            index += 1
        }
        return index
    }

    private func endsExpression(_ token: JavaScriptToken) -> Bool {
        switch token.kind {
        case .identifier, .number, .string, .regularExpression, .privateName, .template(.complete), .template(.tail): return true
        case .punctuator: return Self.expressionEnders.contains(token.text)
        default: return false
        }
    }
}
