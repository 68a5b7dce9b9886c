/// A page listed in the manifest has no HTML template in the project.
public struct ManifestPageNotFound: Rule {
    public static let description = RuleDescription(
        id: "manifest-page-not-found", domain: .manifest, severity: .error,
        summary: "A page in 'pages' has no '.html' file.",
        rationale: """
            A page is at least an HTML resource at its route (`pages/home/home` is \
            `pages/home/home.html`; its `.js` and `.css` are optional). A runtime refuses a package \
            whose pages do not exist (W3C MiniApp Packaging, processing step 4). The check is \
            case-sensitive on every file system, because the package is.
            """,
        triggering: [
            .manifest(
                members: """
                    "pages": ["pages/index/index", 1️⃣"pages/about"]
                    """, files: ["pages/about/about.html": "<body x-data=\"page\"></body>\n"],
                expected: [.at("1️⃣", "page 'pages/about' has no template 'pages/about.html'").fixIt("\"pages/about/about\"")]),
            // The W3C miniapp-tests layout: the files are at 'pages/home.*', the manifest names a folder.
            .manifest(
                members: """
                    "pages": [1️⃣"pages/home/home"]
                    """, files: ["pages/home.html": "<body><h1>Home</h1></body>\n"],
                removing: ["pages/index/index.html", "pages/index/index.js"],
                expected: [
                    .at("1️⃣", "page 'pages/home/home' has no template 'pages/home/home.html'")
                        .notes(["did you mean 'pages/home'? its template 'pages/home.html' exists"]).fixIt("\"pages/home\"")
                ]),
            // A misspelt route.
            .manifest(
                members: """
                    "pages": ["pages/index/index", 1️⃣"pages/detial/detial"]
                    """, files: ["pages/detail/detail.html": "<body><h1>Detail</h1></body>\n"],
                expected: [
                    .at("1️⃣", "page 'pages/detial/detial' has no template 'pages/detial/detial.html'")
                        .notes(["did you mean 'pages/detail/detail'? its template 'pages/detail/detail.html' exists"]).fixIt(
                            "\"pages/detail/detail\"")
                ]),
        ],
        nonTriggering: [
            .manifest(
                members: """
                    "pages": ["pages/index/index", "pages/about/about"]
                    """, files: ["pages/about/about.html": "<body x-data=\"page\"></body>\n"]),
            .manifest(
                members: """
                    "pages": ["pages/index/index", "pages/home.html"]
                    """, files: ["pages/home.html": "<body><h1>Home</h1></body>\n"]),
        ])

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] {
        model.pageReferences.compactMap { reference in
            guard let template = ManifestPaths.templatePath(forRoute: reference.path), !model.project.contains(template) else { return nil }
            return Finding(
                "page '\(reference.path)' has no template '\(template)'", at: model.manifestSpan(reference.node.range),
                notes: Self.hints(for: reference, template: template, in: model),
                fixIt: Self.folderRouteFix(for: reference, in: model))
        }
    }

    /// Explains the two usual slips: a case mismatch, and a folder named instead of its page.
    static func hints(for reference: ProjectModel.PathReference, template: String, in model: ProjectModel) -> [DiagnosticNote] {
        let caseNote = caseNotes(for: template, in: model)
        if !caseNote.isEmpty { return caseNote }
        if let route = folderRoute(for: reference.path, in: model) {
            return [DiagnosticNote(message: "did you mean '\(route)'? a page route names the page's files, not its folder")]
        }
        if let route = closestTemplateRoute(for: reference.path, in: model) {
            return [DiagnosticNote(message: "did you mean '\(route)'? its template '\(route).html' exists")]
        }
        return []
    }

    static func folderRouteFix(for reference: ProjectModel.PathReference, in model: ProjectModel) -> FixIt? {
        guard
            let route = caseRoute(for: reference.path, in: model) ?? folderRoute(for: reference.path, in: model)
                ?? closestTemplateRoute(for: reference.path, in: model),
            let span = model.manifestSpan(reference.node.range)
        else { return nil }
        return FixIt(message: "replace with '\(route)'", span: span, replacement: "\"\(route)\"")
    }

    /// The route of the unlisted template the missing page was probably meant to be:
    /// `pages/home` for `pages/home/home` when `pages/home.html` exists, or a close spelling.
    static func closestTemplateRoute(for path: String, in model: ProjectModel) -> String? {
        guard let route = ManifestPaths.canonicalRoute(path), caseNotes(for: route + ".html", in: model).isEmpty else { return nil }
        let stems = ProjectUnlistedPage.unlistedTemplates(in: model).map { String($0.dropLast(5)) }
        return stems.first { ProjectUnlistedPage.relatedRoute(to: route, among: [$0]) != nil }
            ?? NameSuggester.closest(to: route, in: stems)
    }

    /// `pages/detail/detail` for `pages/Detail/detail` when only the former's template exists:
    /// the page in the letter case of its files.
    static func caseRoute(for path: String, in model: ProjectModel) -> String? {
        guard let route = ManifestPaths.canonicalRoute(path), let other = model.project.caseInsensitiveMatch(for: route + ".html"),
            other.hasSuffix(".html")
        else { return nil }
        return String(other.dropLast(5))
    }

    /// `pages/home` when `pages/home/home.html` exists: the route of the page inside that folder.
    static func folderRoute(for path: String, in model: ProjectModel) -> String? {
        guard let route = ManifestPaths.canonicalRoute(path), let name = route.split(separator: "/").last else { return nil }
        let candidate = route + "/" + name
        return model.project.contains(candidate + ".html") ? candidate : nil
    }
}
