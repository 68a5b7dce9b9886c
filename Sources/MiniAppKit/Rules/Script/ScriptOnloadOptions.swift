/// A page's `onLoad` reads an option the runtime never passes (`options.id`).
public struct ScriptOnloadOptions: PageRule {
    public static let description = RuleDescription(
        id: "script-onload-options", domain: .script, severity: .error,
        summary: "'onLoad(options)' reads something other than 'options.query', the only member the runtime passes.",
        rationale: """
            SkipMiniApp calls a page's `onLoad` with `{ query: "<the raw query string>" }` and \
            nothing else: the query of `navigateTo({ url, query: 'id=1' })` arrives unparsed, so \
            `options.id` is always `undefined` (WeChat-style hosts pass one member per \
            parameter; this runtime does not). Parse `options.query` instead, splitting it on `&` \
            and `=`. Reads through the first \
            parameter (`options.id`, `options['id']`) and names destructured from it \
            (`onLoad({ id })`) are checked; runtimes whose options mactl does not know (`w3c`) \
            are not.
            """,
        runtimeFacts: ["skip.onload-query"],
        triggering: [
            .file(
                "pages/index/index.js",
                "Page({\n  data: { title: 'Hello' },\n  onLoad(options) {\n    this.setData({ title: 1️⃣options.id });\n  },\n});\n",
                expected: [
                    .at(
                        "1️⃣",
                        "'options.id' is always undefined: onLoad receives only '{ query }', the raw query string; parse it with 'options.query'"
                    )
                ]),
            .file(
                "pages/index/index.js",
                "Page({\n  data: { title: 'Hello' },\n  onLoad: function ({ 1️⃣id }) {\n    this.setData({ title: id });\n  },\n});\n",
                expected: [
                    .at("1️⃣", "'id' is always undefined: onLoad receives only '{ query }', the raw query string; parse it with 'query'")
                ]),
            .file(
                "pages/index/index.js",
                "Page({\n  data: { title: 'Hello' },\n  onLoad(options) {\n    this.setData({ title: 1️⃣options.query.id });\n  },\n});\n",
                expected: [
                    .at(
                        "1️⃣",
                        "'options.query.id' is always undefined: 'query' is the raw query string ('id=7'), not an object of its parameters; parse it, splitting on '&' and '='"
                    )
                ]),
        ],
        nonTriggering: [
            .file(
                "pages/index/index.js",
                "Page({\n  data: { title: 'Hello' },\n  onLoad(options) {\n    const id = options.query.split('=')[1];\n    this.setData({ title: options['query'] + id });\n  },\n  onShow(options) {\n    skip.log(options.id);\n  },\n});\n"
            ),
            .file(
                "pages/index/index.js",
                "Page({\n  data: { title: 'Hello' },\n  onLoad({ query }) {\n    this.setData({ title: query });\n  },\n});\n"),
            .file(
                "pages/index/index.js",
                "Page({\n  data: { title: 'Hello' },\n  onLoad(options) {\n    this.setData({ title: 'ready' });\n  },\n});\n"),
            RuleExample(
                files: [
                    (
                        "pages/index/index.js",
                        "Page({\n  data: { title: 'Hello' },\n  onLoad(options) {\n    this.setData({ title: options.id });\n  },\n});\n"
                    )
                ],
                configuration: "runtime: w3c\n"),
        ])

    public init() {}

    /// What a string has: reading these from the query is parsing it.
    static let stringMembers: Set<String> = [
        "length", "split", "indexOf", "lastIndexOf", "includes", "startsWith", "endsWith", "slice", "substring", "substr",
        "replace", "replaceAll", "match", "matchAll", "search", "trim", "trimStart", "trimEnd", "toString", "charAt",
        "charCodeAt", "codePointAt", "concat", "padStart", "padEnd", "repeat", "toLowerCase", "toUpperCase", "at",
        "localeCompare", "normalize", "valueOf",
    ]

    public func check(page: PageModel, runtime: RuntimeProfile) -> [Finding] {
        guard let members = runtime.onLoadOptionMembers else { return [] }
        let shape = "'{ \(members.joined(separator: ", ")) }'"
        guard let script = page.script else { return [] }
        return PageParameterReader(tokens: script.tokens).reads(ofMethods: ["onLoad"]).compactMap { read -> Finding? in
            if read.name == "query", let member = read.rest.first, !Self.stringMembers.contains(member) {
                // `options.query.id`: the query is the raw string, which has no such member.
                let written = ([read.parameter, read.name].compactMap { $0 } + [member]).joined(separator: ".")
                return Finding(
                    "'\(written)' is always undefined: 'query' is the raw query string ('id=7'), not an object of its parameters; parse it, splitting on '&' and '='",
                    at: script.span(read.range))
            }
            guard !members.contains(read.name) else { return nil }
            let written = read.parameter.map { "\($0).\(read.name)" } ?? read.name
            let instead = read.parameter.map { "\($0).\(members.first ?? "query")" } ?? (members.first ?? "query")
            return Finding(
                "'\(written)' is always undefined: onLoad receives only \(shape), the raw query string; parse it with '\(instead)'",
                at: script.span(read.range))
        }
    }
}
