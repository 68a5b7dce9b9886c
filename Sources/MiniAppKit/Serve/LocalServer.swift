import Foundation
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import ServiceLifecycle
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// The HTTP/1.1 server under `mactl serve` and `mactl catalog serve`: Hummingbird on SwiftNIO,
/// so request parsing, keep-alive, pipelining, HEAD framing and shutdown are Hummingbird's, and
/// mactl writes only the responders. Both servers share this configuration (docs/serve.md).
public final class LocalServer: Sendable {
    public enum StartFailure: Error, Sendable, Equatable, CustomStringConvertible {
        case portInUse(Int)
        case cannotListen(host: String, port: Int, reason: String)

        public var description: String {
            switch self {
            case .portInUse(let port): "port \(port) is in use; pick another with --port, or --port 0 for a free one"
            case .cannotListen(let host, let port, let reason): "cannot listen on \(host):\(port): \(reason)"
            }
        }
    }

    // The limits are in `Limits` (docs/limits.md).
    public static let idleTimeout = TimeAmount.seconds(Int64(Limits.serverIdleSeconds))
    public static let shutdownGrace = Duration.seconds(Limits.serverShutdownSeconds)

    /// The address the server listens on and the port it got (the one the system chose for 0).
    public let host: String
    public let port: Int
    private let group: ServiceGroup
    private let running: Task<Void, Never>

    /// `http://host:port/`, with an IPv6 address in brackets.
    public var url: String { host.contains(":") ? "http://[\(host)]:\(port)/" : "http://\(host):\(port)/" }

    private init(host: String, port: Int, group: ServiceGroup, running: Task<Void, Never>) {
        self.host = host
        self.port = port
        self.group = group
        self.running = running
    }

    /// The Hummingbird application with mactl's limits; `start` runs it, and tests run it
    /// with HummingbirdTesting, so both see the same server.
    public static func application<Responder: HTTPResponder>(
        responder: Responder, host: String = "127.0.0.1", port: Int = 0, idleTimeout: TimeAmount = LocalServer.idleTimeout,
        onServerRunning: @escaping @Sendable (any Channel) async -> Void = { _ in }
    ) -> Application<Responder> where Responder.Context: InitializableFromSource<ApplicationRequestContextSource> {
        let decoder = HTTP1Channel.Configuration.DecoderConfiguration(
            maxHeaderFieldSize: Limits.serverRequestHead, maxHeaderListSize: Limits.serverRequestHead,
            maxHeaderFieldCount: Limits.serverHeaderFields)
        return Application(
            responder: responder,
            server: .http1(configuration: .init(idleTimeout: idleTimeout, httpDecoderConfiguration: decoder)),
            configuration: ApplicationConfiguration(
                address: .hostname(host, port: port),
                availableConnectionsDelegate: MaximumAvailableConnections(Limits.serverConnections, logger: quietLogger)),
            onServerRunning: onServerRunning,
            logger: quietLogger)
    }

    /// Nothing of the server's own goes to the terminal: the commands say what they serve.
    static let quietLogger = Logger(label: "mactl.server", factory: { _ in SwiftLogNoOpLogHandler() })

    /// Binds `host:port` and starts answering with `responder`. Returns once the server
    /// listens. With `stopsOnInterrupt`, SIGINT and SIGTERM stop it gracefully; the library
    /// leaves the process's signals alone otherwise.
    public static func start<Responder: HTTPResponder>(
        host: String = "127.0.0.1", port: Int, responder: Responder, stopsOnInterrupt: Bool = false
    ) async throws(StartFailure) -> LocalServer where Responder.Context: InitializableFromSource<ApplicationRequestContextSource> {
        let outcome = StartOutcome()
        let application = application(responder: responder, host: host, port: port) { channel in
            outcome.settle(.success(channel.localAddress?.port ?? port))
        }
        var configuration = ServiceGroupConfiguration(
            services: [application], gracefulShutdownSignals: stopsOnInterrupt ? [.sigint, .sigterm] : [], logger: quietLogger)
        configuration.maximumGracefulShutdownDuration = shutdownGrace
        let group = ServiceGroup(configuration: configuration)
        let running = Task {
            do {
                try await group.run()
                outcome.settle(.failure(.cannotListen(host: host, port: port, reason: "the server stopped before it listened")))
            } catch {
                outcome.settle(.failure(Self.failure(error, host: host, port: port)))
            }
        }
        let bound = await outcome.wait()
        switch bound {
        case .success(let chosen):
            return LocalServer(host: host, port: chosen, group: group, running: running)
        case .failure(let failure):
            await running.value
            throw failure
        }
    }

    /// Stops accepting, lets the requests in flight finish (for `shutdownGrace` at most) and
    /// returns when the server has stopped.
    public func stop() async {
        await group.triggerGracefulShutdown()
        await running.value
    }

    /// Returns when the server has stopped: after `stop`, or a signal with `stopsOnInterrupt`.
    public func waitUntilStopped() async {
        await running.value
    }

    private static func failure(_ error: any Error, host: String, port: Int) -> StartFailure {
        if let error = error as? IOError {
            if error.errnoCode == EADDRINUSE { return .portInUse(port) }
            return .cannotListen(host: host, port: port, reason: String(cString: strerror(error.errnoCode)))
        }
        if error is SocketAddressError {
            return .cannotListen(host: host, port: port, reason: "'\(host)' is not an address of this machine")
        }
        return .cannotListen(host: host, port: port, reason: "\(error)")
    }

    /// The first of "listening on port N" and "could not start", whichever comes.
    private final class StartOutcome: Sendable {
        private let state = Mutex<(result: Result<Int, StartFailure>?, waiter: CheckedContinuation<Result<Int, StartFailure>, Never>?)>(
            (nil, nil))

        func settle(_ result: Result<Int, StartFailure>) {
            let waiter = state.withLock { state -> CheckedContinuation<Result<Int, StartFailure>, Never>? in
                guard state.result == nil else { return nil }
                state.result = result
                defer { state.waiter = nil }
                return state.waiter
            }
            waiter?.resume(returning: result)
        }

        func wait() async -> Result<Int, StartFailure> {
            await withCheckedContinuation { continuation in
                let ready = state.withLock { state -> Result<Int, StartFailure>? in
                    if let result = state.result { return result }
                    state.waiter = continuation
                    return nil
                }
                if let ready { continuation.resume(returning: ready) }
            }
        }
    }
}

extension Response {
    /// The answer to `request`: for HEAD, this answer's head alone, its Content-Length kept.
    public func answering(_ request: Request) -> Response {
        request.method == .head ? Response(status: status, headers: headers) : self
    }
}
