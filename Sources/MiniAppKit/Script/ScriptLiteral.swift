/// What the lexer-level reader can tell about an expression without evaluating it.
public indirect enum ScriptLiteralValue: Sendable, Hashable {
    /// A string literal, or a template literal without substitutions; the decoded value.
    case string(String)
    case object(ScriptObjectLiteral)
    /// A string built at run time whose start is written: `'pages/d/d?id=' + id`,
    /// `` `pages/d/d?id=${id}` ``; the fixed start, decoded.
    case stringPrefix(String)
    /// Anything else: a variable, a call, a number, a function, a template with `${ }`.
    case dynamic

    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The text the string starts with: all of a literal, the fixed start of a concatenation.
    public var knownStart: String? {
        switch self {
        case .string(let value), .stringPrefix(let value): return value
        default: return nil
        }
    }

    public var objectLiteral: ScriptObjectLiteral? {
        if case .object(let literal) = self { return literal }
        return nil
    }
}

/// One argument of a call, with the byte range of its expression.
public struct ScriptArgument: Sendable, Hashable {
    public var value: ScriptLiteralValue
    public var range: Range<Int>

    public init(value: ScriptLiteralValue, range: Range<Int>) {
        self.value = value
        self.range = range
    }
}

/// An object literal `{ … }` as written: its keys with ranges and what their values are.
public struct ScriptObjectLiteral: Sendable, Hashable {
    public enum Key: Sendable, Hashable {
        /// An identifier, string or number key: `url`, `'a.b'`, `0`.
        case name(String)
        /// `[expression]`: known only at run time.
        case computed
    }

    public struct Member: Sendable, Hashable {
        public var key: Key
        public var keyRange: Range<Int>
        /// `.dynamic` for shorthand (`{ url }`) and method (`{ f() {} }`) members.
        public var value: ScriptLiteralValue
        public var valueRange: Range<Int>

        public init(key: Key, keyRange: Range<Int>, value: ScriptLiteralValue, valueRange: Range<Int>) {
            self.key = key
            self.keyRange = keyRange
            self.value = value
            self.valueRange = valueRange
        }

        public var name: String? {
            if case .name(let name) = key { return name }
            return nil
        }
    }

    public var members: [Member]
    /// `{ ...other }` adds members nobody can list here.
    public var hasSpread: Bool
    /// From `{` to `}`.
    public var range: Range<Int>

    public init(members: [Member], hasSpread: Bool, range: Range<Int>) {
        self.members = members
        self.hasSpread = hasSpread
        self.range = range
    }

    /// The last member named `name` (a later duplicate wins, as in JavaScript).
    public func member(named name: String) -> Member? {
        members.last { $0.name == name }
    }
}
