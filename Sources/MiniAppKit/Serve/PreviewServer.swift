import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import ServiceLifecycle
import Synchronization
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Glibc)
import Glibc
#endif

/// `mactl serve`'s HTTP side: the shell page (a phone frame with the navigation bar, the tab bar
/// and the page in an iframe), the project's files with the bridge put into each page, and the
/// calls the browser makes into the app's logic layer. State goes to the shell as server-sent
/// events after every change, from any browser tab.
///
/// It answers the author's browser only (docs/serve.md): a request whose `Host` is not
/// `localhost`, an IP address or `--host`, with the server's port, is refused, so a web page
/// cannot reach it through a name it rebinds to 127.0.0.1; and a request that changes the
/// app's state must carry the token the shell page was served with, which another origin
/// cannot read.
public final class PreviewServer: HTTPResponder, @unchecked Sendable {
    // @unchecked: `server` and `isStopped` are behind `lock`; the rest is set once in init.
    public typealias Context = PreviewRequestContext

    public let session: PreviewSession
    public let alpine: [UInt8]
    /// What a state-changing request carries in `X-Mactl-Token`: 128 random bits per server.
    public let token: String
    private let lock = NSLock()
    private var server: LocalServer?
    private var isStopped = false
    let events = EventHub()

    /// `alpine` is Alpine.js's standard build (scripts/fetch-alpine.sh installs it).
    public init(session: PreviewSession, alpine: [UInt8]) {
        self.session = session
        self.alpine = alpine
        var generator = SystemRandomNumberGenerator()
        token = Hex.string((0..<16).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
    }

    /// Listens on `host:port`. `runsTimers` runs the app's timers in real time, as a person
    /// watching expects; screenshots leave them still, so a picture is the page as it first
    /// shows. With `stopsOnInterrupt`, SIGINT and SIGTERM stop the server gracefully.
    public func start(
        host: String = "127.0.0.1", port: Int, runsTimers: Bool = true, stopsOnInterrupt: Bool = false
    ) async throws(LocalServer.StartFailure) {
        let started = try await LocalServer.start(host: host, port: port, responder: self, stopsOnInterrupt: stopsOnInterrupt)
        lock.withLock { server = started }
        if runsTimers {
            let ticker = Thread { [self] in runTimers() }
            ticker.start()
        }
    }

    /// Ends the event streams, lets the requests in flight finish and stops the server.
    public func stop() async {
        let started = lock.withLock {
            isStopped = true
            return server
        }
        events.finishAll()
        await started?.stop()
    }

    /// Returns when the server has stopped (after `stop`, or a signal with `stopsOnInterrupt`).
    public func waitUntilStopped() async {
        await lock.withLock { server }?.waitUntilStopped()
        lock.withLock { isStopped = true }
    }

    private var running: Bool { lock.withLock { !isStopped } }

    public var url: String { lock.withLock { server }?.url ?? "http://127.0.0.1:0/" }

    private var listening: (host: String, port: Int)? { lock.withLock { server.map { ($0.host, $0.port) } } }

    /// The number of open event streams (browser tabs showing the preview).
    public var eventStreamCount: Int { events.count }

    /// After a file changed: the project is read, linted and started again; every open shell
    /// shows the new app.
    public func reload() {
        session.reload()
        events.send("reload", session.state())
    }

    /// The app's timers run in real time in the preview (the host's clock is virtual).
    private func runTimers() {
        let step = 50
        while running {
            Thread.sleep(forTimeInterval: Double(step) / 1000)
            if let state = session.advance(milliseconds: step) { events.send("state", state) }
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
        if let state = session.settleFetch(fetch, status: status, body: body, failure: failure) { events.send("state", state) }
    }

    public func respond(to request: Request, context: Context) async throws -> Response {
        if let refusal = refusal(request, localPort: context.localPort) {
            return Self.text(refusal, status: .forbidden)
        }
        var request = request
        let body: [UInt8]
        do {
            body = Array(buffer: try await request.collectBody(upTo: Limits.previewRequestBody))
        } catch {
            return Self.text("a request body is \(ByteSize.format(Limits.previewRequestBody)) at most", status: .contentTooLarge)
        }
        return answer(request, body: body).answering(request)
    }

    /// Why a request is not answered, or nil: a `Host` that is not this server's for its
    /// author, or a state-changing request without the shell's token or from another origin.
    func refusal(_ request: Request, localPort: Int?) -> String? {
        let listening = self.listening
        guard let port = localPort ?? listening?.port, let authority = request.head.authority,
            Self.isLocal(authority: authority, port: port, host: listening?.host)
        else {
            return "mactl serve answers only requests for localhost, an IP address or --host, with its port, in the Host header"
        }
        guard request.method != .get, request.method != .head else { return nil }
        if let origin = request.headers[.origin], origin.lowercased() != "http://" + authority.lowercased() {
            return "mactl serve answers a request that changes the app only from its own page, not from \(origin)"
        }
        guard request.headers[Self.tokenField] == token else {
            return "a request that changes the app needs the X-Mactl-Token the preview page was served with"
        }
        return nil
    }

    static let tokenField = HTTPField.Name("X-Mactl-Token")!

    /// Whether `authority` (a Host header) names this server: `localhost`, an IP address or the
    /// `--host` address, with `port`. An attacker's page can reach 127.0.0.1 only through a
    /// name it controls (DNS rebinding), never through an IP address, so addresses are safe.
    static func isLocal(authority: String, port: Int, host: String?) -> Bool {
        let lowered = authority.lowercased()
        let name: String
        if lowered.hasSuffix(":\(port)") {
            name = String(lowered.dropLast(":\(port)".count))
        } else if port == 80, lowered.hasSuffix("]") || !lowered.contains(":") {
            name = lowered  // a browser leaves out the default port
        } else {
            return false
        }
        if name == "localhost" || name == host?.lowercased() || "[\(host?.lowercased() ?? "")]" == name { return true }
        var address = in6_addr()
        if name.hasPrefix("["), name.hasSuffix("]") { return inet_pton(AF_INET6, String(name.dropFirst().dropLast()), &address) == 1 }
        return inet_pton(AF_INET, name, &address) == 1
    }

    private func answer(_ request: Request, body: [UInt8]) -> Response {
        let json = "application/json; charset=utf-8"
        let query = request.uri.queryParameters
        func parameter(_ name: String) -> String? { query[Substring(name)].map(String.init) }
        let path = request.uri.path.removingPercentEncoding ?? request.uri.path
        switch (request.method, path) {
        case (.get, "/"), (.head, "/"):
            return Self.text(
                PreviewAssets.shellHTML.replacingOccurrences(of: PreviewAssets.tokenPlaceholder, with: token),
                type: "text/html; charset=utf-8")
        case (.get, "/mactl/shell.js"), (.head, "/mactl/shell.js"):
            return Self.text(PreviewAssets.shellScript, type: "text/javascript; charset=utf-8")
        case (.get, "/mactl/bridge.js"), (.head, "/mactl/bridge.js"):
            return Self.text(PreviewAssets.bridgeScript, type: "text/javascript; charset=utf-8")
        case (.get, "/mactl/alpine.js"), (.head, "/mactl/alpine.js"):
            return Self.bytes(alpine, type: "text/javascript; charset=utf-8")
        case (.get, "/mactl/events"):
            return eventStream()
        case (.get, "/mactl/state"), (.head, "/mactl/state"):
            return Self.text(session.state(), type: json)
        case (.post, "/mactl/start"):
            return broadcast(session.restart(locale: parameter("locale") ?? "en-US"))
        case (.post, "/mactl/event"):
            guard let object = Self.object(body), let view = object["view"]?.integerValue, let name = object["handler"]?.stringValue else {
                return Self.text("expected {view, handler, detail}", status: .badRequest)
            }
            let detail = object["detail"].map { JSONOutput($0).compact() } ?? ""
            return broadcast(session.call("event", [String(view), name, detail]))
        case (.post, "/mactl/model"):
            guard let object = Self.object(body), let key = object["key"]?.stringValue, let value = object["value"]?.stringValue else {
                return Self.text("expected {key, value}", status: .badRequest)
            }
            return broadcast(session.call("model", [key, value]))
        case (.post, "/mactl/tab"):
            return broadcast(session.call("selectTab", [parameter("index") ?? ""]))
        case (.post, "/mactl/open"):
            // The shell's address field: `route` is a page of the manifest, `query` its query.
            let (route, query) = PreviewSession.splitRoute(parameter("route") ?? "")
            do {
                return broadcast(try session.open(route: route, query: query))
            } catch {
                return Self.text(error.description, status: .badRequest)
            }
        case (.post, "/mactl/back"):
            return broadcast(session.call("back", []))
        case (.get, "/mactl/tab-icon"), (.head, "/mactl/tab-icon"):
            guard let png = session.tabIcon(parameter("path") ?? "", selected: parameter("selected") == "1") else {
                return Self.text("not a tab icon", status: .notFound)
            }
            return Self.bytes(png, type: "image/png")
        case (.get, "/mactl/view"), (.head, "/mactl/view"):
            return Self.text(session.view(parameter("id") ?? ""), type: json)
        case (.get, _) where path.hasPrefix("/app/"), (.head, _) where path.hasPrefix("/app/"):
            return appFile(String(path.dropFirst(5)), view: parameter("view"), run: parameter("run").flatMap { Int($0) })
        case (.get, _), (.head, _), (.post, _):
            return Self.text("not found", status: .notFound)
        default:
            var response = Self.text("method not allowed", status: .methodNotAllowed)
            response.headers[.allow] = "GET, HEAD, POST"
            return response
        }
    }

    /// Server-sent events: every state change, until the browser goes or the server stops.
    private func eventStream() -> Response {
        let (stream, id) = events.subscribe()
        let hub = events
        return Response(
            status: .ok, headers: [.contentType: "text/event-stream", .cacheControl: "no-store"],
            body: ResponseBody { writer in
                try await withGracefulShutdownHandler {
                    // A comment first, so the browser's EventSource opens at once.
                    try await writer.write(ByteBuffer(string: ": mactl\n\n"))
                    for await message in stream { try await writer.write(message) }
                } onGracefulShutdown: {
                    hub.finish(id)
                }
                hub.finish(id)
                try await writer.finish(nil)
            })
    }

    private func broadcast(_ state: String) -> Response {
        events.send("state", state)
        return Self.text(state, type: "application/json; charset=utf-8")
    }

    /// The request's JSON object; nil unless the body is one, strictly (what `JSON.parse` in
    /// the shell wrote).
    private static func object(_ body: [UInt8]) -> JSONNode? {
        let document = JSONParser.parse(SourceFile(path: "request", bytes: body))
        guard document.issues.isEmpty, let root = document.root, root.members != nil else { return nil }
        return root
    }

    static func text(_ text: String, status: HTTPResponse.Status = .ok, type: String = "text/plain; charset=utf-8") -> Response {
        bytes(Array(text.utf8), status: status, type: type)
    }

    static func bytes(_ bytes: [UInt8], status: HTTPResponse.Status = .ok, type: String) -> Response {
        Response(
            status: status, headers: [.contentType: type, .cacheControl: "no-store"], body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    /// A file of the project. A page's template gets what the runtime injects at document end:
    /// the bridge, then Alpine, with the view's data and the page's parsed expressions. A page
    /// asked for by a shell behind the app (its `run` is over, or the view is gone) gets a
    /// document that asks the shell for the state now instead: rendered without its view, it
    /// would show raw i18n keys and have no handlers (docs/serve.md, "A page and a reload").
    private func appFile(_ path: String, view: String?, run: Int?) -> Response {
        guard !path.split(separator: "/").contains(".."), let file = session.file(path) else {
            return Self.text("no such file in the project: \(path)", status: .notFound)
        }
        guard path.hasSuffix(".html"), let view else {
            return Self.bytes(file.bytes, type: Self.contentType(path))
        }
        // No run is no run the app is in: only the shell makes these requests, and it sends one.
        guard let run, let page = session.page(template: path, view: view, run: run) else {
            return Self.text(Self.staleViewPage, type: "text/html; charset=utf-8")
        }
        let boot = #"{"view":\#(page.view),"expressions":\#(page.expressions),"token":"\#(token)"}"#
            .replacingOccurrences(of: "</", with: "<\\/")
        let injected =
            "<script>window.__mactlBoot = \(boot);</script>\n<script src=\"/mactl/bridge.js\"></script>\n<script src=\"/mactl/alpine.js\"></script>\n"
        var text = page.text
        if let end = text.range(of: "</body>", options: [.caseInsensitive, .backwards]) {
            text.insert(contentsOf: injected, at: end.lowerBound)
        } else {
            text += injected
        }
        return Self.text(text, type: "text/html; charset=utf-8")
    }

    /// What a page of a view the app no longer has gets: the shell shows the app's state now.
    static let staleViewPage = "<!DOCTYPE html>\n<script>parent.postMessage({ mactl: 'stale' }, '*');</script>\n"

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

/// The request context of `mactl serve`: the port the request came in on, for the Host check.
public struct PreviewRequestContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    public let localPort: Int?

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        localPort = source.channel.localAddress?.port
    }
}

/// The open event streams of `mactl serve`, one per browser tab.
final class EventHub: Sendable {
    private let streams = Mutex<(next: Int, open: [Int: AsyncStream<ByteBuffer>.Continuation])>((0, [:]))

    func subscribe() -> (AsyncStream<ByteBuffer>, Int) {
        // Newest only: a tab that stops reading gets the latest state, not a growing backlog.
        let (stream, continuation) = AsyncStream<ByteBuffer>.makeStream(bufferingPolicy: .bufferingNewest(64))
        let id = streams.withLock { streams in
            streams.next += 1
            streams.open[streams.next] = continuation
            return streams.next
        }
        continuation.onTermination = { [weak self] _ in self?.remove(id) }
        return (stream, id)
    }

    var count: Int { streams.withLock { $0.open.count } }

    /// Sends `event` with `data` (JSON; each line its own `data:` line) to every open stream.
    func send(_ event: String, _ data: String) {
        let message = ByteBuffer(string: "event: \(event)\ndata: \(data.replacingOccurrences(of: "\n", with: "\ndata: "))\n\n")
        for continuation in streams.withLock({ Array($0.open.values) }) { continuation.yield(message) }
    }

    func finish(_ id: Int) {
        remove(id)?.finish()
    }

    func finishAll() {
        for continuation in streams.withLock({ streams in
            defer { streams.open.removeAll() }
            return Array(streams.open.values)
        }) { continuation.finish() }
    }

    @discardableResult
    private func remove(_ id: Int) -> AsyncStream<ByteBuffer>.Continuation? {
        streams.withLock { $0.open.removeValue(forKey: id) }
    }
}
