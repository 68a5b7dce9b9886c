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
    /// The lint's findings as the overlay shows them: `file:line:column: severity: message [id]`.
    public private(set) var diagnostics: [String] = []
    /// Why the project could not be loaded at all, when it could not.
    public private(set) var loadFailure: String?
    /// Bumped by each reload, so the browser can tell a new app from the old.
    public private(set) var generation = 0

    public init(root: URL) {
        self.root = root
        reload()
    }

    /// Reads the project again, lints it and starts the app from scratch.
    public func reload() {
        lock.lock()
        defer { lock.unlock() }
        generation += 1
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
    }

    private func startApp() {
        guard let model else { return }
        let host = self.host ?? JavaScriptHost(timeLimitSeconds: 5)
        self.host = host
        app = LogicHostSession(host: host, projectJSON: LogicHostProject.json(model))
        _ = app?.preview("start", [deviceLocale])
    }

    /// Starts the app again as a device set to `locale` would.
    public func restart(locale: String) -> String {
        lock.lock()
        defer { lock.unlock() }
        deviceLocale = locale
        app?.close()
        startApp()
        return stateLocked()
    }

    /// The app's state as JSON: the page on top, the stack, the tabs, new app errors.
    public func state() -> String {
        lock.lock()
        defer { lock.unlock() }
        return stateLocked()
    }

    private func stateLocked() -> String {
        let appState = app?.preview("state") ?? "null"
        let quoted = diagnostics.map(Self.jsonString).joined(separator: ",")
        let failure = loadFailure.map(Self.jsonString) ?? "null"
        let locales = project.paths.compactMap(LocaleCatalog.tag(forPath:)).map(Self.jsonString).joined(separator: ",")
        return #"{"generation":\#(generation),"app":\#(appState),"diagnostics":[\#(quoted)],"loadFailure":\#(failure),"locales":[\#(locales)]}"#
    }

    /// Calls a function of the host's preview API, then returns the whole state.
    public func call(_ name: String, _ arguments: [String]) -> String {
        lock.lock()
        defer { lock.unlock() }
        _ = app?.preview(name, arguments)
        return stateLocked()
    }

    /// What the view with this id needs: its store, handler names and the catalog.
    public func view(_ id: String) -> String {
        lock.lock()
        defer { lock.unlock() }
        return app?.preview("view", [id]) ?? "null"
    }

    /// Runs the timers due in the next `milliseconds`; the state when one ran, else nil.
    public func advance(milliseconds: Int) -> String? {
        lock.lock()
        defer { lock.unlock() }
        guard let result = app?.preview("advance", [String(milliseconds)]), !result.isEmpty else { return nil }
        return stateLocked()
    }

    /// The expressions of a page's template with their parses (`LogicHostProject.expressionTable`).
    public func expressions(route: String) -> String {
        lock.lock()
        defer { lock.unlock() }
        let template = model?.pages.first { $0.route == route }?.template ?? project.file(route + ".html").map(TemplateParser.parse)
        return template.map(LogicHostProject.expressionTable) ?? "{}"
    }

    /// A file of the project, as it is on disk now.
    public func file(_ path: String) -> SourceFile? {
        lock.lock()
        defer { lock.unlock() }
        return project.file(path)
    }

    static func jsonString(_ text: String) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: [text], options: [.withoutEscapingSlashes])) ?? Data("[\"\"]".utf8)
        return String(String(decoding: data, as: UTF8.self).dropFirst().dropLast())
    }
}
