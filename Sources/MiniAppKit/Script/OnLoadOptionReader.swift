/// Reads of the options `onLoad` receives in `Page({ onLoad(options) { … } })`: member reads
/// of its first parameter (`options.id`, `options['id']`) and names destructured from it
/// (`onLoad({ id })`), found from the tokens alone.
struct OnLoadOptionReader {
    /// One option the page reads, and where.
    struct Read: Sendable, Hashable {
        /// The parameter as written (`options`), or nil for a destructured name.
        var parameter: String?
        var name: String
        /// The whole read (`options.id`) or the destructured name.
        var range: Range<Int>
    }

    let stream: BracketedTokens

    init(tokens: [JavaScriptToken]) {
        stream = BracketedTokens(tokens: tokens)
    }

    func reads() -> [Read] {
        var reads: [Read] = []
        for index in 0..<stream.count where stream[index]?.isIdentifier("Page") == true && !stream.isPunctuator(index - 1, in: [".", "?."]) {
            guard stream.isPunctuator(index + 1, "("), stream.isPunctuator(index + 2, "{"), let close = stream.partner(of: index + 2)
            else { continue }
            var start = index + 3
            while start < close {
                let end = stream.endOfListElement(from: start, before: close)
                reads += onLoadReads(start..<end)
                start = end + 1
            }
        }
        return reads
    }

    /// The reads in one member of the `Page` object, if it is `onLoad`.
    private func onLoadReads(_ member: Range<Int>) -> [Read] {
        var index = member.lowerBound
        if stream[index]?.isIdentifier("async") == true, !stream.isPunctuator(index + 1, in: ["(", ":"]) { index += 1 }
        guard let key = stream[index], (key.kind == .identifier || key.kind == .string), key.text == "onLoad" else { return [] }
        index += 1
        let parameters: Int
        if stream.isPunctuator(index, "(") {
            parameters = index  // onLoad(options) { … }
        } else if stream.isPunctuator(index, ":") {
            index += 1
            if stream[index]?.isIdentifier("async") == true { index += 1 }
            if stream[index]?.isIdentifier("function") == true {
                index += 1
                if stream.isIdentifier(index), !stream.isPunctuator(index, "(") { index += 1 }  // a named function
            }
            if stream.isIdentifier(index), stream.isPunctuator(index + 1, "=>"), let name = stream[index] {
                // options => …
                return memberReads(of: name.text, in: index + 2..<member.upperBound)
            }
            guard stream.isPunctuator(index, "(") else { return [] }
            parameters = index
        } else {
            return []
        }
        guard let closeParameters = stream.partner(of: parameters), closeParameters > parameters + 1 else { return [] }
        let body = closeParameters + 1..<member.upperBound
        let first = parameters + 1
        if stream.isPunctuator(first, "{"), let closePattern = stream.partner(of: first) {
            return destructured(first + 1..<closePattern)
        }
        guard let name = stream[first], name.kind == .identifier, stream.isPunctuator(first + 1, in: [",", ")", "="]) else { return [] }
        return memberReads(of: name.text, in: body)
    }

    /// `{ query, id: value, ...rest }`: the names taken from the options.
    private func destructured(_ pattern: Range<Int>) -> [Read] {
        var reads: [Read] = []
        var start = pattern.lowerBound
        while start < pattern.upperBound {
            let end = stream.endOfListElement(from: start, before: pattern.upperBound)
            if let key = stream[start], key.kind == .identifier || key.kind == .string, start < end {
                reads.append(Read(parameter: nil, name: key.text, range: key.range))
            }
            start = end + 1
        }
        return reads
    }

    /// `name.member`, `name?.member` and `name['member']` in `body`, not after a `.`.
    private func memberReads(of name: String, in body: Range<Int>) -> [Read] {
        var reads: [Read] = []
        for index in body where stream[index]?.isIdentifier(name) == true && !stream.isPunctuator(index - 1, in: [".", "?."]) {
            guard let start = stream[index] else { continue }
            if stream.isPunctuator(index + 1, in: [".", "?."]), let member = stream[index + 2], member.kind == .identifier {
                reads.append(Read(parameter: name, name: member.text, range: start.range.lowerBound..<member.range.upperBound))
            } else if stream.isPunctuator(index + 1, "["), let member = stream[index + 2], member.kind == .string,
                stream.isPunctuator(index + 3, "]"), let close = stream[index + 3]
            {
                reads.append(Read(parameter: name, name: member.text, range: start.range.lowerBound..<close.range.upperBound))
            }
        }
        return reads
    }
}
