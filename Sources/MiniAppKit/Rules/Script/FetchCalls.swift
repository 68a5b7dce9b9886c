/// The fetch calls of a script and the places its code reads the response's `headers`, found
/// from the tokens: the global `fetch(…)` (unless the file declares its own `fetch`) and
/// `skip.net.fetch(…)`/`miniapp.net.fetch(…)` through the runtime's namespaces.
///
/// A response is followed only where it is plainly one: a name declared with
/// `const|let|var name = await fetch(…)` (read in the rest of its block), the first parameter
/// of a `.then(…)` callback chained on the call, `(await fetch(…)).headers`, and `headers`
/// destructured from either. Other `.headers` reads are not guessed at.
struct FetchCalls {
    struct Call {
        /// `fetch` or `skip.net.fetch`, as written.
        var name: String
        /// From the first token of the callee to the end of `fetch`.
        var range: Range<Int>
        /// The arguments, with their literal values.
        var arguments: [ScriptArgument]
        /// Reads of the response's `headers`: `res.headers`, `{ headers }`.
        var headerReads: [HeaderRead]
    }

    struct HeaderRead {
        /// `res.headers` as written, or `headers` for a destructured name.
        var text: String
        var range: Range<Int>
        /// The name the response has (`res`), when it has one.
        var response: String?
    }

    private let stream: BracketedTokens
    private let reader: ScriptLiteralReader

    init(tokens: [JavaScriptToken]) {
        stream = BracketedTokens(tokens: tokens)
        reader = ScriptLiteralReader(stream: stream)
    }

    private static let memberAccess: Set<String> = [".", "?."]

    /// The calls in source order; `namespaces` are the host's (`skip`, `miniapp`).
    func calls(namespaces: Set<String>) -> [Call] {
        let declared = DeclaredNameCollector(stream: stream).collect()
        var calls: [Call] = []
        for index in 0..<stream.count where stream[index]?.isIdentifier("fetch") == true {
            var calleeStart = index
            if stream.isPunctuator(index - 1, in: Self.memberAccess) {
                // `skip.net.fetch`: the namespace must be the host's, not a property or a local.
                guard stream[index - 2]?.isIdentifier("net") == true, stream.isPunctuator(index - 3, in: Self.memberAccess),
                    let namespace = stream[index - 4], namespace.kind == .identifier, namespaces.contains(namespace.text),
                    !declared.contains(namespace.text), !stream.isPunctuator(index - 5, in: Self.memberAccess)
                else { continue }
                calleeStart = index - 4
            } else if declared.contains("fetch") {
                // A file that declares `fetch` calls its own (or, at the top level, replaces the runtime's).
                continue
            }
            var open = index + 1
            if stream.isPunctuator(open, "?."), stream.isPunctuator(open + 1, "(") { open += 1 }
            guard stream.isPunctuator(open, "("), let close = stream.partner(of: open), close > open,
                // `{ fetch() {} }` defines a method.
                !stream.isPunctuator(close + 1, "{"),
                let first = stream[calleeStart], let last = stream[index]
            else { continue }
            let name = (calleeStart..<index + 1).compactMap { stream[$0]?.text }.joined()
            calls.append(
                Call(
                    name: name, range: first.range.lowerBound..<last.range.upperBound, arguments: reader.arguments(open: open),
                    headerReads: headerReads(calleeStart: calleeStart, close: close)))
        }
        return calls
    }

    // MARK: - The response

    private func headerReads(calleeStart: Int, close: Int) -> [HeaderRead] {
        var reads: [HeaderRead] = []
        // fetch(…).then(r => …) / .then(function (r) { … })
        if stream.isPunctuator(close + 1, "."), stream[close + 2]?.isIdentifier("then") == true, stream.isPunctuator(close + 3, "("),
            let thenClose = stream.partner(of: close + 3)
        {
            let callback = close + 4..<stream.endOfListElement(from: close + 4, before: thenClose)
            reads += callbackReads(callback)
        }
        guard stream[calleeStart - 1]?.isIdentifier("await") == true else { return reads }
        let awaitIndex = calleeStart - 1
        // (await fetch(…)).headers
        if stream.isPunctuator(awaitIndex - 1, "("), stream.partner(of: awaitIndex - 1) == close + 1,
            let read = memberRead(at: close + 2, object: awaitIndex - 1, shown: "(await fetch(…))", response: nil)
        {
            reads.append(read)
        }
        // const res = await fetch(…) / const { headers } = await fetch(…)
        guard stream.isPunctuator(awaitIndex - 1, "=") else { return reads }
        let target = awaitIndex - 2
        if let name = stream[target], name.kind == .identifier, isDeclarationKeyword(target - 1) {
            reads += namedReads(name.text, in: close + 1..<endOfEnclosingBlock(of: target))
        } else if stream.isPunctuator(target, "}"), let open = stream.partner(of: target), isDeclarationKeyword(open - 1) {
            reads += destructuredHeaders(open: open)
        }
        return reads
    }

