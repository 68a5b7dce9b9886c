/// A tab's `page` is not one of the manifest's `pages`.
public struct ManifestTabPageNotListed: Rule {
    public static let description = RuleDescription(
        id: "manifest-tab-page-not-listed", domain: .manifest, severity: .error,
        summary: "A tab's 'page' is not listed in 'pages'.",
        rationale: "A tab opens a page of the app; a page missing from `pages` is not part of the app, so the tab opens nothing.",
        triggering: [
            .manifest(
                members: """
                    "pages": ["pages/index/index", "pages/me/me"],
                    "tab_bar": { "tabs": [
                      { "page": "pages/index/index", "text": "Home", "icon": "icons/app.svg" },
                      { "page": 1️⃣"pages/me/mine", "text": "Me", "icon": "icons/app.svg" }
                    ] }
                    """, files: ["pages/me/me.html": "<body x-data=\"page\"></body>\n"],
                expected: [
                    .at("1️⃣", "tab page 'pages/me/mine' is not listed in 'pages'; did you mean 'pages/me/me'?").fixIt("\"pages/me/me\"")
                ])
        ],
        nonTriggering: [
            .manifest(
                members: """
                    "pages": ["pages/index/index", "pages/me/me"],
                    "tab_bar": { "tabs": [
                      { "page": "pages/index/index", "text": "Home", "icon": "icons/app.svg" },
                      { "page": "pages/me/me.html", "text": "Me", "icon": "icons/app.svg" }
                    ] }
                    """, files: ["pages/me/me.html": "<body x-data=\"page\"></body>\n"])
        ])

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] {
        let routes = model.pageRoutes
        return model.tabNodes.compactMap { _, tab in
            guard let node = tab["page"], let page = node.stringValue, let route = ManifestPaths.canonicalRoute(page),
                !routes.contains(route)
            else { return nil }
            var message = "tab page '\(page)' is not listed in 'pages'"
            var fixIt: FixIt?
            if let suggestion = NameSuggester.closest(to: route, in: routes.sorted()), let span = model.manifestSpan(node.range) {
                message += "; did you mean '\(suggestion)'?"
                fixIt = FixIt(message: "replace with '\(suggestion)'", span: span, replacement: "\"\(suggestion)\"")
            }
            return Finding(message, at: model.manifestSpan(node.range), fixIt: fixIt)
        }
    }
}
