/// `skip.nav.redirectTo` called by a page that is only ever the root of its stack, where the
/// view has nothing to replace.
public struct ScriptRedirectFromRoot: Rule {
    public static let description = RuleDescription(
        id: "script-redirect-from-root", domain: .script, severity: .warning,
        summary: "'nav.redirectTo' is called from a page that is the root of its stack, where nothing happens on screen.",
        rationale: """
            SkipMiniApp's view carries out `redirectTo` by replacing the top page pushed on \
            the active stack; on a stack root there is none, so nothing happens on screen, \
            while the runtime's navigation module records the change in its own stack. The \
            stack roots are the tab pages when the manifest \
            has two tabs or more, else the launch page (`pages[0]`). Open the page with \
            `navigateTo` instead (or `switchTab` for a tab page). A page that some navigation \
            in the project may push (a `navigateTo`, `redirectTo` or `reLaunch` whose url names \
            it, starts like it, or is not written) is sometimes not a root, so its \
            `redirectTo` is not reported. Runtimes whose host calls mactl does not model \
            (`w3c`) are not checked.
            """,
        runtimeFacts: ["skip.redirect-on-root"],
        triggering: [
            RuleExample(
                files: [
                    (
                        "pages/index/index.js",
                        "Page({\n  data: { title: 'Hello' },\n  onLogout() {\n    1️⃣skip.nav.redirectTo({ url: 'pages/login/login' });\n  },\n});\n"
                    )
                ],
                supportFiles: [
                    "manifest.json": MinimalApp.manifest(with: #""pages": ["pages/index/index", "pages/login/login"]"#),
                    "pages/login/login.html": "<body x-data=\"page\"></body>\n",
                ],
                expected: [
                    .at(
                        "1️⃣",
                        "'skip.nav.redirectTo' from the launch page 'pages/index/index', the root of its stack, does nothing on screen: the view replaces only a pushed page; open 'pages/login/login' with 'skip.nav.navigateTo'"
                    )
                ])
        ],
        nonTriggering: [
            // The same call from a page that is pushed (it is the url of a navigateTo).
            RuleExample(
                files: [
                    (
                        "pages/index/index.js",
                        "Page({\n  data: { title: 'Hello' },\n  onOpen() {\n    skip.nav.navigateTo({ url: 'pages/login/login' });\n  },\n});\n"
                    ),
                    (
                        "pages/login/login.js",
                        "Page({\n  data: { title: 'Log in' },\n  onDone() {\n    skip.nav.redirectTo({ url: 'pages/welcome/welcome' });\n  },\n});\n"
                    ),
                ],
                supportFiles: [
                    "manifest.json": MinimalApp.manifest(
                        with: #""pages": ["pages/index/index", "pages/login/login", "pages/welcome/welcome"]"#),
                    "pages/login/login.html": "<body x-data=\"page\"></body>\n",
                    "pages/welcome/welcome.html": "<body x-data=\"page\"></body>\n",
                ]),
            // A root page that a navigateTo elsewhere also pushes.
            RuleExample(
                files: [
                    (
                        "pages/index/index.js",
                        "Page({\n  data: { title: 'Hello' },\n  onReset() {\n    skip.nav.redirectTo({ url: 'pages/login/login' });\n  },\n  onAgain() {\n    skip.nav.navigateTo({ url: 'pages/index/index' });\n  },\n});\n"
                    )
                ],
                supportFiles: [
                    "manifest.json": MinimalApp.manifest(with: #""pages": ["pages/index/index", "pages/login/login"]"#),
                    "pages/login/login.html": "<body x-data=\"page\"></body>\n",
                ]),
            RuleExample(
                files: [
                    (
                        "pages/index/index.js",
                        "Page({\n  data: { title: 'Hello' },\n  onLogout() {\n    skip.nav.redirectTo({ url: 'pages/login/login' });\n  },\n});\n"
                    )
                ],
                supportFiles: [
                    "manifest.json": MinimalApp.manifest(with: #""pages": ["pages/index/index", "pages/login/login"]"#),
                    "pages/login/login.html": "<body x-data=\"page\"></body>\n",
                ],
                configuration: "runtime: w3c\n"),
        ])

    public init() {}

    /// The calls that can put a page on a stack above its root.
    static let pushingAPIs: Set<String> = ["nav.navigateTo", "nav.redirectTo", "nav.reLaunch"]

    public func check(_ model: ProjectModel) -> [Finding] {
        guard model.runtime.has(.nativeHostArguments), let api = model.runtime.hostAPI else { return [] }
        let hasTabs = model.showsTabBar
        let roots = model.stackRoots
        let tabRoutes = Set(model.pages.filter(\.isTab).map(\.route))
        let reaches = Self.pushedURLs(in: model, api: api)
        return roots.flatMap { page -> [Finding] in
            guard let script = page.script, script.registration.issue?.kind != .syntaxError,
                !reaches.contains(where: { $0.mayOpen(page.route) })
            else { return [] }
            let place =
                hasTabs
                ? "the tab page '\(page.route)', the root of its tab's stack" : "the launch page '\(page.route)', the root of its stack"
            return script.facts.hostAPICalls.compactMap { call -> Finding? in
                guard api.namespaces.contains(call.namespace), call.member == "nav.redirectTo" else { return nil }
                let target = URLReach(call)
                let advice: String
                switch target {
                case .route(let route) where hasTabs && tabRoutes.contains(route):
                    advice = "open '\(route)' with '\(call.namespace).nav.switchTab'"
                case .route(let route):
                    advice = "open '\(route)' with '\(call.namespace).nav.navigateTo'"
                case .prefix:
                    advice = "open the page with '\(call.namespace).nav.navigateTo' (or 'switchTab' for a tab page)"
                }
                return Finding(
                    "'\(call.name)' from \(place), does nothing on screen: the view replaces only a pushed page; \(advice)",
                    at: script.span(call.range))
            }
        }
    }

    /// Where every navigation that can push a page may lead, in every script; a flat spelling
    /// (`skip.navigateTo`) counts too, as it is one fix away from working.
    static func pushedURLs(in model: ProjectModel, api: HostAPI) -> [URLReach] {
        model.scripts.flatMap { script in
            script.facts.hostAPICalls.compactMap { call -> URLReach? in
                guard api.namespaces.contains(call.namespace), pushingAPIs.contains(api.movedMember(call.member) ?? call.member) else {
                    return nil
                }
                return URLReach(call)
            }
        }
    }

    /// The pages a navigation call may open: one route when its url's path is written
    /// whole, else every route that starts with the written start (all, when nothing is).
    enum URLReach {
        case route(String)
        case prefix(String)

        init(_ call: HostAPICall) {
            guard case .object(let options) = call.argument(0)?.value, !options.hasSpread,
                let url = options.member(named: "url")?.value, let start = url.knownStart
            else {
                self = .prefix("")
                return
            }
            if url.stringValue != nil || start.contains("?") || start.contains("#") {
                self = .route(NavigationTarget.route(for: start))
            } else {
                self = .prefix(String(start.drop { $0 == "/" }))
            }
        }

        func mayOpen(_ route: String) -> Bool {
            switch self {
            case .route(let target): return target == route
            case .prefix(let start): return route.hasPrefix(start)
            }
        }
    }
}
