/// The parsed project every rule checks: the files, and each file kind parsed into a model
/// whose names carry source spans. Parsing never fails; what could not be parsed is an
/// issue inside the model, which the rules for that kind report.
public struct ProjectModel: Sendable {
    public static let manifestPath = "manifest.json"
    /// Files under this folder are tests (`mactl test` runs them), not part of the app: the
    /// bundle leaves them out and the logic-layer host does not load them.
    public static let testsFolder = "tests/"

    public var project: Project
    public var configuration: Configuration
    /// `nil` when the project has no `manifest.json`.
    public var manifestDocument: JSONDocument?
    /// Every JSON file that was parsed (the manifest today; locale files later).
    public var jsonDocuments: [JSONDocument]
    /// The manifest's root when it is an object: what the manifest rules check.
    public var manifest: JSONNode?
    public var manifestWalk: ManifestWalker?
    /// The manifest's pages with their parsed template and script, in manifest order.
    public var pages: [PageModel] = []
    /// `app.js`, evaluated like a page script.
    public var appScript: ScriptModel?
    /// The locale files and the default locale.
    public var locales: LocaleSet
    /// Every translation lookup in templates, scripts and the manifest.
    public var translationKeyUses = TranslationKeyUses()
    /// The project's SVG icons, parsed and rendered.
    public var icons: [IconModel] = []
    /// Every local file the pages and stylesheets load.
    public var assetReferences: [AssetReference] = []
    /// Which files `pack` ships; the package rules and the packer share it.
    public var bundle = BundlePlan(shipped: [], leftOut: [])
    /// The pack cache as lint lends it to the budget rule; nil when there is none.
    public var packCache: PackCache.Lending?
    /// What is worked out from the whole model once, on first use (the smoke run).
    public let derived = DerivedValues()

    /// The runtime the project is checked against.
    public var runtime: RuntimeProfile { configuration.runtime }

    /// `previous`, a model of an earlier state of the same project (`lint --watch` keeps the
    /// last one), lends its parses of the files that did not change: a page's template, a
    /// page's script while `app.js` is the same, `app.js`, an icon. Each is a function of its
    /// file (and of the runtime, which must be the same), so the model is the one a build from
    /// scratch makes; what depends on several files is always worked out again.
    ///
    /// `scriptRuns` lends the runs of scripts an earlier lint kept (`ScriptRunStore`), and
    /// keeps this lint's. `timings` records how long each stage took.
    ///
    /// `pagesParsed` is handed the model as soon as its pages, scripts and locales are final,
    /// before the facts that span files and the icons are worked out: the lint starts the smoke
    /// run there, which reads nothing else, so that it runs beside the rest.
    public init(
        project: Project, configuration: Configuration = .default, reusing previous: ProjectModel? = nil, scriptRuns: ScriptRunStore? = nil,
        timings: LintTimings? = nil, pagesParsed: ((ProjectModel) -> Void)? = nil
    ) {
        let reusable = previous.flatMap { $0.runtime.id == configuration.runtime.id ? ReusableParses($0, for: project) : nil }
        self.project = project
        self.configuration = configuration
        var documents: [JSONDocument] = []
        let parseJSON = ContinuousClock.now
        if let file = project.file(Self.manifestPath) {
            let document = JSONParser.parse(file)
            manifestDocument = document
            documents.append(document)
            if let root = document.root, root.members != nil {
                manifest = root
                manifestWalk = ManifestWalker(root: root)
            }
        }
        let localeFiles = project.paths.filter { LocaleCatalog.tag(forPath: $0) != nil }.compactMap(project.file)
        let localeDocuments = ParallelMap.map(localeFiles) {
            ()
        } transform: { _, file in
            JSONParser.parse(file)
        }
        jsonDocuments = documents + localeDocuments
        locales = LocaleSet(project: project, documents: localeDocuments, manifest: manifest, defaultLocale: configuration.defaultLocale)
        timings?.record(.json, since: parseJSON)
        let parsePages = ContinuousClock.now
        (pages, appScript) = Self.parseLogicAndViews(
            project: project, manifest: manifest, runtime: configuration.runtime, reusing: reusable, scriptRuns: scriptRuns)
        timings?.record(.pages, since: parsePages)
        pagesParsed?(self)
        let crossFile = ContinuousClock.now
        collectCrossFileFacts()
        timings?.record(.crossFile, since: crossFile)
        let analyseIcons = ContinuousClock.now
        let iconFiles = Self.iconPaths(project: project, manifest: manifest).compactMap { entry in
            project.file(entry.path).map { ($0, entry.isTab) }
        }
        let runtime = configuration.runtime
        icons = ParallelMap.map(iconFiles.map { IconJob(file: $0.0, isTab: $0.1) }) {
            ()
        } transform: { _, job in
            if let icon = reusable?.icons[job.file.path], icon.document.file == job.file, icon.isTabIcon == job.isTab { return icon }
            return IconModel.analyse(job.file, isTabIcon: job.isTab, runtime: runtime)
        }
        timings?.record(.icons, since: analyseIcons)
    }

