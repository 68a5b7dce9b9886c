/// The literal `url` of a navigation call, as a page route.
struct NavigationTarget {
    var api: String
    var url: String
    var route: String
    var range: Range<Int>
    var script: ScriptModel

    /// `navigateTo` for `nav.navigateTo`, as messages name the call.
    var shortName: String { api.split(separator: ".").last.map(String.init) ?? api }

    /// The navigation calls with a literal `url` in every script. Calls whose url is built at
    /// run time are not guessed at.
    static func all(in model: ProjectModel, apis: Set<String>) -> [NavigationTarget] {
        model.scripts.flatMap { script in
            script.facts.hostAPICalls.compactMap { call -> NavigationTarget? in
                guard apis.contains(call.member), let argument = call.argument(0), case .object(let object) = argument.value,
                      let urlMember = object.member(named: "url"), case .string(let url) = urlMember.value else { return nil }
                return NavigationTarget(api: call.member, url: url, route: route(for: url), range: urlMember.valueRange, script: script)
            }
        }
    }

    /// `/pages/a/a?x=1` → `pages/a/a`: the query is the page's, and a leading `/` is the
    /// package root.
    static func route(for url: String) -> String {
        var path = Substring(url)
        if let query = path.firstIndex(where: { $0 == "?" || $0 == "#" }) { path = path[..<query] }
        while path.hasPrefix("/") { path = path.dropFirst() }
        return ManifestPaths.canonicalRoute(String(path)) ?? String(path)
    }
}