    private func isDeclarationKeyword(_ index: Int) -> Bool {
        guard let token = stream[index], token.kind == .identifier else { return false }
        return ["const", "let", "var"].contains(token.text)
    }

    /// `r => …`, `(r) => …`, `async (r) => …`, `function (r) { … }`, and `{ headers }` in
    /// place of `r`.
    private func callbackReads(_ callback: Range<Int>) -> [HeaderRead] {
        var index = callback.lowerBound
        if stream[index]?.isIdentifier("async") == true { index += 1 }
        if stream[index]?.isIdentifier("function") == true {
            index += 1
            if stream.isIdentifier(index) { index += 1 }  // a named function expression
            guard stream.isPunctuator(index, "("), let closeParameters = stream.partner(of: index),
                stream.isPunctuator(closeParameters + 1, "{"), let closeBody = stream.partner(of: closeParameters + 1)
            else { return [] }
            return parameterReads(index, body: closeParameters + 2..<closeBody)
        }
        if let name = stream[index], name.kind == .identifier, stream.isPunctuator(index + 1, "=>") {
            return namedReads(name.text, in: index + 2..<callback.upperBound)
        }
        guard stream.isPunctuator(index, "("), let closeParameters = stream.partner(of: index),
            stream.isPunctuator(closeParameters + 1, "=>")
        else { return [] }
        return parameterReads(index, body: closeParameters + 2..<callback.upperBound)
    }

    /// The reads of the first parameter of the list opened at `open`, in `body`.
    private func parameterReads(_ open: Int, body: Range<Int>) -> [HeaderRead] {
        if stream.isPunctuator(open + 1, "{") { return destructuredHeaders(open: open + 1) }
        guard let name = stream[open + 1], name.kind == .identifier, stream.isPunctuator(open + 2, in: [",", ")", "="]) else { return [] }
        return namedReads(name.text, in: body)
    }

    /// `name.headers`, `name?.headers`, `name['headers']` in `range`, `name` not a property.
    private func namedReads(_ name: String, in range: Range<Int>) -> [HeaderRead] {
        range.compactMap { index -> HeaderRead? in
            guard stream[index]?.isIdentifier(name) == true, !stream.isPunctuator(index - 1, in: Self.memberAccess) else { return nil }
            return memberRead(at: index + 1, object: index, shown: name, response: name)
        }
    }

    /// `.headers`, `?.headers` or `['headers']` at `index`, after the object that starts at
    /// `object`, shown in messages as `shown`.
    private func memberRead(at index: Int, object: Int, shown: String, response: String?) -> HeaderRead? {
        let end: Int
        let accessor: String
        if stream.isPunctuator(index, in: Self.memberAccess), stream[index + 1]?.isIdentifier("headers") == true {
            end = index + 1
            accessor = (stream[index]?.text ?? ".") + "headers"
        } else if stream.isPunctuator(index, "["), stream[index + 1]?.kind == .string, stream[index + 1]?.text == "headers",
            stream.isPunctuator(index + 2, "]")
        {
            end = index + 2
            accessor = "['headers']"
        } else {
            return nil
        }
        guard let first = stream[object], let last = stream[end] else { return nil }
        return HeaderRead(text: shown + accessor, range: first.range.lowerBound..<last.range.upperBound, response: response)
    }

    /// `headers` among the names of the pattern `{ … }` opened at `open`.
    private func destructuredHeaders(open: Int) -> [HeaderRead] {
        guard let close = stream.partner(of: open) else { return [] }
        var reads: [HeaderRead] = []
        var start = open + 1
        while start < close {
            let end = stream.endOfListElement(from: start, before: close)
            if let key = stream[start], key.kind == .identifier || key.kind == .string, key.text == "headers" {
                reads.append(HeaderRead(text: "headers", range: key.range, response: nil))
            }
            start = end + 1
        }
        return reads
    }

    /// The index just past the block that holds the token at `index`: the `}` of the
    /// innermost `{ … }` around it, or the end of the file at the top level.
    private func endOfEnclosingBlock(of index: Int) -> Int {
        var cursor = index - 1
        while cursor >= 0 {
            if let partner = stream.partner(of: cursor) {
                if partner < cursor {
                    cursor = partner - 1
                    continue
                }
                if stream.isPunctuator(cursor, "{") { return partner }
            }
            cursor -= 1
        }
        return stream.count
    }
}
