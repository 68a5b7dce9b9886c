import Foundation

/// One project as `mactl serve` previews it: the app running in the logic-layer host (the one
/// `mactl test` uses), the lint's diagnostics, and what the browser's view needs of each page.
/// Every call is serialised: JavaScriptCore runs one call at a time in a context group.
public final class PreviewSession: @unchecked Sendable {
    public let root: URL
    private let lock = NSLock()
    private var project = Project(files: [])
    private var model: ProjectModel?
    private var host: JavaScriptHost?
    private var app: LogicHostSession?
    private var deviceLocale = "en-US"
    private var tabIcons: [String: [UInt8]] = [:]
    /// The lint's findings as the overlay shows them: `file:line:column: severity: message [id]`.
    public private(set) var diagnostics: [String] = []
    /// Why the project could not be loaded at all, when it could not.
    public private(set) var loadFailure: String?
    /// Bumped by each reload, so the browser can tell a new app from the old.
    public private(set) var generation = 0

    /// With `liveNetwork`, the app's fetch goes to the network, sent by the preview server
    /// (`takeFetches`, `settleFetch`); without it a fetch never settles, so a page is seen as it
    /// first shows.
    public let liveNetwork: Bool
    /// Bumped each time the app starts, so an answer to an old app's request is dropped.
    private var run = 0

    /// A fetch the app made, for the preview server to send.
    public struct Fetch: Sendable {
        public var run: Int
        public var id: Int
        public var url: String
        public var method: String
        public var body: String?
    }

    public init(root: URL, liveNetwork: Bool = true) {
        self.root = root
        self.liveNetwork = liveNetwork
        reload()
    }

    /// Reads the project again, lints it and starts the app again where it was: the same pages
    /// on each tab's stack with their queries, and the data of each page whose script did not
    /// change (a changed one runs its onLoad again with the same query). The first load starts
    /// at the launch page.
    public func reload() {
        lock.lock()
        defer { lock.unlock() }
        generation += 1
        tabIcons = [:]
        // A project that failed to load has no app: the place from before the failure is kept,
        // so fixing the file comes back to it.
        if let app, let snapshot = app.preview("snapshot") { place = (snapshot, project) }
        app?.close()
        app = nil
        do {
            project = try ProjectLoader.load(root: root)
        } catch {
            loadFailure = error.description
            diagnostics = []
            model = nil
            return
        }
        loadFailure = nil
        var configuration = ConfigurationLocator.load(forProjectAt: root)
        configuration.runtime = .skip
        let result = Linter.lint(project, configuration: configuration)
        let renderer = TextRenderer(colored: false)
        diagnostics = DiagnosticReport(result).diagnostics
            .filter { $0.severity != .note }.map(renderer.headline)
        model = result.model
        startApp()
        if let place, let model {
            let changed = model.pages.map(\.route).filter { route in
                place.project.file(route + ".js")?.bytes != project.file(route + ".js")?.bytes
            }
            _ = app?.preview("restore", [place.snapshot, "[" + changed.map(Self.jsonString).joined(separator: ",") + "]"])
        }
    }

    /// The app's place before the last reload (the host's `snapshot`) and the project it ran,
    /// to tell which page scripts changed.
    private var place: (snapshot: String, project: Project)?
    /// Bumped by every state handed out, so the browser can drop a state older than one it
    /// showed: an answer to a tap can arrive after the event that a save reloaded the app.
    private var sequence = 0

    /// Starts the app; the host's state after it started.
    @discardableResult
    private func startApp() -> String? {
        guard let model else { return nil }
        let host = self.host ?? JavaScriptHost(timeLimitSeconds: 5)
        self.host = host
        app = LogicHostSession(host: host, projectJSON: LogicHostProject.json(model))
        run += 1
        _ = app?.preview("networkMode", [liveNetwork ? "live" : "offline"])
        return app?.preview("start", [deviceLocale])
    }