    /// Collects what depends on several files at once: translation key uses, asset references
    /// and the bundle plan. Called again after a page's template or script is replaced.
    package mutating func collectCrossFileFacts() {
        translationKeyUses = TranslationKeyUses.collect(from: self)
        assetReferences = AssetReferences.collect(in: self)
        bundle = BundlePlanner.plan(self)
    }

    private struct IconJob: Sendable {
        var file: SourceFile
        var isTab: Bool
    }

    /// Parses every page's template and script, and `app.js`, in parallel: these are the
    /// expensive parses (libxml2, JavaScriptCore), and files are independent.
    private static func parseLogicAndViews(
        project: Project, manifest: JSONNode?, runtime: RuntimeProfile, reusing reusable: ReusableParses?, scriptRuns: ScriptRunStore?
    ) -> ([PageModel], ScriptModel?) {
        struct Job: Sendable {
            var route: String
            var node: JSONNode
            var isTab: Bool
        }
        var jobs: [Job] = []
        var seen: Set<String> = []
        let tabRoutes = Set(
            (manifest?["tab_bar"]?["tabs"]?.elements ?? []).compactMap { $0["page"]?.stringValue.flatMap(ManifestPaths.canonicalRoute) })
        for node in manifest?["pages"]?.elements ?? [] {
            guard let route = node.stringValue.flatMap(ManifestPaths.canonicalRoute), seen.insert(route).inserted else { continue }
            jobs.append(Job(route: route, node: node, isTab: tabRoutes.contains(route)))
        }
        let appFile = project.file("app.js")
        // The last job is `app.js`, so one pool of evaluators serves every script.
        let scriptFiles: [SourceFile?] = jobs.map { project.file($0.route + ".js") } + [appFile]
        let templateFiles: [SourceFile?] = jobs.map { project.file($0.route + ".html") } + [nil]
        // A JavaScriptCore context group costs more than parsing a small project; a project
        // without scripts (a fixture, a fuzz input) makes none.
        let hasScripts = scriptFiles.contains { file in file.map { reusable?.script(for: $0) == nil } ?? false }
        let parsed = ParallelMap.map(Array(zip(templateFiles, scriptFiles))) {
            hasScripts ? ScriptEvaluator(runs: scriptRuns) : nil
        } transform: { evaluator, files -> (PageTemplate?, PageModel.TemplateFacts, ScriptModel?, isFresh: Bool) in
            let (template, facts) =
                files.0.flatMap { reusable?.template(for: $0) }
                ?? {
                    let template = files.0.map(TemplateParser.parse)
                    return (template, PageModel.TemplateFacts(template))
                }()
            if let file = files.1, let script = reusable?.script(for: file) { return (template, facts, script, false) }
            let script = files.1.flatMap { file in
                evaluator.map { evaluator in
                    let registration = evaluator.evaluate(file)
                    // A script too large to run is not lexed either: its tokens alone would
                    // take gigabytes, and nothing is checked against a script that did not load.
                    let lexed = registration.issue?.kind == .tooLarge ? JavaScriptLexer.lex([]) : JavaScriptLexer.lex(file)
                    return ScriptModel(file: file, registration: registration, lexed: lexed)
                }
            }
            return (template, facts, script, true)
        }
        let appScript = parsed.last?.2
        var pageScripts = parsed.dropLast().map(\.2)
        if runtime.has(.sharedScriptContext), let appScript {
            // A lent script was run again already, after this same `app.js`.
            pageScripts = zip(pageScripts, parsed.dropLast()).map { script, result in
                result.isFresh ? script.map { rerunAfterAppScript($0, appScript: appScript, runs: scriptRuns) } : script
            }
        }
        let pages = jobs.enumerated().map { index, job in
            var page = PageModel(
                route: job.route, manifestNode: job.node, templatePath: job.route + ".html", template: nil,
                directives: [], elementScopes: [], boundHandlerNames: [], scriptPath: job.route + ".js",
                script: pageScripts[index], isTab: job.isTab)
            page.setTemplate(parsed[index].0, facts: parsed[index].1)
            return page
        }
        return (pages, appScript)
    }

    /// A page script that stopped at load on a name `app.js` declares, run again after `app.js`
    /// in one context: a runtime that shares one context between all scripts runs `app.js`
    /// first, so the page sees its top-level names (`skip.one-script-context`). Pages are run
    /// alone first because that is cheaper and a clash between the two is another rule's.
    private static func rerunAfterAppScript(_ script: ScriptModel, appScript: ScriptModel, runs: ScriptRunStore?) -> ScriptModel {
        let marker = "Can't find variable: "
        guard let issue = script.registration.issue, issue.kind == .uncaughtException, let found = issue.message.range(of: marker),
            SharedScriptScope.runs(appScript),
            appScript.topLevelDeclarations.contains(where: { $0.name == String(issue.message[found.upperBound...]) })
        else { return script }
        let registration = ScriptEvaluator(runs: runs).evaluate(script.file, after: appScript.file)
        return ScriptModel(file: script.file, registration: registration, lexed: JavaScriptLexer.lex(script.file))
    }

    /// The manifest file, for spans. Present whenever `manifest` is.
    public var manifestFile: SourceFile? { manifestDocument?.file }

    public func manifestSpan(_ range: Range<Int>) -> SourceSpan? { manifestFile?.span(range) }
}
