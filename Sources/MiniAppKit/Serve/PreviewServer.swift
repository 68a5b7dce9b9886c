import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `mactl serve`'s HTTP side: the shell page (a phone frame with the navigation bar, the tab bar
/// and the page in an iframe), the project's files with the bridge put into each page, and the
/// calls the browser makes into the app's logic layer. State goes to the shell as server-sent
/// events after every change, from any browser tab.
public final class PreviewServer: @unchecked Sendable {
    public let session: PreviewSession
    public let alpine: [UInt8]
    public private(set) var http: HTTPServer?
    private let stopped = NSLock()
    private var isStopped = false

    /// `alpine` is Alpine.js's standard build (scripts/fetch-alpine.sh installs it).
    public init(session: PreviewSession, alpine: [UInt8]) {
        self.session = session
        self.alpine = alpine
    }

    /// Listens on `host:port`. `runsTimers` runs the app's timers in real time, as a person
    /// watching expects; screenshots leave them still, so a picture is the page as it first shows.
    public func start(host: String = "127.0.0.1", port: Int, runsTimers: Bool = true) throws(HTTPServer.StartFailure) {
        http = try HTTPServer(host: host, port: port) { [self] request in handle(request) }
        if runsTimers {
            let ticker = Thread { [self] in runTimers() }
            ticker.start()
        }
    }

    public func stop() {
        stopped.lock()
        isStopped = true
        stopped.unlock()
        http?.stop()
    }

    private var running: Bool {
        stopped.lock()
        defer { stopped.unlock() }
        return !isStopped
    }

    public var url: String { "http://\(http?.host ?? "127.0.0.1"):\(http?.port ?? 0)/" }

    /// After a file changed: the project is read, linted and started again; every open shell
    /// shows the new app.
    public func reload() {
        session.reload()
        http?.events.send("reload", session.state())
    }

    /// The app's timers run in real time in the preview (the host's clock is virtual).
    private func runTimers() {
        let step = 50
        while running {
            Thread.sleep(forTimeInterval: Double(step) / 1000)
            if let state = session.advance(milliseconds: step) { http?.events.send("state", state) }
            for fetch in session.takeFetches() { send(fetch) }
        }
    }

    /// Sends an app's request as SkipMiniApp's NW does: the method, a string body, no headers;
    /// the body comes back as text, a failure as its description.
    private func send(_ fetch: PreviewSession.Fetch) {
        guard let url = URL(string: fetch.url), url.scheme == "http" || url.scheme == "https" else {
            settle(fetch, status: 0, body: "", failure: "unsupported URL")
            return
        }
        var request = URLRequest(url: url, timeoutInterval: 30)
        request.httpMethod = fetch.method.uppercased()
        request.httpBody = fetch.body.map { Data($0.utf8) }
        URLSession.shared.dataTask(with: request) { [self] data, response, error in
            if let error {
                settle(fetch, status: 0, body: "", failure: error.localizedDescription)
            } else {
                let status = (response as? HTTPURLResponse)?.statusCode ?? 0
                settle(fetch, status: status, body: String(decoding: data ?? Data(), as: UTF8.self), failure: nil)
            }
        }.resume()
    }

    private func settle(_ fetch: PreviewSession.Fetch, status: Int, body: String, failure: String?) {
        if let state = session.settleFetch(fetch, status: status, body: body, failure: failure) { http?.events.send("state", state) }
    }

