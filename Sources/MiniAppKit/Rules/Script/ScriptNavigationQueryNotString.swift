/// `skip.nav.navigateTo({ url, query: { id: 1 } })`: the runtime passes `query.toString()`.
public struct ScriptNavigationQueryNotString: Rule {
    public static let description = RuleDescription(
        id: "script-navigation-query-not-string", domain: .script, severity: .error,
        summary: "'nav.navigateTo' is given a 'query' object or array, which the page receives as '[object Object]' or joined by commas.",
        rationale: """
            SkipMiniApp's `nav.navigateTo({ url, query })` passes `query.toString()` to the \
            page, whose `onLoad` gets it as `options.query`: an object arrives as \
            `"[object Object]"`, so the values are lost, and an array as its elements joined \
            by commas. Write the query as a string (`query: 'id=' + id`) and parse \
            `options.query` in `onLoad`. The fix-it writes the string for an object of \
            `key: value` members. Queries written in the call or as a top-level `const` are \
            checked; queries of unknown value are not. Runtimes whose host calls mactl does \
            not model (`w3c`) are not checked.
            """,
        runtimeFacts: ["skip.query-to-string", "skip.onload-query"],
        triggering: [
            .file(
                "pages/index/index.js",
                "Page({\n  data: { title: 'Hello' },\n  onOpen(item) {\n    skip.nav.navigateTo({ url: 'pages/index/index', query: 1️⃣{ id: item.id, tab: 'info' } });\n  },\n  onMore() {\n    skip.nav.navigateTo({ url: 'pages/index/index', query: 2️⃣['a', 'b'] });\n  },\n});\n",
                expected: [
                    .at(
                        "1️⃣",
                        "'query' is an object, but 'skip.nav.navigateTo' passes 'query.toString()': onLoad receives '[object Object]'; write the query as a string, as in 'id=' + item.id + '&tab=info'"
                    ).fixIt("'id=' + item.id + '&tab=info'"),
                    .at(
                        "2️⃣",
                        "'query' is an array, but 'skip.nav.navigateTo' passes 'query.toString()': onLoad receives its elements joined by commas; write the query as a string, as in 'id=' + id"
                    ),
                ])
        ],
        nonTriggering: [
            // A string, a string built at run time, undefined (an empty query), and a value of unknown type.
            .file(
                "pages/index/index.js",
                "Page({\n  data: { title: 'Hello', query: 'id=2' },\n  onOpen(id) {\n    skip.nav.navigateTo({ url: 'pages/index/index', query: 'id=1' });\n    skip.nav.navigateTo({ url: 'pages/index/index', query: 'id=' + id });\n    skip.nav.navigateTo({ url: 'pages/index/index', query: undefined });\n    skip.nav.navigateTo({ url: 'pages/index/index', query: this.data.query });\n  },\n});\n"
            ),
            RuleExample(
                files: [
                    (
                        "pages/index/index.js",
                        "Page({\n  data: { title: 'Hello' },\n  onOpen() {\n    skip.nav.navigateTo({ url: 'pages/index/index', query: { id: 1 } });\n  },\n});\n"
                    )
                ],
                configuration: "runtime: w3c\n"),
        ])

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] {
        model.nativeHostCalls(["nav.navigateTo"]).flatMap { script, calls, values -> [Finding] in
            return calls.compactMap { call -> Finding? in
                guard let argument = call.argument(0) else { return nil }
                let options = values.value(at: argument.range)
                guard case .object(let literal) = options.value, !literal.hasSpread, let query = literal.member(named: "query") else {
                    return nil
                }
                let resolved = values.value(at: query.valueRange, followingConstants: options.constant == nil)
                let place = options.constant.map { " (in '\($0)')" } ?? ""
                let named = resolved.constant.map { " ('\($0)')" } ?? ""
                let start = "'query'\(named)\(place) is"
                let span = script.span(options.constant == nil ? query.valueRange : argument.range)
                let passes = "but '\(call.name)' passes 'query.toString()': onLoad receives"
                switch resolved.value {
                case .object(let object) where object.convertsAsPlainObject:
                    let written = resolved.constant == nil && options.constant == nil ? Self.queryString(object, values: values) : nil
                    let fixIt = written.map { FixIt(message: "write the query as a string", span: span, replacement: $0) }
                    return Finding(
                        "\(start) an object, \(passes) '[object Object]'; write the query as a string, as in \(written.flatMap { $0 == "''" ? nil : $0 } ?? "'id=' + id")",
                        at: span, fixIt: fixIt)
                case .array:
                    return Finding(
                        "\(start) an array, \(passes) its elements joined by commas; write the query as a string, as in 'id=' + id",
                        at: span)
                default:
                    return nil
                }
            }
        }
    }

    /// `{ id: item.id, tab: 'info' }` → `'id=' + item.id + '&tab=info'`: each `key: value` or
    /// shorthand member in order, string and number literals written into the text, other
    /// values added with `+` (in parentheses unless a name or a member chain). Nil when a
    /// member is a method, an accessor or a computed key, or a key or string needs escaping.
    static func queryString(_ object: ScriptObjectLiteral, values: WrittenValues) -> String? {
        var pieces: [String] = []
        var text = ""
        for (index, member) in object.members.enumerated() {
            guard let key = member.name, Self.isPlainText(key), !key.isEmpty else { return nil }
            text += (index == 0 ? "" : "&") + key + "="
            let source = values.text(member.valueRange)
            let isShorthand = member.valueRange == member.keyRange
            if !isShorthand, values.text(member.keyRange.upperBound..<member.valueRange.lowerBound).trimmed != ":" { return nil }
            switch values.value(at: member.valueRange, followingConstants: false).value {
            case .string(let value) where Self.isPlainText(value):
                text += value
            case .number where source.allSatisfy({ $0.isNumber || $0 == "." }):
                text += source
            default:
                pieces.append("'" + text + "'")
                text = ""
                pieces.append(Self.isNameChain(source) ? source : "(" + source + ")")
            }
        }
        if !text.isEmpty || pieces.isEmpty { pieces.append("'" + text + "'") }
        return pieces.joined(separator: " + ")
    }

    /// Text that goes inside a single-quoted literal as it is.
    private static func isPlainText(_ text: String) -> Bool {
        !text.contains { $0 == "'" || $0 == "\\" || $0.isNewline }
    }

    /// `id`, `item.id`, `this.data.id`: no operator that could bind looser than `+`.
    private static func isNameChain(_ source: String) -> Bool {
        let parts = source.split(separator: ".", omittingEmptySubsequences: false)
        return !parts.isEmpty
            && parts.allSatisfy { part in
                guard let first = part.first, first.isLetter || first == "_" || first == "$" else { return false }
                return part.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "$" }
            }
    }
}

extension String {
    fileprivate var trimmed: String {
        String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}