    /// Starts the app again as a device set to `locale` would.
    public func restart(locale: String) -> String {
        lock.lock()
        defer { lock.unlock() }
        deviceLocale = locale
        app?.close()
        return stateLocked(startApp())
    }

    /// The app's state as JSON: the page on top, the stack, the tabs, new app errors.
    public func state() -> String {
        lock.lock()
        defer { lock.unlock() }
        return stateLocked()
    }

    /// `appState` is the host's answer to the call just made: each answer hands over the app
    /// errors since the last, so asking again would lose them.
    private func stateLocked(_ appState: String? = nil) -> String {
        let appState = appState ?? app?.preview("state") ?? "null"
        let quoted = diagnostics.map(Self.jsonString).joined(separator: ",")
        let failure = loadFailure.map(Self.jsonString) ?? "null"
        let locales = project.paths.compactMap(LocaleCatalog.tag(forPath:)).map(Self.jsonString).joined(separator: ",")
        sequence += 1
        return
            #"{"sequence":\#(sequence),"run":\#(run),"generation":\#(generation),"app":\#(appState),"diagnostics":[\#(quoted)],"loadFailure":\#(failure),"locales":[\#(locales)]}"#
    }

    /// Calls a function of the host's preview API, then returns the whole state.
    public func call(_ name: String, _ arguments: [String]) -> String {
        lock.lock()
        defer { lock.unlock() }
        return stateLocked(app?.preview(name, arguments))
    }

    /// What the view with this id needs: its store, handler names and the catalog; `null` when
    /// the app has no such view.
    public func view(_ id: String) -> String {
        lock.lock()
        defer { lock.unlock() }
        return app?.preview("view", [id]) ?? "null"
    }

    /// Shows `route` with `query` as a person would reach it: a tab page by its tab, any other
    /// page pushed from where the app is. Fails when `refusal` says why not.
    public func open(route: String, query: String) throws(OpenFailure) -> String {
        lock.lock()
        defer { lock.unlock() }
        if let refusal = refusalLocked(route: route, query: query) { throw OpenFailure(description: refusal) }
        return stateLocked(app?.preview("open", [route, query]))
    }

    /// Why `route` with `query` cannot be opened from where the app is, or nil: a route that is
    /// not one of the manifest's pages (they are named), or a query for the root of a stack,
    /// which the runtime opens without one.
    public func refusal(route: String, query: String) -> String? {
        lock.lock()
        defer { lock.unlock() }
        return refusalLocked(route: route, query: query)
    }

    private func refusalLocked(route: String, query: String) -> String? {
        let known = model?.pages.map(\.route) ?? []
        guard known.contains(route) else {
            let pages =
                known.isEmpty
                ? "the manifest lists no pages" : "the manifest's pages are " + known.map { "'\($0)'" }.joined(separator: ", ")
            return "'\(route)' is not a page of the app; \(pages)"
        }
        guard !query.isEmpty, let reason = app?.preview("queryRefusal", [route]), !reason.isEmpty else { return nil }
        return reason
    }

    /// A route that cannot be opened, and why.
    public struct OpenFailure: Error, Sendable, CustomStringConvertible {
        public var description: String
    }

    /// A route as the preview's address field and `--open` take it, `pages/recipe/recipe?id=3`:
    /// the page and its query (everything after the first `?`, as navigateTo passes it).
    public static func splitRoute(_ text: String) -> (route: String, query: String) {
        guard let mark = text.firstIndex(of: "?") else { return (text, "") }
        return (String(text[..<mark]), String(text[text.index(after: mark)...]))
    }

    /// Runs the timers due in the next `milliseconds`; the state when one ran, else nil.
    public func advance(milliseconds: Int) -> String? {
        lock.lock()
        defer { lock.unlock() }
        guard let result = app?.preview("advance", [String(milliseconds)]), !result.isEmpty else { return nil }
        return stateLocked(result)
    }

