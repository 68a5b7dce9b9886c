/// Parses directive values the way the Alpine.js CSP build does, so that mactl refuses what
/// that build would refuse at run time (where the author sees only a console error):
/// template literals, arrow functions, `?.`, `??`, spread, `new`, `typeof`, compound
/// assignment, bitwise operators, several statements.
///
/// Grammar (from `@alpinejs/csp` 3.15+ `parser.js`): one expression with an optional
/// trailing `;` — assignment (`=` only) → ternary → `||` → `&&` → equality → relational →
/// additive → multiplicative → unary (`++ -- ! - +`) → postfix `++`/`--` → member, index
/// and call → literals (numbers with at most one decimal point, single- or double-quoted
/// strings, true/false/null/undefined), identifiers, `( )`, array and object literals
/// (keys: names, strings or `[computed]`; every key needs a value).
public struct AlpineExpressionParser {
    public struct Failure: Error, Sendable, Hashable {
        public var message: String
        /// Offsets into the expression text.
        public var range: Range<Int>
    }

    private let tokens: [AlpineToken]
    private var position = 0
    private var depth = 0

    private init(tokens: [AlpineToken]) {
        self.tokens = tokens
    }

    public static func parse(_ text: String) -> Result<AlpineExpression, Failure> {
        let tokens: [AlpineToken]
        switch AlpineTokenizer.tokenize(text) {
        case .success(let result): tokens = result
        case .failure(let failure): return .failure(failure)
        }
        var parser = AlpineExpressionParser(tokens: tokens)
        do {
            guard !parser.atEnd else {
                throw Failure(message: "the expression is empty", range: 0..<0)
            }
            let expression = try parser.parseAssignment()
            if parser.check(.punctuation, ";") {
                let semicolon = parser.advance()
                if !parser.atEnd {
                    throw Failure(
                        message: "only one expression is allowed; the Alpine CSP build does not run several statements",
                        range: semicolon.range)
                }
            }
            if !parser.atEnd {
                throw Failure(message: "unexpected '\(parser.current.text)' after the expression", range: parser.current.range)
            }
            return .success(expression)
        } catch let failure as Failure {
            return .failure(failure)
        } catch {
            return .failure(Failure(message: "the expression cannot be parsed", range: 0..<0))
        }
    }

    // MARK: - Grammar

    private mutating func parseAssignment() throws -> AlpineExpression {
        try enter()
        defer { depth -= 1 }
        let target = try parseTernary()
        if match(.operator, "=") {
            let value = try parseAssignment()
            switch target.kind {
            case .identifier, .member, .index:
                return AlpineExpression(.assignment(target: target, value: value), range: target.range.lowerBound..<value.range.upperBound)
            default:
                throw Failure(message: "invalid assignment target", range: target.range)
            }
        }
        return target
    }

    private mutating func parseTernary() throws -> AlpineExpression {
        let test = try parseBinary(level: 0)
        guard match(.punctuation, "?") else { return test }
        let consequent = try parseAssignment()
        try consume(.punctuation, ":", "expected ':' in the conditional expression")
        let alternate = try parseAssignment()
        return AlpineExpression(
            .conditional(test: test, consequent: consequent, alternate: alternate),
            range: test.range.lowerBound..<alternate.range.upperBound)
    }

    /// Binary operators by precedence, loosest first.
    private static let binaryLevels: [[String]] = [
        ["||"], ["&&"], ["==", "!=", "===", "!=="], ["<", ">", "<=", ">="], ["+", "-"], ["*", "/", "%"],
    ]

    private mutating func parseBinary(level: Int) throws -> AlpineExpression {
        guard level < Self.binaryLevels.count else { return try parseUnary() }
        var left = try parseBinary(level: level + 1)
        while current.kind == .operator, Self.binaryLevels[level].contains(current.text) {
            let operatorText = advance().text
            let right = try parseBinary(level: level + 1)
            left = AlpineExpression(
                .binary(operator: operatorText, left: left, right: right), range: left.range.lowerBound..<right.range.upperBound)
        }
        return left
    }

    private mutating func parseUnary() throws -> AlpineExpression {
        try enter()
        defer { depth -= 1 }
        let start = current.range.lowerBound
        if current.kind == .operator, current.text == "++" || current.text == "--" {
            let operatorText = advance().text
            let operand = try parseUnary()
            return AlpineExpression(
                .update(operator: operatorText, operand: operand, prefix: true), range: start..<operand.range.upperBound)
        }
        if current.kind == .operator, ["!", "-", "+"].contains(current.text) {
            let operatorText = advance().text
            let operand = try parseUnary()
            return AlpineExpression(.unary(operator: operatorText, operand: operand), range: start..<operand.range.upperBound)
        }
        let expression = try parseMember()
        if current.kind == .operator, current.text == "++" || current.text == "--" {
            let token = advance()
            return AlpineExpression(
                .update(operator: token.text, operand: expression, prefix: false),
                range: expression.range.lowerBound..<token.range.upperBound)
        }
        return expression
    }

