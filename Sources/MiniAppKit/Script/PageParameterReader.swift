/// Reads of the first parameter of methods of `Page({ … })`, found from the tokens alone:
/// member reads (`options.id`, `options['id']`, `e.currentTarget.dataset.id`) and names
/// destructured from it (`onLoad({ id })`, `onTap({ currentTarget })`). One reader serves
/// every method whose argument the runtime builds itself: the options of `onLoad` and the
/// event of a handler.
struct PageParameterReader {
    /// One member of the parameter a method reads, and where.
    struct Read: Sendable, Hashable {
        /// The method whose parameter is read (`onLoad`, `onTap`).
        var method: String
        /// The parameter as written (`options`), or nil for a destructured name.
        var parameter: String?
        var name: String
        /// The whole read (`options.id`) or the destructured name.
        var range: Range<Int>
        /// The names read after it with `.` (`["dataset", "id"]` for `e.currentTarget.dataset.id`).
        var rest: [String] = []
        /// Whether the member is called (`e.preventDefault()`).
        var isCalled = false
        /// Whether a member of it is read without `?.` (`e.currentTarget.dataset`), which
        /// throws when it is undefined.
        var isDereferenced = false
    }

    let stream: BracketedTokens

    init(tokens: [JavaScriptToken]) {
        stream = BracketedTokens(tokens: tokens)
    }

    /// The reads in the methods named `methods` of every `Page({ … })` call, in source order.
    func reads(ofMethods methods: Set<String>) -> [Read] {
        var reads: [Read] = []
        for index in 0..<stream.count where stream[index]?.isIdentifier("Page") == true && !stream.isPunctuator(index - 1, in: [".", "?."]) {
            guard stream.isPunctuator(index + 1, "("), stream.isPunctuator(index + 2, "{"), let close = stream.partner(of: index + 2)
            else { continue }
            var start = index + 3
            while start < close {
                let end = stream.endOfListElement(from: start, before: close)
                reads += methodReads(start..<end, methods: methods)
                start = end + 1
            }
        }
        return reads
    }

    /// The reads in one member of the `Page` object, if it is one of `methods`.
    private func methodReads(_ member: Range<Int>, methods: Set<String>) -> [Read] {
        var index = member.lowerBound
        if stream[index]?.isIdentifier("async") == true, !stream.isPunctuator(index + 1, in: ["(", ":"]) { index += 1 }
        guard let key = stream[index], key.kind == .identifier || key.kind == .string, methods.contains(key.text) else { return [] }
        let method = key.text
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
                return memberReads(of: name.text, method: method, in: index + 2..<member.upperBound)
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
            return destructured(first + 1..<closePattern, method: method)
        }
        guard let name = stream[first], name.kind == .identifier, stream.isPunctuator(first + 1, in: [",", ")", "="]) else { return [] }
        return memberReads(of: name.text, method: method, in: body)
    }

    /// `{ query, id: value, ...rest }`: the names taken from the parameter.
    private func destructured(_ pattern: Range<Int>, method: String) -> [Read] {
        var reads: [Read] = []
        var start = pattern.lowerBound
        while start < pattern.upperBound {
            let end = stream.endOfListElement(from: start, before: pattern.upperBound)
            if let key = stream[start], key.kind == .identifier || key.kind == .string, start < end {
                reads.append(Read(method: method, parameter: nil, name: key.text, range: key.range))
            }
            start = end + 1
        }
        return reads
    }

    /// `name.member`, `name?.member` and `name['member']` in `body`, not after a `.`.
    private func memberReads(of name: String, method: String, in body: Range<Int>) -> [Read] {
        var reads: [Read] = []
        for index in body where stream[index]?.isIdentifier(name) == true && !stream.isPunctuator(index - 1, in: [".", "?."]) {
            guard let start = stream[index] else { continue }
            var read: Read
            var next: Int
            if stream.isPunctuator(index + 1, in: [".", "?."]), let member = stream[index + 2], member.kind == .identifier {
                read = Read(method: method, parameter: name, name: member.text, range: start.range.lowerBound..<member.range.upperBound)
                next = index + 3
            } else if stream.isPunctuator(index + 1, "["), let member = stream[index + 2], member.kind == .string,
                stream.isPunctuator(index + 3, "]"), let close = stream[index + 3]
            {
                read = Read(method: method, parameter: name, name: member.text, range: start.range.lowerBound..<close.range.upperBound)
                next = index + 4
            } else {
                continue
            }
            read.isCalled = stream.isPunctuator(next, "(")
            read.isDereferenced = stream.isPunctuator(next, in: [".", "["])
            while stream.isPunctuator(next, in: [".", "?."]), let member = stream[next + 1], member.kind == .identifier {
                read.rest.append(member.text)
                next += 2
            }
            reads.append(read)
        }
        return reads
    }
}
