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
        guard stream.tokens.contains(where: { $0.isIdentifier("fetch") }) else { return [] }
        let declared = DeclaredNameCollector(stream: stream).collect()
        let responses = ResponseIndex(stream: stream)
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
                    headerReads: headerReads(calleeStart: calleeStart, close: close, responses: responses)))
        }
        return calls
    }

    // MARK: - The response

    /// What finding a response's reads needs in one pass, so that many calls in a large file
    /// do not each scan the rest of it: where each name is followed by a `headers` read, and
    /// the innermost `{` around each token.
    private struct ResponseIndex {
        /// The indices of `name` in `name.headers`, `name?.headers`, `name['headers']`, ascending.
        var readSites: [String: [Int]] = [:]
        /// The index of the innermost paired `{` around each token, or -1 at the top level.
        var innermostBrace: [Int32]

        init(stream: BracketedTokens) {
            innermostBrace = [Int32](repeating: -1, count: stream.count)
            var open: [Int] = []
            for index in 0..<stream.count {
                if let top = open.last, stream.partner(of: top) == index { open.removeLast() }
                innermostBrace[index] = Int32(open.last ?? -1)
                if stream.isPunctuator(index, "{"), let partner = stream.partner(of: index), partner > index { open.append(index) }
                guard let token = stream[index], token.kind == .identifier, !stream.isPunctuator(index - 1, in: FetchCalls.memberAccess)
                else {
                    continue
                }
                let readsHeaders =
                    (stream.isPunctuator(index + 1, in: FetchCalls.memberAccess) && stream[index + 2]?.isIdentifier("headers") == true)
                    || (stream.isPunctuator(index + 1, "[") && stream[index + 2]?.kind == .string && stream[index + 2]?.text == "headers"
                        && stream.isPunctuator(index + 3, "]"))
                if readsHeaders { readSites[token.text, default: []].append(index) }
            }
        }

        /// The sites of `name` in `range`.
        func sites(of name: String, in range: Range<Int>) -> ArraySlice<Int> {
            guard let sites = readSites[name] else { return [] }
            let lower = sites.partitioningIndex { $0 >= range.lowerBound }
            let upper = sites.partitioningIndex { $0 >= range.upperBound }
            return sites[lower..<max(lower, upper)]
        }
    }

    private func headerReads(calleeStart: Int, close: Int, responses: ResponseIndex) -> [HeaderRead] {
        var reads: [HeaderRead] = []
        // fetch(…).then(r => …) / .then(function (r) { … })
        if stream.isPunctuator(close + 1, "."), stream[close + 2]?.isIdentifier("then") == true, stream.isPunctuator(close + 3, "("),
            let thenClose = stream.partner(of: close + 3)
        {
            let callback = close + 4..<stream.endOfListElement(from: close + 4, before: thenClose)
            reads += callbackReads(callback, responses: responses)
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
            let brace = Int(responses.innermostBrace[target])
            let end = brace < 0 ? stream.count : (stream.partner(of: brace) ?? stream.count)
            reads += namedReads(name.text, in: close + 1..<end, responses: responses)
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
    private func callbackReads(_ callback: Range<Int>, responses: ResponseIndex) -> [HeaderRead] {
        var index = callback.lowerBound
        if stream[index]?.isIdentifier("async") == true { index += 1 }
        if stream[index]?.isIdentifier("function") == true {
            index += 1
            if stream.isIdentifier(index) { index += 1 }  // a named function expression
            guard stream.isPunctuator(index, "("), let closeParameters = stream.partner(of: index),
                stream.isPunctuator(closeParameters + 1, "{"), let closeBody = stream.partner(of: closeParameters + 1)
            else { return [] }
            return parameterReads(index, body: closeParameters + 2..<closeBody, responses: responses)
        }
        if let name = stream[index], name.kind == .identifier, stream.isPunctuator(index + 1, "=>") {
            return namedReads(name.text, in: index + 2..<callback.upperBound, responses: responses)
        }
        guard stream.isPunctuator(index, "("), let closeParameters = stream.partner(of: index),
            stream.isPunctuator(closeParameters + 1, "=>")
        else { return [] }
        return parameterReads(index, body: closeParameters + 2..<callback.upperBound, responses: responses)
    }

    /// The reads of the first parameter of the list opened at `open`, in `body`.
    private func parameterReads(_ open: Int, body: Range<Int>, responses: ResponseIndex) -> [HeaderRead] {
        if stream.isPunctuator(open + 1, "{") { return destructuredHeaders(open: open + 1) }
        guard let name = stream[open + 1], name.kind == .identifier, stream.isPunctuator(open + 2, in: [",", ")", "="]) else { return [] }
        return namedReads(name.text, in: body, responses: responses)
    }

    /// `name.headers`, `name?.headers`, `name['headers']` in `range`, `name` not a property.
    private func namedReads(_ name: String, in range: Range<Int>, responses: ResponseIndex) -> [HeaderRead] {
        responses.sites(of: name, in: range).compactMap { memberRead(at: $0 + 1, object: $0, shown: name, response: name) }
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
}
