/// The object literal a script passes to `Page({ … })`, read from its tokens: where the keys of
/// its `data` are written, and what its `onLoad` may change in the data before the first render.
///
/// Only a script with exactly one `Page({` has one: with several, which registration the
/// runtime keeps depends on what runs, and the engine's record (`ScriptRegistration`) is the
/// authority on that.
struct PageOptionsLiteral {
    let stream: BracketedTokens
    /// Token index of the literal's `{`, and of its `}`.
    let open: Int
    let close: Int

    init?(tokens: [JavaScriptToken]) {
        let stream = BracketedTokens(tokens: tokens)
        var found: (open: Int, close: Int)?
        for index in 0..<stream.count where stream[index]?.isIdentifier("Page") == true && !stream.isPunctuator(index - 1, in: [".", "?."])
        {
            guard stream.isPunctuator(index + 1, "("), stream.isPunctuator(index + 2, "{"), let close = stream.partner(of: index + 2) else {
                continue
            }
            if found != nil { return nil }
            found = (index + 2, close)
        }
        guard let found else { return nil }
        self.stream = stream
        self.open = found.open
        self.close = found.close
    }

    /// The literal's members as written.
    var literal: ScriptObjectLiteral { ScriptLiteralReader(stream: stream).objectLiteral(open: open) }

    /// `data: { … }` when it is written as an object literal.
    var dataLiteral: ScriptObjectLiteral? { literal.member(named: "data")?.value.objectLiteral }

    /// The tokens of the last member named `name` (a later duplicate wins, as in JavaScript):
    /// `name(…) { … }`, `async name(…) { … }` or `name: value`, key included.
    func memberTokens(named name: String) -> Range<Int>? {
        var result: Range<Int>?
        var start = open + 1
        while start < close {
            let end = stream.endOfListElement(from: start, before: close)
            var key = start
            while key + 1 < end,
                stream.isPunctuator(key, "*")
                    || (stream[key]?.isIdentifier("async") == true && !stream.isPunctuator(key + 1, in: ["(", ":"]))
            {
                key += 1
            }
            if let token = stream[key], token.kind == .identifier || token.kind == .string, token.text == name,
                stream.isPunctuator(key + 1, in: ["(", ":"])
            {
                result = start..<end
            }
            start = end + 1
        }
        return result
    }

    /// What `onLoad` may change in the data before the first render (SkipMiniApp renders the
    /// data as `onLoad` leaves it, `skip.model-wired-once`): the top-level keys it may set, or
    /// nil when that cannot be told from the tokens: `onLoad` is not written in the literal
    /// (though `hasOnLoad` says the page has one), it is a reference to a function, it calls
    /// another method (`this.load()`), passes or stores `this`, or sets data through a patch
    /// or a path that is not written out. Reads count as writes: `this.data.items.push(x)`
    /// changes `items`.
    func onLoadDataWrites(hasOnLoad: Bool) -> Set<String>? {
        guard let member = memberTokens(named: "onLoad") else { return hasOnLoad ? nil : [] }
        guard isFunctionDefinition(member) else { return nil }
        let reader = ScriptLiteralReader(stream: stream)
        var aliases: Set<String> = []
        var keys: Set<String> = []
        for index in member {
            guard let token = stream[index], token.kind == .identifier, !stream.isPunctuator(index - 1, in: [".", "?."]) else { continue }
            let isThis = token.text == "this"
            guard isThis || aliases.contains(token.text) else { continue }
            if isThis, stream.isPunctuator(index - 1, "=") {
                // `const that = this`: an alias inside onLoad. Stored anywhere else, `this`
                // escapes, and any call may set data through it.
                guard let name = stream[index - 2], name.kind == .identifier,
                    stream[index - 3].map({ ["const", "let", "var"].contains($0.text) }) == true,
                    !stream.isPunctuator(index + 1, in: [".", "?.", "[", "("])
                else { return nil }
                aliases.insert(name.text)
                continue
            }
            if !isThis, stream.isPunctuator(index + 1, "=") { continue }  // the alias being declared
            guard stream.isPunctuator(index + 1, in: [".", "?."]), let property = stream[index + 2], property.kind == .identifier else {
                return nil  // `this` passed, returned or bound: anything may change the data
            }
            switch property.text {
            case "setData":
                var call = index + 3
                if stream.isPunctuator(call, "?.") { call += 1 }
                guard stream.isPunctuator(call, "(") else { return nil }
                guard let patch = reader.arguments(open: call).first else { continue }  // no patch: ignored
                guard let literal = patch.value.objectLiteral, !literal.hasSpread else { return nil }
                for member in literal.members {
                    guard let name = member.name else { return nil }
                    keys.insert(ScriptUndeclaredSetDataKey.rootKey(of: name))
                }
            case "data":
                if stream.isPunctuator(index + 3, in: [".", "?."]), let key = stream[index + 4], key.kind == .identifier {
                    keys.insert(key.text)
                } else if stream.isPunctuator(index + 3, "["), let key = stream[index + 4], key.kind == .string,
                    stream.isPunctuator(index + 5, "]")
                {
                    keys.insert(key.text)
                } else {
                    return nil
                }
            default:
                // `this.load()`: a method may call `setData`; another property is not data.
                var next = index + 3
                if stream.isPunctuator(next, "?.") { next += 1 }
                if stream.isPunctuator(next, "(") { return nil }
            }
        }
        return keys
    }

    /// `onLoad(…) { … }`, `onLoad: function (…) { … }` or `onLoad: (…) => …`, not
    /// `onLoad: sharedLoad` or `onLoad: make()`, whose body is elsewhere.
    private func isFunctionDefinition(_ member: Range<Int>) -> Bool {
        var index = member.lowerBound
        while !(stream[index]?.text == "onLoad"), index < member.upperBound { index += 1 }
        index += 1
        if stream.isPunctuator(index, "(") { return true }
        guard stream.isPunctuator(index, ":") else { return false }
        index += 1
        if stream[index]?.isIdentifier("async") == true { index += 1 }
        if stream[index]?.isIdentifier("function") == true { return true }
        if stream.isIdentifier(index), stream.isPunctuator(index + 1, "=>") { return true }
        if stream.isPunctuator(index, "("), let close = stream.partner(of: index), stream.isPunctuator(close + 1, "=>") { return true }
        return false
    }
}
