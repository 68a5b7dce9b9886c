/// What a value passed to the host is, as far as the script's text tells: the literal written
/// in the call, or the literal a top-level `const` named there was initialised with (one hop).
/// Anything else is `.unknown`, and the host-argument rules say nothing about it.
enum WrittenValue {
    case number(Double)
    /// A string literal, or a template literal without substitutions; the decoded value.
    case string(String)
    case object(ScriptObjectLiteral)
    /// `[…]`, with the byte range of each element (holes and spreads make it `.unknown`).
    case array(elements: [Range<Int>])
    case undefined
    case null
    case boolean(Bool)
    case unknown

    /// What `JSValue.toDouble()` gives (JavaScript's `ToNumber`), or nil when the value or its
    /// conversion is not known (an object literal with its own `valueOf`, a non-empty array).
    var number: Double? {
        switch self {
        case .number(let value): return value
        case .string(let text): return JavaScriptNumber.value(ofString: text)
        case .undefined: return .nan
        case .null: return 0
        case .boolean(let value): return value ? 1 : 0
        case .object(let literal): return literal.convertsAsPlainObject ? .nan : nil
        case .array(let elements): return elements.isEmpty ? 0 : nil
        case .unknown: return nil
        }
    }

    /// What `JSValue.isObject` gives, or nil when unknown.
    var isObject: Bool? {
        switch self {
        case .object, .array: return true
        case .number, .string, .undefined, .null, .boolean: return false
        case .unknown: return nil
        }
    }
}

extension ScriptObjectLiteral {
    /// Whether converting the object to a number or a string uses `Object.prototype`'s
    /// methods (`NaN`, `"[object Object]"`): no spread, computed key or `__proto__` could
    /// bring others, and it defines no `toString` or `valueOf` of its own.
    var convertsAsPlainObject: Bool {
        !hasSpread
            && members.allSatisfy { member in
                guard let name = member.name else { return false }
                return !["toString", "valueOf", "__proto__"].contains(name)
            }
    }
}

/// A value read from a script, and the top-level constant it came through, if any.
struct ResolvedValue {
    var value: WrittenValue
    /// The name of the `const` the expression is, when the value is that constant's literal.
    var constant: String?
    /// The literal's source text (the constant's initializer for a constant).
    var source: String

    /// How messages show the value: `'many'` for a string, `undefined` or `1e400` as
    /// written, `an object`; a constant is named with its value: `'COUNT' ('many')`.
    var shown: String {
        let literal: String
        switch value {
        case .string(let text): literal = "'\(text)'"
        case .object: literal = "an object"
        case .array: literal = "an array"
        default: literal = source
        }
        return constant.map { "'\($0)' (\(literal))" } ?? literal
    }
}

/// Reads `WrittenValue`s from one script's tokens: literals, and identifiers bound by a
/// top-level `const NAME = <literal>` that nothing else in the file declares again (a
/// parameter or local of the same name could be what a call passes).
struct WrittenValues {
    let script: ScriptModel
    private let stream: BracketedTokens
    private let reader: ScriptLiteralReader
    /// The tokens of the initializer of each top-level constant that can be resolved.
    private let constants: [String: Range<Int>]
    /// Every name the file declares, except by those constants: `undefined`, `NaN` and
    /// `Infinity` are the globals only when the file does not declare them.
    private let declaredNames: Set<String>

    init(script: ScriptModel) {
        self.script = script
        stream = BracketedTokens(tokens: script.tokens)
        reader = ScriptLiteralReader(stream: stream)
        let candidates = Self.topLevelConstants(of: script, in: stream)
        // The constants' own names are blanked, so that the names left are the other
        // declarations: a constant shadowed anywhere in the file is not resolved.
        var tokens = script.tokens
        for candidate in candidates { tokens[candidate.nameIndex].text = "" }
        declaredNames = DeclaredNameCollector(stream: BracketedTokens(tokens: tokens)).collect()
        var constants: [String: Range<Int>] = [:]
        for candidate in candidates where !declaredNames.contains(candidate.name) {
            constants[candidate.name] = candidate.initializer
        }
        self.constants = constants
    }

    /// The value of the expression whose bytes are `range` (an argument, a member's value);
    /// a name is resolved to its constant's literal unless `followingConstants` is false (a
    /// value found inside a constant is not followed further).
    func value(at range: Range<Int>, followingConstants: Bool = true) -> ResolvedValue {
        guard let indices = tokenIndices(range) else { return ResolvedValue(value: .unknown, constant: nil, source: "") }
        if followingConstants, indices.count == 1, let token = stream[indices.lowerBound], token.kind == .identifier,
            let initializer = constants[token.text]
        {
            return ResolvedValue(value: value(initializer), constant: token.text, source: text(stream.byteRange(initializer)))
        }
        return ResolvedValue(value: value(indices), constant: nil, source: text(range))
    }

    /// The source text of `range`, for messages and fix-its.
    func text(_ range: Range<Int>) -> String {
        String(decoding: script.file.bytes[range.clamped(to: 0..<script.file.bytes.count)], as: UTF8.self)
    }

    /// The tokens whose bytes lie in `range`.
    private func tokenIndices(_ range: Range<Int>) -> Range<Int>? {
        let tokens = stream.tokens
        let lower = tokens.partitioningIndex { $0.range.lowerBound >= range.lowerBound }
        let upper = tokens.partitioningIndex { $0.range.lowerBound >= range.upperBound }
        return lower < upper ? lower..<upper : nil
    }

