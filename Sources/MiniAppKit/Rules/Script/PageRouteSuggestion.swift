/// What a navigation url that names no page of the manifest should name instead. One answer
/// for every rule that judges such a url, so that their advice agrees with each other and with
/// the manifest rules: a suggestion is always a page the manifest lists, and a url that names
/// real files the manifest lists in another case is not told to take the manifest's wrong case.
enum PageRouteSuggestion: Equatable {
    /// The manifest's page the url most likely means.
    case page(String)
    /// The url names a template that exists, and the manifest lists it in another case: the
    /// manifest is what is wrong (`manifest-page-not-found` reports it, with its fix-it).
    case manifestCaseDiffers(listed: String)
    /// The url names a template that exists but that the manifest does not list
    /// (`project-unlisted-page` reports it, with its fix-it).
    case unlisted(template: String)

    static func suggestion(for route: String, in model: ProjectModel) -> PageRouteSuggestion? {
        let routes = model.pageRoutes.sorted()
        if model.project.contains(route + ".html") {
            if let listed = routes.first(where: { $0.lowercased() == route.lowercased() }) { return .manifestCaseDiffers(listed: listed) }
            return .unlisted(template: route + ".html")
        }
        // The manifest's page in another letter case: the url's case names no file.
        if let listed = routes.first(where: { $0.lowercased() == route.lowercased() }) { return .page(listed) }
        if let close = NameSuggester.closest(to: route, in: routes) { return .page(close) }
        // `detail` or `pages/detail` for `pages/detail/detail`: a page named by its folder or
        // its files' name, when exactly one page is.
        let name = route.split(separator: "/").last.map(String.init) ?? route
        let named = routes.filter { candidate in
            let parts = candidate.split(separator: "/").map(String.init)
            return parts.last == name && (route == name || candidate.hasPrefix(route + "/") || candidate.hasSuffix("/" + route))
        }
        return named.count == 1 ? .page(named[0]) : nil
    }

    /// The page to write instead, when there is one.
    var page: String? {
        if case .page(let page) = self { return page }
        return nil
    }

    /// How a message goes on after "… which is not a page in the manifest".
    var clause: String {
        switch self {
        case .page(let page): "; did you mean '\(page)'?"
        case .manifestCaseDiffers(let listed):
            "; its template exists, but the manifest lists it as '\(listed)', whose letter case differs: correct the manifest's 'pages'"
        case .unlisted(let template): "; '\(template)' exists, but the manifest's 'pages' does not list it"
        }
    }

    /// A fix-it that writes `page` in place of the url's path, keeping its query: when that
    /// path is written as plain text at the start of a string literal.
    static func fixIt(writing page: String, for target: NavigationTarget) -> FixIt? {
        let source = NavigationURLSource(target: target)
        let path = String(target.pathPart)
        guard source.quote != nil, !path.isEmpty, source.isWrittenPlain(path), source.literal(page) != nil else { return nil }
        let start = target.range.lowerBound + 1
        return FixIt(message: "replace with '\(page)'", span: target.script.span(start..<start + path.utf8.count), replacement: page)
    }
}
