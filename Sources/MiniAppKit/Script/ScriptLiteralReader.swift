/// Reads call arguments and object literals from bracketed tokens.
struct ScriptLiteralReader {
    let stream: BracketedTokens
    /// Object literals nested deeper than this read as `.dynamic`: reading recurses, and a
    /// generated file may nest thousands deep.
    static let maximumDepth = 32

    /// The arguments of the call whose `(` is at `open`.
    func arguments(open: Int) -> [ScriptArgument] {
        guard let close = stream.partner(of: open), close > open + 1 else { return [] }
        var arguments: [ScriptArgument] = []
        var start = open + 1
        while start < close {
            let end = stream.endOfListElement(from: start, before: close)
            // A trailing comma ends the list without another argument.
            if end > start || end < close {
                arguments.append(ScriptArgument(value: value(start..<end, depth: 0), range: stream.byteRange(start..<end)))
            }
            start = end + 1
        }
        return arguments
    }

    /// What the tokens `indices` (one whole expression) are.
    func value(_ indices: Range<Int>, depth: Int) -> ScriptLiteralValue {
        guard let first = stream[indices.lowerBound], !indices.isEmpty else { return .dynamic }
        if indices.count == 1, first.isStringLike {
            return .string(first.text)
        }
        if first.isPunctuator("{"), stream.partner(of: indices.lowerBound) == indices.upperBound - 1, depth < Self.maximumDepth {
            return .object(objectLiteral(open: indices.lowerBound, depth: depth + 1))
        }
        return concatenation(indices) ?? .dynamic
    }

    /// Operators that leave a string built with `+` a string that starts with its first
    /// operand: `+` itself, and what binds tighter inside a later operand (`a.b`, `n * 2`).
    private static let concatenationOperators: Set<String> = ["+", ".", "?.", "*", "/", "%", "**"]

    /// `'a' + 'b'` (a string), `'pages/d/d?id=' + id` and `` `pages/d/d?id=${id}` `` (a string
    /// with a fixed start), or nil when the expression is anything else (`'a' + b ? c : d`).
    private func concatenation(_ indices: Range<Int>) -> ScriptLiteralValue? {
        guard let first = stream[indices.lowerBound], first.isStringLike || first.kind == .template(.head) else { return nil }
        // The whole expression must be a chain of `+`: any other operator at this level (`?:`,
        // `||`, `-`, `,`) could make it something else.
        var index = indices.lowerBound
        while index < indices.upperBound {
            guard let token = stream[index] else { return nil }
            if token.kind == .punctuator {
                if let partner = stream.partner(of: index), partner > index {
                    index = partner + 1
                    continue
                }
                guard Self.concatenationOperators.contains(token.text) else { return nil }
            }
            index += 1
        }
        // The fixed start: string literals joined by `+`, up to the first thing not written.
        var text = ""
        index = indices.lowerBound
        while let token = stream[index], index < indices.upperBound {
            if token.kind == .template(.head) { return .stringPrefix(text + token.text) }
            let operandEnd = index + 1
            guard token.isStringLike, operandEnd == indices.upperBound || stream.isPunctuator(operandEnd, "+") else {
                return .stringPrefix(text)
            }
            text += token.text
            if operandEnd == indices.upperBound { return .string(text) }
            index = operandEnd + 1
        }
        return .stringPrefix(text)
    }

    /// The object literal whose `{` is at `open` (which must be paired).
    func objectLiteral(open: Int, depth: Int = 0) -> ScriptObjectLiteral {
        let close = stream.partner(of: open) ?? open
        var members: [ScriptObjectLiteral.Member] = []
        var hasSpread = false
        var index = open + 1
        while index < close {
            let elementEnd = stream.endOfListElement(from: index, before: close)
            defer { index = elementEnd + 1 }
            if elementEnd == index { continue }
            if stream.isPunctuator(index, "...") {
                hasSpread = true
                continue
            }
            if let member = member(index..<elementEnd, depth: depth) {
                members.append(member)
            }
        }
        return ScriptObjectLiteral(members: members, hasSpread: hasSpread, range: stream.byteRange(open..<close + 1))
    }

    private static let modifiers: Set<String> = ["get", "set", "async", "static"]
    private static let afterKey: Set<String> = [":", "(", ",", "}", "="]

    /// One `key: value`, `key`, `key() {}` or `[key]: value` element.
    private func member(_ indices: Range<Int>, depth: Int) -> ScriptObjectLiteral.Member? {
        var keyIndex = indices.lowerBound
        // `get name() {}`, `async *name() {}`: the key is after the modifiers.
        while keyIndex + 1 < indices.upperBound,
            stream.isPunctuator(keyIndex, "*")
                || (stream[keyIndex]?.kind == .identifier && Self.modifiers.contains(stream[keyIndex]?.text ?? "")
                    && !stream.isPunctuator(keyIndex + 1, in: Self.afterKey))
        {
            keyIndex += 1
        }
        guard let keyToken = stream[keyIndex] else { return nil }
        let key: ScriptObjectLiteral.Key
        var afterKeyIndex = keyIndex + 1
        let keyRange: Range<Int>
        switch keyToken.kind {
        case .punctuator where keyToken.text == "[":
            guard let closing = stream.partner(of: keyIndex) else { return nil }
            key = .computed
            keyRange = stream.byteRange(keyIndex..<closing + 1)
            afterKeyIndex = closing + 1
        case .identifier, .number, .privateName:
            key = .name(keyToken.text)
            keyRange = keyToken.range
        case .string:
            key = .name(keyToken.text)
            keyRange = keyToken.range
        default:
            return nil
        }

        if stream.isPunctuator(afterKeyIndex, ":") {
            let valueIndices = afterKeyIndex + 1..<indices.upperBound
            return ScriptObjectLiteral.Member(
                key: key, keyRange: keyRange, value: value(valueIndices, depth: depth), valueRange: stream.byteRange(valueIndices))
        }
        if stream.isPunctuator(afterKeyIndex, "(") {
            // A method: from its parameters to the end of its body.
            let valueIndices = afterKeyIndex..<indices.upperBound
            return ScriptObjectLiteral.Member(key: key, keyRange: keyRange, value: .dynamic, valueRange: stream.byteRange(valueIndices))
        }
        // Shorthand `{ url }` (or `{ url = default }` in a pattern): the value is a variable.
        return ScriptObjectLiteral.Member(key: key, keyRange: keyRange, value: .dynamic, valueRange: keyRange)
    }
}
