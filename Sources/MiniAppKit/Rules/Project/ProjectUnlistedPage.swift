/// A page template the manifest's `pages` does not list: a page folder left out of `pages`, or
/// an orphan `.html` next to (or misspelling) a listed page.
public struct ProjectUnlistedPage: Rule {
    public static let description = RuleDescription(
        id: "project-unlisted-page", domain: .project, severity: .warning,
        summary: "A page template is not listed in the manifest's 'pages'.",
        rationale: """
            A page exists for the runtime only through `pages`: a route names its files \
            (`pages/y/y` is `pages/y/y.html`, `.js`, `.css`). SkipMiniApp run from a folder copies \
            only the files of listed pages, so navigating to an unlisted page shows a blank page \
            (it works from a packed `.ma`, which hides the slip until then). An unlisted page \
            folder gets the line to add to `pages`; an `.html` that is not the template of a \
            listed page but looks like one (`pages/home.html` next to the listed \
            `pages/home/home`) gets a "did you mean", since that file is never shown. Only \
            `.html` files under a `pages/` folder, or at `<dir>/<name>/<name>.html` where `<dir>` \
            holds listed pages, are taken for pages; components, widgets and included HTML \
            assets are not. When the listed page itself has no template, \
            `manifest-page-not-found` suggests the file instead.
            """,
        runtimeFacts: ["skip.directory-whitelist", "skip.route-files"],
        triggering: [
            .manifest(
                members: """
                    "pages": ["pages/index/index"]
                    """, files: ["pages/about/about.html": "<body><h1>About</h1></body>\n"],
                expected: [
                    .file(
                        "pages/about/about.html",
                        "page 'pages/about/about.html' is not listed in the manifest; add \"pages/about/about\" to 'pages'"
                    )
                    .fixIt(", \"pages/about/about\"")
                ]),
            .manifest(
                members: """
                    "pages": ["pages/index/index"]
                    """, files: ["pages/index.html": "<body><h1>Home</h1></body>\n"],
                expected: [
                    .file(
                        "pages/index.html",
                        "'pages/index.html' is not the template of any listed page; did you mean the listed page 'pages/index/index', whose template is 'pages/index/index.html'?"
                    )
                ]),
        ],
        nonTriggering: [
            // Components, widgets and an HTML asset a page embeds are not pages.
            .manifest(
                members: """
                    "widgets": [{ "name": "Notes", "path": "widgets/notes/notes" }]
                    """,
                files: [
                    "components/card/card.html": "<div class=\"card\"></div>\n",
                    "widgets/notes/notes.html": "<body><p>Notes</p></body>\n",
                    "pages/index/index.html":
                        "<head><link rel=\"stylesheet\" href=\"../../app.css\"></head>\n<body x-data=\"page\"><p x-text=\"store.title\"></p><iframe src=\"help.html\"></iframe></body>\n",
                    "pages/index/help.html": "<p>Help</p>\n",
                ]),
            // The listed page has no template: manifest-page-not-found suggests 'pages/index' instead.
            .manifest(
                members: """
                    "pages": ["pages/index/index"]
                    """, files: ["pages/index.html": "<body><h1>Home</h1></body>\n"], removing: ["pages/index/index.html"]),
        ])

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] {
        guard model.manifest?["pages"]?.elements != nil else { return [] }
        let routes = Self.listedRoutes(model)
        return Self.unlistedTemplates(in: model).compactMap { path -> Finding? in
            let stem = String(path.dropLast(5))
            if let route = Self.relatedRoute(to: stem, among: routes) {
                // A listed page with no template: manifest-page-not-found points here.
                guard model.project.contains(route + ".html") else { return nil }
                return Finding(
                    "'\(path)' is not the template of any listed page; did you mean the listed page '\(route)', whose template is '\(route).html'?",
                    at: .file(path))
            }
            var notes: [DiagnosticNote] = []
            if model.runtime.copiesOnlyListedPages {
                notes.append(
                    DiagnosticNote(
                        message:
                            "run from a folder, \(model.runtime.title) copies only listed pages: navigating to this one shows a blank page")
                )
            }
            return Finding(
                "page '\(path)' is not listed in the manifest; add \"\(stem)\" to 'pages'", at: .file(path), notes: notes,
                fixIt: Self.addition(of: stem, in: model))
        }
    }

    /// The canonical routes of `pages`, in manifest order.
    static func listedRoutes(_ model: ProjectModel) -> [String] {
        model.pageReferences.compactMap { ManifestPaths.canonicalRoute($0.path) }
    }

    /// Every `.html` file that looks like a page template but is not the template of a listed
    /// page, a tab page or a widget, nor loaded by a page as an asset.
    static func unlistedTemplates(in model: ProjectModel) -> [String] {
        let routes = listedRoutes(model)
        var known = Set(routes.map { $0 + ".html" })
        for reference in model.pathReferences {
            if let route = ManifestPaths.canonicalRoute(reference.path) { known.insert(route + ".html") }
        }
        known.formUnion(model.assetReferences.map(\.path))
        let pageFolders = Set(routes.map { $0.split(separator: "/") }.filter { $0.count >= 2 }.map { String($0[0]) })
        return model.project.paths.filter { path in
            guard path.hasSuffix(".html"), !known.contains(path) else { return false }
            let segments = path.dropLast(5).split(separator: "/").map(String.init)
            guard segments.count >= 2 else { return false }
            if segments.dropLast().contains("pages") { return true }
            // `<dir>/<name>/<name>.html` where `<dir>` already holds listed pages.
            return segments.count >= 3 && segments[segments.count - 1] == segments[segments.count - 2]
                && pageFolders.contains(segments[0])
        }.sorted()
    }

    /// The listed route a template stem was probably meant for: `pages/home` for
    /// `pages/home/home` (a folder named instead of its page, or the reverse), a page in the
    /// same folder, or a close spelling.
    static func relatedRoute(to stem: String, among routes: [String]) -> String? {
        func last(_ path: String) -> String { path.split(separator: "/").last.map(String.init) ?? "" }
        func folder(_ path: String) -> String { path.split(separator: "/").dropLast().joined(separator: "/") }
        if let route = routes.first(where: { $0 == stem + "/" + last(stem) || stem == $0 + "/" + last($0) }) { return route }
        if let route = routes.first(where: { folder($0) == folder(stem) && last($0) == last(folder($0)) && folder(stem).contains("/") }) {
            return route
        }
        return NameSuggester.closest(to: stem, in: routes)
    }

    /// Adds the route after the last entry of `pages`.
    static func addition(of route: String, in model: ProjectModel) -> FixIt? {
        guard let last = model.manifest?["pages"]?.elements?.last,
            let span = model.manifestSpan(last.range.upperBound..<last.range.upperBound)
        else {
            return nil
        }
        return FixIt(message: "add \"\(route)\" to 'pages'", span: span, replacement: ", \"\(route)\"")
    }
}
