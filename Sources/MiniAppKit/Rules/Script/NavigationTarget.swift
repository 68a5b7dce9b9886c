/// The `url` of a navigation call, as far as it is written: a literal, or the fixed start of a
/// url built at run time (`'pages/d/d?id=' + id`, `` `pages/d/d?id=${id}` ``).
struct NavigationTarget {
    /// Today's member, whatever the spelling: `nav.navigateTo` for `skip.navigateTo` too.
    var api: String
    /// The url, or its fixed start when `isWhole` is false.
    var url: String
    var isWhole: Bool
    /// The page the url opens, when its path is written whole (a query or fragment may
    /// follow): a leading `/` and the query are left out; nil for `'pages/' + name`.
    var route: String?
    /// The `url` value's expression.
    var range: Range<Int>
    /// The call's options object, for fix-its that add a member.
    var options: ScriptObjectLiteral
    var script: ScriptModel

    /// The navigation calls that open the page their `url` names.
    static let urlAPIs: Set<String> = ["nav.navigateTo", "nav.redirectTo", "nav.reLaunch", "nav.switchTab"]

    /// `navigateTo` for `nav.navigateTo`, as messages name the call.
    var shortName: String { api.split(separator: ".").last.map(String.init) ?? api }

    /// The url's path: before any `?` or `#`.
    var pathPart: Substring {
        url.firstIndex(where: { $0 == "?" || $0 == "#" }).map { url[..<$0] } ?? Substring(url)
    }

    /// The navigation calls whose `url` is written (wholly or its start) in every script, each
    /// spelling resolved to today's member through the runtime's moved members
    /// (`skip.switchTab` is checked as `nav.switchTab`). Urls not written at all are not guessed at.
    static func all(in model: ProjectModel, apis: Set<String>) -> [NavigationTarget] {
        let hostAPI = model.runtime.hostAPI
        return model.scripts.flatMap { script in
            script.facts.hostAPICalls.compactMap { call -> NavigationTarget? in
                let member = hostAPI?.movedMember(call.member) ?? call.member
                guard apis.contains(member), let argument = call.argument(0), case .object(let object) = argument.value,
                    let urlMember = object.member(named: "url"), let url = urlMember.value.knownStart
                else { return nil }
                let isWhole = urlMember.value.stringValue != nil
                let pathIsWhole = isWhole || url.contains("?") || url.contains("#")
                return NavigationTarget(
                    api: member, url: url, isWhole: isWhole, route: pathIsWhole ? route(for: url) : nil,
                    range: urlMember.valueRange, options: object, script: script)
            }
        }
    }

    /// `/pages/a/a?x=1` → `pages/a/a`: the page, whatever breaks in how the url is written
    /// (the url rules report a query or a leading `/` where the runtime takes them verbatim).
    static func route(for url: String) -> String {
        var path = Substring(url)
        if let query = path.firstIndex(where: { $0 == "?" || $0 == "#" }) { path = path[..<query] }
        while path.hasPrefix("/") { path = path.dropFirst() }
        return ManifestPaths.canonicalRoute(String(path)) ?? String(path)
    }
}