    /// What the tokens `indices` (one whole expression) are; a constant is not followed.
    private func value(_ indices: Range<Int>) -> WrittenValue {
        guard let first = stream[indices.lowerBound], !indices.isEmpty else { return .unknown }
        let last = indices.upperBound - 1
        if indices.count == 1 { return value(of: first) }
        if first.kind == .punctuator, stream.partner(of: indices.lowerBound) == last {
            switch first.text {
            case "{": return .object(reader.objectLiteral(open: indices.lowerBound))
            case "[": return arrayLiteral(open: indices.lowerBound)
            case "(": return value(indices.lowerBound + 1..<last)
            default: return .unknown
            }
        }
        if indices.count == 2, let operand = stream[last] {
            // `-1`, `+'3'`, `-Infinity`: unary plus and minus convert with ToNumber.
            if first.isPunctuator("-") || first.isPunctuator("+") {
                guard let number = value(of: operand).number else { return .unknown }
                return .number(first.text == "-" ? -number : number)
            }
            if first.isIdentifier("void"), operand.kind != .punctuator { return .undefined }
        }
        return .unknown
    }

    private func value(of token: JavaScriptToken) -> WrittenValue {
        switch token.kind {
        case .number:
            return JavaScriptNumber.value(ofLiteral: token.text).map(WrittenValue.number) ?? .unknown
        case .string, .template(.complete):
            return .string(token.text)
        case .identifier:
            switch token.text {
            case "null": return .null
            case "true": return .boolean(true)
            case "false": return .boolean(false)
            case "undefined" where !declaredNames.contains("undefined"): return .undefined
            case "NaN" where !declaredNames.contains("NaN"): return .number(.nan)
            case "Infinity" where !declaredNames.contains("Infinity"): return .number(.infinity)
            default: return .unknown
            }
        default:
            return .unknown
        }
    }

    private func arrayLiteral(open: Int) -> WrittenValue {
        guard let close = stream.partner(of: open) else { return .unknown }
        var elements: [Range<Int>] = []
        var start = open + 1
        while start < close {
            let end = stream.endOfListElement(from: start, before: close)
            // A hole (`[1, , 2]`) or a spread changes the length or the elements.
            if end == start || stream.isPunctuator(start, "...") { return .unknown }
            elements.append(stream.byteRange(start..<end))
            start = end + 1
        }
        return .array(elements: elements)
    }

    private struct Constant {
        var name: String
        var nameIndex: Int
        var initializer: Range<Int>
    }

    /// `const NAME = <literal>` among the script's top-level declarations, where the literal
    /// is one token, a signed one, or a bracketed `{…}`/`[…]`, and is the whole initializer
    /// (a `,` or the end of the declaration follows it). Names bound by a pattern are not.
    private static func topLevelConstants(of script: ScriptModel, in stream: BracketedTokens) -> [Constant] {
        script.topLevelDeclarations.compactMap { declaration -> Constant? in
            guard declaration.kind == .const else { return nil }
            let nameIndex = stream.tokens.partitioningIndex { $0.range.lowerBound >= declaration.range.lowerBound }
            guard let name = stream[nameIndex], name.range == declaration.range, stream.isPunctuator(nameIndex + 1, "="),
                isDeclaratorName(nameIndex, from: declaration.tokenRange.lowerBound, in: stream), let first = stream[nameIndex + 2]
            else { return nil }
            let start = nameIndex + 2
            var end = start + 1
            if first.kind == .punctuator {
                if first.text == "{" || first.text == "[", let partner = stream.partner(of: start) {
                    end = partner + 1
                } else if first.text == "-" || first.text == "+", stream[start + 1]?.kind != .punctuator {
                    end = start + 2
                } else {
                    return nil
                }
            }
            guard stream.isPunctuator(end, ",") || end == declaration.tokenRange.upperBound else { return nil }
            return Constant(name: name.text, nameIndex: nameIndex, initializer: start..<end)
        }
    }

    /// Whether the name at `index` is a declarator's own name, not one inside a pattern
    /// (`const { a = 1, b } = o`): stepping over brackets from the keyword lands on it.
    private static func isDeclaratorName(_ index: Int, from keyword: Int, in stream: BracketedTokens) -> Bool {
        var cursor = keyword + 1
        while cursor < index {
            if let partner = stream.partner(of: cursor), partner > cursor {
                cursor = partner + 1
            } else {
                cursor += 1
            }
        }
        return cursor == index
    }
}

extension Collection {
    /// The first index whose element satisfies `predicate`, which must be false for a prefix
    /// of the collection and true for the rest; a binary search.
    func partitioningIndex(where predicate: (Element) -> Bool) -> Index {
        var low = startIndex
        var count = self.count
        while count > 0 {
            let half = count / 2
            let middle = index(low, offsetBy: half)
            if predicate(self[middle]) {
                count = half
            } else {
                low = index(after: middle)
                count -= half + 1
            }
        }
        return low
    }
}

extension ProjectModel {
    /// The calls of the host-API `members` (without the namespace) in every script that
    /// parses, each script with a reader of the values written in it: what the host-argument
    /// rules check. Empty unless the runtime converts host arguments natively.
    func nativeHostCalls(_ members: Set<String>) -> [(script: ScriptModel, calls: [HostAPICall], values: WrittenValues)] {
        guard runtime.has(.nativeHostArguments), let api = runtime.hostAPI else { return [] }
        return scripts.compactMap { script in
            guard script.registration.issue?.kind != .syntaxError else { return nil }
            let calls = script.facts.hostAPICalls.filter { api.namespaces.contains($0.namespace) && members.contains($0.member) }
            guard !calls.isEmpty else { return nil }
            return (script, calls, WrittenValues(script: script))
        }
    }
}
