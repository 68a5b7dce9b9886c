/// An expression in a directive's value, as the Alpine.js CSP build (3.15 and later) parses
/// it: its own small parser (`packages/csp/src/parser.js`) instead of `new Function`, which a
/// strict Content Security Policy forbids. Ranges are offsets into the expression text.
public struct AlpineExpression: Sendable, Hashable {
    public indirect enum Kind: Sendable, Hashable {
        case number(String)
        case string(String)
        case boolean(Bool)
        case null
        case undefined
        case identifier(String)
        /// `object.name`; `nameRange` is the property name's range.
        case member(object: AlpineExpression, name: String, nameRange: Range<Int>)
        /// `object[index]`.
        case index(object: AlpineExpression, index: AlpineExpression)
        case call(callee: AlpineExpression, arguments: [AlpineExpression])
        /// `!x`, `-x`, `+x`.
        case unary(operator: String, operand: AlpineExpression)
        /// `x++`, `--x`.
        case update(operator: String, operand: AlpineExpression, prefix: Bool)
        case binary(operator: String, left: AlpineExpression, right: AlpineExpression)
        case conditional(test: AlpineExpression, consequent: AlpineExpression, alternate: AlpineExpression)
        case assignment(target: AlpineExpression, value: AlpineExpression)
        case array([AlpineExpression])
        case object([AlpineObjectProperty])
    }

    public var kind: Kind
    public var range: Range<Int>

    /// Whether an `x-data` value names the component the runtime registers as
    /// `Alpine.data('page')`: `page`, or `page()`, which Alpine's data providers make the same
    /// component (a registered name is a function the expression may call).
    public var namesPageComponent: Bool {
        switch kind {
        case .identifier("page"): return true
        case .call(let callee, let arguments): return arguments.isEmpty && callee.kind == .identifier("page")
        default: return false
        }
    }

    public init(_ kind: Kind, range: Range<Int>) {
        self.kind = kind
        self.range = range
    }
}

public struct AlpineObjectProperty: Sendable, Hashable {
    public enum Key: Sendable, Hashable {
        case name(String)
        case computed(AlpineExpression)
    }

    public var key: Key
    public var keyRange: Range<Int>
    public var value: AlpineExpression
}

extension AlpineExpression {
    /// `store.user.name` as ["store", "user", "name"] when the expression is a plain path of
    /// names, else `nil`.
    public var namePath: [String]? {
        switch kind {
        case .identifier(let name): return [name]
        case .member(let object, let name, _): return object.namePath.map { $0 + [name] }
        default: return nil
        }
    }

    /// Every sub-expression, this one first, in source order: for rules that look for a kind
    /// of node anywhere (assignments, `skip.` references, root identifiers).
    public var allNodes: [AlpineExpression] {
        var result: [AlpineExpression] = []
        var stack: [AlpineExpression] = [self]
        while let node = stack.popLast() {
            result.append(node)
            stack.append(contentsOf: node.children.reversed())
        }
        return result
    }

    public var children: [AlpineExpression] {
        switch kind {
        case .number, .string, .boolean, .null, .undefined, .identifier: []
        case .member(let object, _, _): [object]
        case .index(let object, let index): [object, index]
        case .call(let callee, let arguments): [callee] + arguments
        case .unary(_, let operand), .update(_, let operand, _): [operand]
        case .binary(_, let left, let right): [left, right]
        case .conditional(let test, let consequent, let alternate): [test, consequent, alternate]
        case .assignment(let target, let value): [target, value]
        case .array(let elements): elements
        case .object(let properties):
            properties.flatMap { property -> [AlpineExpression] in
                if case .computed(let key) = property.key { return [key, property.value] }
                return [property.value]
            }
        }
    }

    /// The identifiers read from the enclosing scope: the roots of paths and bare names,
    /// not property names after a dot.
    public var rootIdentifiers: [(name: String, range: Range<Int>)] {
        allNodes.compactMap { node in
            if case .identifier(let name) = node.kind { return (name, node.range) }
            return nil
        }
    }
}
