/// `fetch(url, { headers })` or a read of a fetch response's `headers`: the runtime's fetch
/// sends no headers and returns none.
public struct ScriptFetchHeaders: Rule {
    public static let description = RuleDescription(
        id: "script-fetch-headers", domain: .script, severity: .warning,
        summary: "A fetch passes 'headers', which the runtime never sends, or reads a response's 'headers', which are always empty.",
        rationale: """
            SkipMiniApp's `fetch` (the global one and `net.fetch`) hands the request's \
            `headers` to native code that converts them with `JSValue.toObject()`, which gives \
            nil for a plain object: the request goes out without them, so an `Authorization` \
            or `Content-Type` header never reaches the server. Its response's `headers` is \
            always `{}`: a header read is `undefined` and `headers.get(…)` throws. Put what the \
            server needs in the url or a string `body`, and have it answer in the body \
            (`await res.json()`). Headers written in the call (or in a top-level `const` of the \
            options) are reported, unless empty; a response is followed through \
            `const res = await fetch(…)`, `fetch(…).then(res => …)` and \
            `(await fetch(…)).headers`, not through every `.headers` in the file. A file that \
            declares its own `fetch` is not checked for the global one. Runtimes whose host \
            calls mactl does not model (`w3c`) are not checked.
            """,
        runtimeFacts: ["skip.fetch-headers"],
        triggering: [
            .file(
                "pages/index/index.js",
                "Page({\n  data: { title: 'Hello' },\n  async onLoad() {\n    const res = await fetch('https://example.com/me', { 1️⃣headers: { Authorization: 'Bearer abc' } });\n    this.setData({ title: 2️⃣res.headers.get('ETag') });\n  },\n  onRefresh() {\n    skip.net.fetch('https://example.com/me').then(function (response) {\n      skip.log(3️⃣response.headers);\n    });\n  },\n});\n",
                expected: [
                    .at(
                        "1️⃣",
                        "'fetch' never sends 'headers': the runtime drops them and the request goes out without them; put what the server needs in the url or a string 'body'"
                    ),
                    .at(
                        "2️⃣",
                        "'res.headers' is always {}: the runtime's fetch response carries no headers, so a header read is undefined and 'headers.get(…)' throws; have the server answer in the body ('res.json()')"
                    ),
                    .at(
                        "3️⃣",
                        "'response.headers' is always {}: the runtime's fetch response carries no headers, so a header read is undefined and 'headers.get(…)' throws; have the server answer in the body ('response.json()')"
                    ),
                ])
        ],
        nonTriggering: [
            // A body without headers, empty headers, and `.headers` of values that are not a fetch response.
            .file(
                "pages/index/index.js",
                "Page({\n  data: { title: 'Hello' },\n  async onSave(item) {\n    const res = await skip.net.fetch('https://example.com/items', { method: 'POST', body: JSON.stringify(item), headers: {} });\n    const data = await res.json();\n    this.setData({ title: data.title + item.headers });\n  },\n});\n"
            ),
            .file(
                "pages/index/index.js",
                "Page({\n  data: { title: 'Hello' },\n  async onLoad() {\n    const request = { url: 'https://example.com', headers: { Accept: 'text/plain' } };\n    const res = await fetch(request.url);\n    this.setData({ title: request.headers.Accept + res.status });\n  },\n});\n"
            ),
            RuleExample(
                files: [
                    (
                        "pages/index/index.js",
                        "Page({\n  data: { title: 'Hello' },\n  async onLoad() {\n    const res = await fetch('https://example.com', { headers: { Accept: 'text/plain' } });\n    this.setData({ title: res.headers.get('ETag') });\n  },\n});\n"
                    )
                ],
                configuration: "runtime: w3c\n"),
        ])

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] {
        guard model.runtime.has(.nativeHostArguments), let api = model.runtime.hostAPI else { return [] }
        return model.scripts.flatMap { script -> [Finding] in
            guard script.registration.issue?.kind != .syntaxError else { return [] }
            let calls = FetchCalls(tokens: script.tokens).calls(namespaces: Set(api.namespaces))
            guard !calls.isEmpty else { return [] }
            let values = WrittenValues(script: script)
            var findings: [Finding] = []
            for call in calls {
                if let (headers, constant) = sentHeaders(call, values: values) {
                    let place = constant.map { " (in '\($0)')" } ?? ""
                    findings.append(
                        Finding(
                            "'\(call.name)' never sends 'headers'\(place): the runtime drops them and the request goes out without them; put what the server needs in the url or a string 'body'",
                            at: script.span(headers)))
                }
                for read in call.headerReads {
                    findings.append(
                        Finding(
                            "'\(read.text)' is always {}: the runtime's fetch response carries no headers, so a header read is undefined and 'headers.get(…)' throws; have the server answer in the body ('\(read.response ?? "res").json()')",
                            at: script.span(read.range)))
                }
            }
            return findings
        }
    }

    /// Where the options passed to `call` name non-empty `headers`: the key in an object
    /// written in the call, or the argument when the options are a top-level constant.
    private func sentHeaders(_ call: FetchCalls.Call, values: WrittenValues) -> (Range<Int>, constant: String?)? {
        guard let argument = call.arguments.dropFirst().first else { return nil }
        let options = values.value(at: argument.range)
        guard case .object(let literal) = options.value, let headers = literal.member(named: "headers") else { return nil }
        switch values.value(at: headers.valueRange, followingConstants: options.constant == nil).value {
        case .undefined, .null, .boolean(false), .string(""), .number(0):
            // Falsy: the runtime's own `{}` is used, and nothing was meant to be sent.
            return nil
        case .object(let object) where object.members.isEmpty && !object.hasSpread:
            return nil
        default:
            return (options.constant == nil ? headers.keyRange : argument.range, options.constant)
        }
    }
}