    /// The requests the app made since the last call.
    public func takeFetches() -> [Fetch] {
        lock.lock()
        defer { lock.unlock() }
        guard let text = app?.preview("takeFetches"),
            let list = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [[String: Any]]
        else { return [] }
        return list.compactMap { entry in
            guard let id = entry["id"] as? Int, let url = entry["url"] as? String, let method = entry["method"] as? String else {
                return nil
            }
            return Fetch(run: run, id: id, url: url, method: method, body: entry["body"] as? String)
        }
    }

    /// Settles a request with its answer, or with `failure`'s text; the state, or nil when the
    /// app that asked is gone.
    public func settleFetch(_ fetch: Fetch, status: Int, body: String, failure: String?) -> String? {
        lock.lock()
        defer { lock.unlock() }
        guard fetch.run == run, let app else { return nil }
        return stateLocked(app.preview("settleFetch", [String(fetch.id), String(status), body, failure ?? ""]))
    }

    /// The expressions of a page's template with their parses (`LogicHostProject.expressionTable`).
    public func expressions(route: String) -> String {
        lock.lock()
        defer { lock.unlock() }
        return expressionsLocked(route: route)
    }

    private func expressionsLocked(route: String) -> String {
        let template = model?.pages.first { $0.route == route }?.template ?? project.file(route + ".html").map(TemplateParser.parse)
        return template.map(LogicHostProject.expressionTable) ?? "{}"
    }

    /// What a view's page is served with, all from one run of one project: the template's text,
    /// the view (as `view(_:run:)`) and the template's expressions. Nil when the template is not
    /// a file of the project or `view` fails; taken apart, a reload in between would pair one
    /// project's template with another's expressions.
    public func page(template path: String, view id: String, run: Int) -> (text: String, view: String, expressions: String)? {
        lock.lock()
        defer { lock.unlock() }
        guard path.hasSuffix(".html"), let file = project.file(path), run == self.run,
            let view = app?.preview("view", [id]), view != "null"
        else { return nil }
        return (file.text, view, expressionsLocked(route: String(path.dropLast(5))))
    }

    /// What screenshots cover: the manifest's pages in its order, the project's locales (else the
    /// manifest's `lang`, else en-US) and the app's name.
    public func screens() -> (pages: [String], locales: [String], appName: String) {
        lock.lock()
        defer { lock.unlock() }
        let pages = model?.pages.map(\.route) ?? []
        let tags = project.paths.compactMap(LocaleCatalog.tag(forPath:)).sorted()
        let language = model?.manifest?["lang"]?.stringValue ?? "en-US"
        let name = model?.manifest?["name"]?.stringValue ?? root.lastPathComponent
        return (pages, tags.isEmpty ? [language] : tags, name)
    }

    /// A tab icon as SkipMiniApp's iOS tab bar draws it (IOSTabIcon's reading), a PNG tinted
    /// iOS's blue when `selected`, else its grey; nil when it is not a tab icon the runtime
    /// reads as paths.
    public func tabIcon(_ path: String, selected: Bool) -> [UInt8]? {
        lock.lock()
        defer { lock.unlock() }
        let key = path + (selected ? "#selected" : "")
        if let made = tabIcons[key] { return made }
        guard let model, model.runtime.has(.tabIconsReadAsFilledPaths), let file = project.file(path),
            model.icons.contains(where: { $0.path == path && $0.isTabIcon })
        else { return nil }
        guard let alpha = TabIconImages(shipped: [(path, file.bytes)], linted: model.icons).icons.first?.iosAlpha else { return nil }
        let png = IconRenderer.png(alpha: alpha, size: IOSTabIcon.renderSize, ink: selected ? (0x00, 0x7A, 0xFF) : (0x8E, 0x8E, 0x93))
        tabIcons[key] = png
        return png
    }

    /// A file of the project, as it is on disk now.
    public func file(_ path: String) -> SourceFile? {
        lock.lock()
        defer { lock.unlock() }
        return project.file(path)
    }

    static func jsonString(_ text: String) -> String { JSONOutput.string(text).compact() }
}