    func handle(_ request: HTTPServer.Request) -> HTTPServer.Reply {
        let json = "application/json; charset=utf-8"
        switch (request.method, request.path) {
        case ("GET", "/"):
            return .response(.text(PreviewAssets.shellHTML, type: "text/html; charset=utf-8"))
        case ("GET", "/mactl/shell.js"):
            return .response(.text(PreviewAssets.shellScript, type: "text/javascript; charset=utf-8"))
        case ("GET", "/mactl/bridge.js"):
            return .response(.text(PreviewAssets.bridgeScript, type: "text/javascript; charset=utf-8"))
        case ("GET", "/mactl/alpine.js"):
            return .response(HTTPServer.Response(contentType: "text/javascript; charset=utf-8", body: alpine))
        case ("GET", "/mactl/events"):
            return .eventStream
        case ("GET", "/mactl/state"):
            return .response(.text(session.state(), type: json))
        case ("POST", "/mactl/start"):
            return broadcast(session.restart(locale: request.query["locale"] ?? "en-US"))
        case ("POST", "/mactl/event"):
            guard let body = Self.object(request.body), let view = body["view"] as? Int, let name = body["handler"] as? String else {
                return .response(.text("expected {view, handler, detail}", status: 400))
            }
            let detail = body["detail"].flatMap { try? JSONSerialization.data(withJSONObject: $0, options: [.fragmentsAllowed]) }
            return broadcast(session.call("event", [String(view), name, detail.map { String(decoding: $0, as: UTF8.self) } ?? ""]))
        case ("POST", "/mactl/model"):
            guard let body = Self.object(request.body), let key = body["key"] as? String, let value = body["value"] as? String else {
                return .response(.text("expected {key, value}", status: 400))
            }
            return broadcast(session.call("model", [key, value]))
        case ("POST", "/mactl/tab"):
            return broadcast(session.call("selectTab", [request.query["index"] ?? ""]))
        case ("POST", "/mactl/back"):
            return broadcast(session.call("back", []))
        case ("GET", "/mactl/tab-icon"):
            guard let png = session.tabIcon(request.query["path"] ?? "", selected: request.query["selected"] == "1") else {
                return .response(.text("not a tab icon", status: 404))
            }
            return .response(HTTPServer.Response(contentType: "image/png", body: png))
        case ("GET", "/mactl/view"):
            return .response(.text(session.view(request.query["id"] ?? ""), type: json))
        case ("GET", _) where request.path.hasPrefix("/app/"):
            return .response(appFile(String(request.path.dropFirst(5)), view: request.query["view"]))
        case ("GET", _), ("POST", _):
            return .response(.text("not found", status: 404))
        default:
            return .response(.text("method not allowed", status: 405))
        }
    }

    private func broadcast(_ state: String) -> HTTPServer.Reply {
        http?.events.send("state", state)
        return .response(.text(state, type: "application/json; charset=utf-8"))
    }

    private static func object(_ body: [UInt8]) -> [String: Any]? {
        (try? JSONSerialization.jsonObject(with: Data(body), options: [.fragmentsAllowed])) as? [String: Any]
    }

    /// A file of the project. A page's template gets what the runtime injects at document end:
    /// the bridge, then Alpine, with the view's data and the page's parsed expressions.
    private func appFile(_ path: String, view: String?) -> HTTPServer.Response {
        guard !path.split(separator: "/").contains(".."), let file = session.file(path) else {
            return .text("no such file in the project: \(path)", status: 404)
        }
        guard path.hasSuffix(".html"), let view else {
            return HTTPServer.Response(contentType: Self.contentType(path), body: file.bytes)
        }
        let route = String(path.dropLast(5))
        let boot = #"{"view":\#(session.view(view)),"expressions":\#(session.expressions(route: route))}"#
            .replacingOccurrences(of: "</", with: "<\\/")
        let injected = "<script>window.__mactlBoot = \(boot);</script>\n<script src=\"/mactl/bridge.js\"></script>\n<script src=\"/mactl/alpine.js\"></script>\n"
        var text = file.text
        if let end = text.range(of: "</body>", options: [.caseInsensitive, .backwards]) {
            text.insert(contentsOf: injected, at: end.lowerBound)
        } else {
            text += injected
        }
        return .text(text, type: "text/html; charset=utf-8")
    }

    static func contentType(_ path: String) -> String {
        switch (path as NSString).pathExtension.lowercased() {
        case "html": "text/html; charset=utf-8"
        case "css": "text/css; charset=utf-8"
        case "js": "text/javascript; charset=utf-8"
        case "json": "application/json; charset=utf-8"
        case "svg": "image/svg+xml"
        case "png": "image/png"
        case "jpg", "jpeg": "image/jpeg"
        case "gif": "image/gif"
        case "webp": "image/webp"
        case "woff2": "font/woff2"
        default: "application/octet-stream"
        }
    }
}