    private mutating func parseMember() throws -> AlpineExpression {
        var expression = try parsePrimary()
        while true {
            if match(.punctuation, ".") {
                guard current.kind == .identifier || current.kind == .literalKeyword else {
                    throw Failure(message: "expected a property name after '.'", range: current.range)
                }
                let name = advance()
                expression = AlpineExpression(
                    .member(object: expression, name: name.text, nameRange: name.range),
                    range: expression.range.lowerBound..<name.range.upperBound)
            } else if match(.punctuation, "[") {
                let index = try parseAssignment()
                let close = try consume(.punctuation, "]", "expected ']' after the index")
                expression = AlpineExpression(
                    .index(object: expression, index: index), range: expression.range.lowerBound..<close.range.upperBound)
            } else if match(.punctuation, "(") {
                var arguments: [AlpineExpression] = []
                if !check(.punctuation, ")") {
                    repeat {
                        arguments.append(try parseAssignment())
                    } while match(.punctuation, ",")
                }
                let close = try consume(.punctuation, ")", "expected ')' after the arguments")
                expression = AlpineExpression(
                    .call(callee: expression, arguments: arguments), range: expression.range.lowerBound..<close.range.upperBound)
            } else {
                return expression
            }
        }
    }

    private mutating func parsePrimary() throws -> AlpineExpression {
        let token = current
        switch token.kind {
        case .number:
            position += 1
            return AlpineExpression(.number(token.text), range: token.range)
        case .string(let value):
            position += 1
            return AlpineExpression(.string(value), range: token.range)
        case .literalKeyword:
            position += 1
            let kind: AlpineExpression.Kind =
                switch token.text {
                case "true": .boolean(true)
                case "false": .boolean(false)
                case "null": .null
                default: .undefined
                }
            return AlpineExpression(kind, range: token.range)
        case .identifier:
            position += 1
            return AlpineExpression(.identifier(token.text), range: token.range)
        case .unsupportedKeyword:
            throw Failure(message: "'\(token.text)' is not supported by the Alpine CSP build", range: token.range)
        case .punctuation where token.text == "(":
            position += 1
            let inner = try parseAssignment()
            try consume(.punctuation, ")", "expected ')' to close the parenthesis")
            return inner
        case .punctuation where token.text == "[":
            return try parseArray()
        case .punctuation where token.text == "{":
            return try parseObject()
        case .end:
            throw Failure(message: "the expression ends too early", range: token.range)
        default:
            throw Failure(message: "unexpected '\(token.text)'", range: token.range)
        }
    }

    private mutating func parseArray() throws -> AlpineExpression {
        let open = advance()
        var elements: [AlpineExpression] = []
        while !check(.punctuation, "]") && !atEnd {
            elements.append(try parseAssignment())
            if !match(.punctuation, ",") { break }
        }
        let close = try consume(.punctuation, "]", "expected ']' to close the array")
        return AlpineExpression(.array(elements), range: open.range.lowerBound..<close.range.upperBound)
    }

    private mutating func parseObject() throws -> AlpineExpression {
        let open = advance()
        var properties: [AlpineObjectProperty] = []
        while !check(.punctuation, "}") && !atEnd {
            let keyToken = current
            let key: AlpineObjectProperty.Key
            switch keyToken.kind {
            case .string(let value):
                position += 1
                key = .name(value)
            case .identifier, .literalKeyword, .unsupportedKeyword:
                position += 1
                key = .name(keyToken.text)
            case .punctuation where keyToken.text == "[":
                position += 1
                key = .computed(try parseAssignment())
                try consume(.punctuation, "]", "expected ']' after the computed key")
            default:
                throw Failure(message: "expected a property key", range: keyToken.range)
            }
            if !check(.punctuation, ":"), case .name(let name) = key {
                throw Failure(
                    message: "property '\(name)' needs a value ('\(name): \(name)'); the Alpine CSP build has no shorthand properties",
                    range: keyToken.range)
            }
            try consume(.punctuation, ":", "expected ':' after the property key")
            let value = try parseAssignment()
            properties.append(AlpineObjectProperty(key: key, keyRange: keyToken.range, value: value))
            if !match(.punctuation, ",") { break }
        }
        let close = try consume(.punctuation, "}", "expected '}' to close the object")
        return AlpineExpression(.object(properties), range: open.range.lowerBound..<close.range.upperBound)
    }

    // MARK: - Tokens

    private var current: AlpineToken { tokens[position] }
    private var atEnd: Bool { current.kind == .end }

    private mutating func enter() throws {
        depth += 1
        if depth > Limits.expressionNesting {
            throw Failure(message: "the expression nests deeper than \(Limits.expressionNesting) levels", range: current.range)
        }
    }

    @discardableResult
    private mutating func advance() -> AlpineToken {
        let token = tokens[position]
        if token.kind != .end { position += 1 }
        return token
    }

    private func check(_ kind: AlpineToken.Kind, _ text: String) -> Bool {
        current.kind == kind && current.text == text
    }

    private mutating func match(_ kind: AlpineToken.Kind, _ text: String) -> Bool {
        guard check(kind, text) else { return false }
        position += 1
        return true
    }

    @discardableResult
    private mutating func consume(_ kind: AlpineToken.Kind, _ text: String, _ message: String) throws -> AlpineToken {
        guard check(kind, text) else {
            throw Failure(message: current.kind == .end ? message : "\(message), found '\(current.text)'", range: current.range)
        }
        return advance()
    }
}
