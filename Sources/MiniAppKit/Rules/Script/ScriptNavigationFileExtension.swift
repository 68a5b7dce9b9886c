/// A navigation url ends in `.html` (or `.js`), to which the runtime adds the extension again.
public struct ScriptNavigationFileExtension: Rule {
    public static let description = RuleDescription(
        id: "script-navigation-file-extension", domain: .script, severity: .error,
        summary: "A 'navigateTo', 'redirectTo', 'reLaunch' or 'switchTab' url ends in '.html' or '.js', which the runtime adds itself.",
        rationale: """
            SkipMiniApp uses the url verbatim as a file path and adds the extensions itself: the \
            template is `<url>.html` and the script `<url>.js`. `pages/d/d.html` loads \
            `pages/d/d.html.html`, which does not exist, so the page is blank and its script never \
            runs; `switchTab` compares the url with the tab's page exactly, so it does nothing. \
            Write the route as the manifest does; the fix-it removes the extension. Runtimes \
            that resolve urls themselves (`w3c`) are not checked.
            """,
        runtimeFacts: ["skip.navigation-url-is-path", "skip.switch-tab-exact"],
        triggering: [
            .file(
                "pages/index/index.js",
                "Page({\n  data: { title: 'Hello' },\n  onTap() {\n    skip.nav.navigateTo({ url: 1️⃣'pages/index/index.html' });\n  },\n});\n",
                expected: [
                    .at(
                        "1️⃣",
                        "'navigateTo' url 'pages/index/index.html' ends in '.html', which the runtime adds itself: it loads 'pages/index/index.html.html', so the page is blank and its script never runs; write 'pages/index/index'"
                    )
                    .fixIt("'pages/index/index'")
                ])
        ],
        nonTriggering: [
            .file(
                "pages/index/index.js",
                "Page({\n  data: { title: 'Hello' },\n  onTap() {\n    skip.nav.navigateTo({ url: 'pages/index/index', query: 'file=a.html' });\n  },\n});\n"
            )
        ])

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] {
        guard model.runtime.navigationURLIsFilePath else { return [] }
        return NavigationTarget.all(in: model, apis: NavigationTarget.urlAPIs).compactMap { target in
            let path = target.pathPart
            guard target.isWhole || path.count < target.url.count,
                let suffix = [".html", ".js"].first(where: { path.lowercased().hasSuffix($0) })
            else { return nil }
            let route = String(path.dropLast(suffix.count))
            let source = NavigationURLSource(target: target)
            let span = target.script.span(target.range)
            let written = route + String(target.url.dropFirst(path.count))
            var fixIt: FixIt?
            if target.isWhole, source.isWrittenPlain(target.url), let literal = source.literal(written) {
                fixIt = FixIt(message: "remove '\(suffix)'", span: span, replacement: literal)
            }
            let url = "'\(target.shortName)' url \(source.shown) ends in '\(suffix)', which the runtime adds itself"
            if target.shortName == "switchTab" {
                return Finding(
                    "\(url): 'switchTab' switches only to a tab's page exactly, so nothing happens; write '\(route)'", at: span,
                    fixIt: fixIt)
            }
            let loaded = suffix == ".html" ? "\(path).html" : "\(route).js.html"
            return Finding(
                "\(url): it loads '\(loaded)', so the page is blank and its script never runs; write '\(route)'", at: span, fixIt: fixIt)
        }
    }
}
