/// The scripts of a runtime that runs them all in one JavaScript context
/// (`RuntimeBehavior.sharedScriptContext`), with the names each declares at its top level.
/// `app.js` runs first; pages run in the order they are opened, which the linter cannot know,
/// so "earlier" and "later" below are manifest order, `app.js` first: a stable place to report
/// a clash that whichever page opens second suffers.
struct SharedScriptScope {
    struct Member {
        var script: ScriptModel
        /// `nil` for `app.js`.
        var page: PageModel?
        /// The first top-level declaration of each name, in source order.
        var declarations: [TopLevelDeclaration]

        var path: String { script.file.path }
        var isApp: Bool { page == nil }
    }

    /// A name a later script declares at top level that an earlier one declared first.
    struct Clash {
        var later: Member
        var declaration: TopLevelDeclaration
        var earlier: Member
        var earlierDeclaration: TopLevelDeclaration
    }

    var members: [Member]
    /// The names the runtime declares itself by evaluating script in the shared context
    /// (`fetch`, `__i18nMessages`, …): `RuntimeGlobalShadowed`'s, left out of the clashes.
    var runtimeDeclaredGlobals: Set<String>

    /// Nil when the runtime gives every script its own context.
    init?(_ model: ProjectModel) {
        guard model.runtime.has(.sharedScriptContext) else { return nil }
        runtimeDeclaredGlobals = Set(model.runtime.hostAPI?.scriptDeclaredGlobals ?? [])
        members = model.scriptsWithPages.compactMap { script, page in
            guard Self.runs(script) else { return nil }
            var seen: Set<String> = []
            let declarations = script.topLevelDeclarations.filter { seen.insert($0.name).inserted }
            return Member(script: script, page: page, declarations: declarations)
        }
    }

    /// Whether the runtime runs the script at all: one with a syntax error, too large or not
    /// UTF-8 declares nothing. One that throws at load still declared every name, since
    /// declarations are instantiated before any code runs.
    static func runs(_ script: ScriptModel) -> Bool {
        switch script.registration.issue?.kind {
        case .syntaxError, .tooLarge, .invalidEncoding: return false
        case nil, .uncaughtException, .timeout, .evaluatorFailure: return true
        }
    }

    /// Every top-level name a script declares that an earlier script declared first, with
    /// that first declaration; the runtime's own globals left out. In manifest order, then
    /// source order.
    var clashes: [Clash] {
        var first: [String: (member: Member, declaration: TopLevelDeclaration)] = [:]
        var clashes: [Clash] = []
        for member in members {
            for declaration in member.declarations where !runtimeDeclaredGlobals.contains(declaration.name) {
                if let earlier = first[declaration.name] {
                    clashes.append(
                        Clash(later: member, declaration: declaration, earlier: earlier.member, earlierDeclaration: earlier.declaration))
                } else {
                    first[declaration.name] = (member, declaration)
                }
            }
        }
        return clashes
    }

    /// The names declared at top level by more than one script.
    var sharedNames: Set<String> {
        Set(clashes.map(\.declaration.name))
    }
}

/// Support files for the shared-scope rules' examples.
enum SharedScopeExample {
    static let twoPagesManifest = MinimalApp.manifest(with: #""pages": ["pages/index/index", "pages/detail/detail"]"#)

    static let detailTemplate = "<!DOCTYPE html>\n<html>\n<body x-data=\"page\">\n  <p x-text=\"store.title\"></p>\n</body>\n</html>\n"

    /// The minimal app with a second page, `pages/detail/detail`, that nothing opens: no tab
    /// bar, so `pages/index/index` is the launch page and the detail page a pushed one.
    static let twoPages: [String: String] = [
        "manifest.json": twoPagesManifest,
        "pages/detail/detail.html": detailTemplate,
        "pages/detail/detail.js": "Page({\n  data: { title: 'Detail' },\n});\n",
    ]
}
