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
        pageMembers().flatMap { methodReads($0, methods: methods) }
    }

    /// A use of the parameter itself where only a string or a number makes sense: the
    /// handler treats its event as the value the template passed (`onOpen(id)` then
    /// `'id=' + id`), the habit of frameworks that call handlers with the arguments written.
    struct ValueUse: Sendable, Hashable {
        var method: String
        var parameter: String
        /// The parameter's name where it is used.
        var range: Range<Int>
        /// How it is used, in words: "joined into a string", "compared", …
        var use: String
    }

    /// The value uses of the first parameter in the methods named `methods`, in source order.
    /// A method whose parameter is reassigned or shadowed anywhere in it is left out.
    func valueUses(ofMethods methods: Set<String>) -> [ValueUse] {
        pageMembers().flatMap { member -> [ValueUse] in
            guard let (method, parameter) = firstParameter(of: member, methods: methods), case .named(let name, let body) = parameter,
                !isRebound(name, in: body)
            else { return [] }
            return body.compactMap { index -> ValueUse? in
                guard let token = stream[index], token.isIdentifier(name), !stream.isPunctuator(index - 1, in: [".", "?."]),
                    !stream.isPunctuator(index + 1, in: [".", "?.", "[", "("]), let use = valueUse(at: index)
                else { return nil }
                return ValueUse(method: method, parameter: name, range: token.range, use: use)
            }
        }
    }

    private static let comparisons: Set<String> = ["===", "!==", "==", "!=", "<", ">", "<=", ">="]
    private static let conversions: Set<String> = ["Number", "String", "parseInt", "parseFloat"]
    private static let emptyValues: Set<String> = ["null", "undefined"]

    /// How the bare name at `index` is used, when the use only makes sense for a string or a
    /// number; nil for anything else (passed on, returned, logged, tested for truth).
    private func valueUse(at index: Int) -> String? {
        if stream.isPunctuator(index - 1, "+") || stream.isPunctuator(index + 1, "+") { return "joined into a string" }
        for (operatorIndex, otherIndex) in [(index - 1, index - 2), (index + 1, index + 2)]
        where stream.isPunctuator(operatorIndex, in: Self.comparisons) {
            // `e == null` tests whether an argument came at all.
            if let other = stream[otherIndex], Self.emptyValues.contains(other.text) { return nil }
            return "compared"
        }
        if stream.isPunctuator(index - 1, "["), stream.isPunctuator(index + 1, "]"), let before = stream[index - 2],
            before.kind == .identifier || before.isPunctuator(")") || before.isPunctuator("]")
        {
            return "used as a key"
        }
        if let before = stream[index - 1], before.kind == .template(.head) || before.kind == .template(.middle) {
            return "put into a template string"
        }
        if stream.isPunctuator(index - 1, ":"), stream.isPunctuator(index + 1, in: [",", "}"]), isInSetDataPatch(index) {
            return "stored with 'setData'"
        }
        if stream.isPunctuator(index - 1, "("), stream.isPunctuator(index + 1, ")"), let callee = stream[index - 2],
            callee.kind == .identifier,
            Self.conversions.contains(callee.text), !stream.isPunctuator(index - 3, in: [".", "?."])
        {
            return "converted with '\(callee.text)'"
        }
        return nil
    }

    /// Whether the token at `index` is inside the object literal a `setData(` call takes first
    /// (`this.setData({ picked: e })`), at its top level.
    private func isInSetDataPatch(_ index: Int) -> Bool {
        var cursor = index - 1
        while cursor >= 0, index - cursor < 4096 {
            if let partner = stream.partner(of: cursor), partner < cursor {
                cursor = partner - 1
                continue
            }
            if stream.isPunctuator(cursor, "{") {
                return stream.isPunctuator(cursor - 1, "(") && stream[cursor - 2]?.isIdentifier("setData") == true
            }
            if stream.isPunctuator(cursor, in: ["(", "["]) { return false }
            cursor -= 1
        }
        return false
    }

    /// Whether `name` is assigned or declared again in `body` (`e = e || {}`, `(e) => …`,
    /// `const e`): its uses may then be another value.
    private func isRebound(_ name: String, in body: Range<Int>) -> Bool {
        body.contains { index in
            guard stream[index]?.isIdentifier(name) == true, !stream.isPunctuator(index - 1, in: [".", "?."]) else { return false }
            if stream.isPunctuator(index + 1, in: ["=", "=>", "+=", "||=", "??="]) { return true }
            if let before = stream[index - 1], ["var", "let", "const", "function", "catch"].contains(before.text) { return true }
            // A parameter of a function inside: `(a, e) => …`, `function (e) {`.
            return stream.isPunctuator(index - 1, in: ["(", ","]) && stream.isPunctuator(index + 1, in: [")", ","])
                && isInParameterList(index)
        }
    }

    private func isInParameterList(_ index: Int) -> Bool {
        var open = index - 1
        while open >= 0, !stream.isPunctuator(open, "(") {
            guard stream.isIdentifier(open) || stream.isPunctuator(open, ",") else { return false }
            open -= 1
        }
        guard let close = stream.partner(of: open) else { return false }
        return stream.isPunctuator(close + 1, "=>")
            || (stream.isPunctuator(close + 1, "{") && stream[open - 1]?.isIdentifier("function") == true)
            || (stream.isPunctuator(close + 1, "{") && stream[open - 2]?.isIdentifier("function") == true)
    }

    /// The members of every `Page({ … })` object, in source order.
    private func pageMembers() -> [Range<Int>] {
        var members: [Range<Int>] = []
        for index in 0..<stream.count where stream[index]?.isIdentifier("Page") == true && !stream.isPunctuator(index - 1, in: [".", "?."])
        {
            guard stream.isPunctuator(index + 1, "("), stream.isPunctuator(index + 2, "{"), let close = stream.partner(of: index + 2)
            else { continue }
            var start = index + 3
            while start < close {
                let end = stream.endOfListElement(from: start, before: close)
                members.append(start..<end)
                start = end + 1
            }
        }
        return members
    }

    /// The first parameter of a method of the `Page` object: a name and the body it is
    /// used in, or a destructuring pattern (the range inside its braces).
    private enum FirstParameter {
        case named(String, body: Range<Int>)
        case destructured(Range<Int>)
    }

    /// The method a member of the `Page` object defines, if it is one of `methods`, and its
    /// first parameter.
    private func firstParameter(of member: Range<Int>, methods: Set<String>) -> (method: String, parameter: FirstParameter)? {
        var index = member.lowerBound
        if stream[index]?.isIdentifier("async") == true, !stream.isPunctuator(index + 1, in: ["(", ":"]) { index += 1 }
        guard let key = stream[index], key.kind == .identifier || key.kind == .string, methods.contains(key.text) else { return nil }
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
                return (method, .named(name.text, body: index + 2..<member.upperBound))
            }
            guard stream.isPunctuator(index, "(") else { return nil }
            parameters = index
        } else {
            return nil
        }
        guard let closeParameters = stream.partner(of: parameters), closeParameters > parameters + 1 else { return nil }
        let first = parameters + 1
        if stream.isPunctuator(first, "{"), let closePattern = stream.partner(of: first) {
            return (method, .destructured(first + 1..<closePattern))
        }
        guard let name = stream[first], name.kind == .identifier, stream.isPunctuator(first + 1, in: [",", ")", "="]) else { return nil }
        return (method, .named(name.text, body: closeParameters + 1..<member.upperBound))
    }

    /// The reads in one member of the `Page` object, if it is one of `methods`.
    private func methodReads(_ member: Range<Int>, methods: Set<String>) -> [Read] {
        guard let (method, parameter) = firstParameter(of: member, methods: methods) else { return [] }
        switch parameter {
        case .named(let name, let body): return memberReads(of: name, method: method, in: body)
        case .destructured(let pattern): return destructured(pattern, method: method)
        }
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
