/// A page that calls `setData` shares a data key the launch page's view shows.
public struct ScriptSetDataSharedKey: Rule {
    public static let description = RuleDescription(
        id: "script-setdata-shared-key", domain: .script, severity: .warning,
        summary:
            "A page that calls 'setData' has a data key the launch page also has and shows: the launch page then shows this page's value.",
        rationale: """
            SkipMiniApp's `setData` sends the caller's whole data to the view of the page last \
            opened and, through an older channel, to the launch page's view (the first of the \
            manifest's `pages`), which assigns every top-level key it receives to its store. A \
            key that the launch page also has then shows the other page's value on the launch \
            page as soon as that page calls `setData` for any key: two pages with a `title` show \
            the second page's title on the first after a tap there. A page's keys are its \
            `data` keys and the keys it passes to `setData` as a literal. To keep false positives \
            out, a page is reported only when it calls `setData` at all (a page that never \
            does sends nothing), and a key only when the launch page both has it (in `data` or \
            a literal `setData`) and reads it in its template (`store.<key>`): a key the launch \
            page never shows changes nothing on screen. Rename the key on one of the pages.
            """,
        runtimeFacts: ["skip.setdata-launch-page"],
        triggering: [
            RuleExample(
                files: [
                    ("manifest.json", MinimalApp.manifest(with: #""pages": ["pages/index/index", "pages/detail/detail"]"#)),
                    (
                        "pages/detail/detail.js",
                        "Page({\n  data: { 1️⃣title: 'Detail', count: 0 },\n  onTap() {\n    this.setData({ count: this.data.count + 1 });\n  },\n});\n"
                    ),
                ],
                supportFiles: [
                    "pages/detail/detail.html":
                        "<body x-data=\"page\">\n  <h1 x-text=\"store.title\"></h1>\n  <button @click=\"onTap()\" x-text=\"store.count\"></button>\n</body>\n"
                ],
                expected: [
                    .at(
                        "1️⃣",
                        "'pages/detail/detail' shares the key 'title' with the launch page 'pages/index/index' and calls 'setData', which sends this page's whole data to the launch page's view too: the launch page then shows this page's 'title' instead of its own; rename the key on one of the pages"
                    )
                ])
        ],
        nonTriggering: [
            // A shared key on a page that never calls setData, and a page whose keys differ.
            RuleExample(
                files: [
                    (
                        "manifest.json",
                        MinimalApp.manifest(with: #""pages": ["pages/index/index", "pages/about/about", "pages/detail/detail"]"#)
                    ),
                    ("pages/about/about.js", "Page({\n  data: { title: 'About' },\n});\n"),
                    (
                        "pages/detail/detail.js",
                        "Page({\n  data: { heading: 'Detail', count: 0 },\n  onTap() {\n    this.setData({ count: this.data.count + 1 });\n  },\n});\n"
                    ),
                ],
                supportFiles: [
                    "pages/about/about.html": "<body x-data=\"page\">\n  <h1 x-text=\"store.title\"></h1>\n</body>\n",
                    "pages/detail/detail.html":
                        "<body x-data=\"page\">\n  <h1 x-text=\"store.heading\"></h1>\n  <button @click=\"onTap()\" x-text=\"store.count\"></button>\n</body>\n",
                ]),
            // A shared key the launch page has but never shows.
            RuleExample(
                files: [
                    ("manifest.json", MinimalApp.manifest(with: #""pages": ["pages/index/index", "pages/detail/detail"]"#)),
                    ("pages/index/index.js", "Page({\n  data: { title: 'Hello', count: 0 },\n});\n"),
                    (
                        "pages/detail/detail.js",
                        "Page({\n  data: { count: 0 },\n  onTap() {\n    this.setData({ count: this.data.count + 1 });\n  },\n});\n"
                    ),
                ],
                supportFiles: [
                    "pages/detail/detail.html":
                        "<body x-data=\"page\">\n  <button @click=\"onTap()\" x-text=\"store.count\"></button>\n</body>\n"
                ]),
            RuleExample(
                files: [
                    ("manifest.json", MinimalApp.manifest(with: #""pages": ["pages/index/index", "pages/detail/detail"]"#)),
                    (
                        "pages/detail/detail.js",
                        "Page({\n  data: { title: 'Detail' },\n  onTap() {\n    this.setData({ title: 'Tapped' });\n  },\n});\n"
                    ),
                ],
                supportFiles: [
                    "pages/detail/detail.html": "<body x-data=\"page\">\n  <h1 x-text=\"store.title\" @click=\"onTap()\"></h1>\n</body>\n"
                ],
                configuration: "runtime: w3c\n"),
        ])

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] {
        guard model.runtime.has(.setDataReachesLaunchPage), let launch = model.launchPage,
            let launchScript = launch.script, launchScript.loaded, launchScript.page != nil
        else { return [] }
        let launchKeys = Self.keys(of: launchScript).intersection(Self.storeKeysRead(by: launch))
        guard !launchKeys.isEmpty else { return [] }
        return model.pages.compactMap { page -> Finding? in
            guard page.route != launch.route, let script = page.script, script.loaded, script.page != nil,
                !script.facts.setDataCalls.isEmpty
            else { return nil }
            let shared = Self.keys(of: script).intersection(launchKeys)
            guard !shared.isEmpty else { return nil }
            // Each shared key where it is first written: in `data`, else in a `setData`.
            let dataLiteral = PageOptionsLiteral(tokens: script.tokens)?.dataLiteral
            let placed = shared.map { key -> (key: String, range: Range<Int>?) in
                if let member = dataLiteral?.member(named: key) { return (key, member.keyRange) }
                let set = script.facts.setDataCalls.lazy.flatMap(\.keys).first { $0.name.map(ScriptUndeclaredSetDataKey.rootKey) == key }
                return (key, set?.keyRange)
            }.sorted { ($0.range?.lowerBound ?? Int.max, $0.key) < ($1.range?.lowerBound ?? Int.max, $1.key) }
            let names = Self.list(placed.map { "'\($0.key)'" })
            let noun = placed.count == 1 ? "the key" : "the keys"
            let range = placed.first?.range ?? script.facts.registrationCalls.last { $0.function == .page }?.range
            return Finding(
                "'\(page.route)' shares \(noun) \(names) with the launch page '\(launch.route)' and calls 'setData', which sends this page's whole data to the launch page's view too: the launch page then shows this page's \(names) instead of its own; rename the key\(placed.count == 1 ? "" : "s") on one of the pages",
                at: range.map(script.span) ?? .file(page.scriptPath))
        }
    }

    /// A page's top-level keys: its `data` keys and the keys of its literal `setData` patches.
    static func keys(of script: ScriptModel) -> Set<String> {
        var keys = script.dataKeys
        for call in script.facts.setDataCalls {
            for member in call.keys { if let name = member.name { keys.insert(ScriptUndeclaredSetDataKey.rootKey(of: name)) } }
        }
        return keys
    }

    /// The keys a page's template reads from its store (`store.title`, `store['title']`).
    static func storeKeysRead(by page: PageModel) -> Set<String> {
        var keys: Set<String> = []
        for use in page.directives where !page.scope(ofElement: use.element).contains("store") {
            for node in use.nodes {
                switch node.kind {
                case .member(let object, let name, _):
                    if case .identifier("store") = object.kind { keys.insert(name) }
                case .index(let object, let index):
                    if case .identifier("store") = object.kind, case .string(let name) = index.kind { keys.insert(name) }
                default:
                    break
                }
            }
        }
        return keys
    }

    /// `'a'`, `'a' and 'b'`, `'a', 'b' and 'c'`.
    static func list(_ items: [String]) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " and " + (items.last ?? "")
    }
}
