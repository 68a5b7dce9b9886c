/// A navigation url starts with `/`, which the runtime keeps in the file path.
public struct ScriptNavigationLeadingSlash: Rule {
    public static let description = RuleDescription(
        id: "script-navigation-leading-slash", domain: .script, severity: .error,
        summary: "A 'navigateTo', 'redirectTo', 'reLaunch' or 'switchTab' url starts with '/', which the runtime keeps in the file path.",
        rationale: """
            SkipMiniApp uses the url verbatim as a file path. With a leading `/` the template \
            still loads (the file URL normalizes), but from a package the script is looked up \
            by its exact entry name, `/pages/d/d.js` is not one, so the page never runs `Page()`: \
            no data, no handlers. From a folder it works, which hides the bug until the app is \
            packed. `switchTab` compares the url with the tab's page exactly, so it does nothing. \
            Write the route as the manifest does, without the `/`; the fix-it removes it. \
            Runtimes that resolve urls themselves (`w3c`) are not checked.
            """,
        runtimeFacts: ["skip.navigation-url-is-path", "skip.switch-tab-exact"],
        triggering: [
            .file(
                "pages/index/index.js",
                "Page({\n  data: { title: 'Hello' },\n  onTap({ detail: id }) {\n    skip.nav.reLaunch({ url: 1️⃣'/pages/index/index' });\n    skip.navigateTo({ url: 2️⃣`/pages/index/index`, query: 'id=' + id });\n  },\n});\n",
                expected: [
                    .at(
                        "1️⃣",
                        "'reLaunch' url '/pages/index/index' starts with '/': the runtime uses the url as a file path, so from a package the page's script is not found and 'Page()' never runs; write 'pages/index/index'"
                    ).fixIt("'pages/index/index'"),
                    .at(
                        "2️⃣",
                        "'navigateTo' url '/pages/index/index' starts with '/': the runtime uses the url as a file path, so from a package the page's script is not found and 'Page()' never runs; write 'pages/index/index'"
                    ).fixIt("`pages/index/index`"),
                ])
        ],
        nonTriggering: [
            .file(
                "pages/index/index.js",
                "Page({\n  data: { title: 'Hello' },\n  onTap(base) {\n    skip.nav.reLaunch({ url: 'pages/index/index' });\n    skip.nav.navigateTo({ url: base + '/index' });\n  },\n});\n"
            ),
            RuleExample(
                files: [
                    (
                        "pages/index/index.js",
                        "Page({\n  data: { title: 'Hello' },\n  onTap() {\n    skip.nav.reLaunch({ url: '/pages/index/index' });\n  },\n});\n"
                    )
                ],
                configuration: "runtime: w3c\n"),
        ])

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] {
        guard model.runtime.navigationURLIsFilePath else { return [] }
        return NavigationTarget.all(in: model, apis: NavigationTarget.urlAPIs).compactMap { target in
            guard target.url.hasPrefix("/") else { return nil }
            let source = NavigationURLSource(target: target)
            let slashes = target.url.prefix { $0 == "/" }.count
            var written = String(target.url.dropFirst(slashes))
            // The path to advise: without the '/', and a page the manifest lists. A url that names
            // none is told the page it most likely means, or only to drop the '/', so the advice
            // is never one the page rule refuses next. The query is the query rule's to move.
            var path = String(target.pathPart.dropFirst(slashes))
            let route = target.route
            let suggested = route.flatMap { model.pageRoutes.contains($0) ? nil : PageRouteSuggestion.suggestion(for: $0, in: model) }
            var fixMessage = "remove the leading '/'"
            if let page = suggested?.page {
                written = page + written.dropFirst(path.count)
                path = page
                fixMessage = "write '\(page)' without the leading '/'"
            }
            let span = target.script.span(target.range)
            var fixIt: FixIt?
            if target.isWhole, source.isWrittenPlain(target.url), let literal = source.literal(written) {
                fixIt = FixIt(message: fixMessage, span: span, replacement: literal)
            } else if suggested?.page == nil, source.quote != nil, source.isWrittenPlain(String(repeating: "/", count: slashes)) {
                let start = target.range.lowerBound + 1
                fixIt = FixIt(message: fixMessage, span: target.script.span(start..<start + slashes), replacement: "")
            }
            let namesAPage = route.map { model.pageRoutes.contains($0) } ?? true
            let advice = namesAPage || suggested?.page != nil ? "write '\(path)'" : "remove the leading '/'"
            let url = "'\(target.shortName)' url \(source.shown) starts with '/'"
            if target.shortName == "switchTab" {
                return Finding(
                    "\(url): 'switchTab' switches only to a tab's page exactly, so nothing happens; \(advice)", at: span, fixIt: fixIt)
            }
            return Finding(
                "\(url): the runtime uses the url as a file path, so from a package the page's script is not found and 'Page()' never runs; \(advice)",
                at: span, fixIt: fixIt)
        }
    }
}
