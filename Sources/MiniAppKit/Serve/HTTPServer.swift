import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A small HTTP/1.1 server on POSIX sockets for `mactl serve`: one thread accepts, one thread
/// per connection answers, each connection closes after its response. A handler may instead
/// keep the connection for server-sent events.
public final class HTTPServer: @unchecked Sendable {
    public struct Request: Sendable {
        public var method: String
        /// The path without the query.
        public var path: String
        public var query: [String: String]
        public var body: [UInt8]
        /// The request's headers, with lowercased names (the last of a repeated one).
        public var headers: [String: String] = [:]
    }

    public struct Response: Sendable {
        public var status: Int
        public var contentType: String
        public var body: [UInt8]
        /// Headers besides Content-Type and Content-Length, in the order given.
        public var headers: [(String, String)]

        public init(status: Int = 200, contentType: String, body: [UInt8], headers: [(String, String)] = [("Cache-Control", "no-store")]) {
            self.status = status
            self.contentType = contentType
            self.body = body
            self.headers = headers
        }

        public static func text(_ text: String, status: Int = 200, type: String = "text/plain; charset=utf-8") -> Response {
            Response(status: status, contentType: type, body: Array(text.utf8))
        }
    }

    public enum Reply: Sendable {
        case response(Response)
        /// Keeps the connection open as an event stream; the server owns the descriptor and
        /// `EventStream.send` writes to it.
        case eventStream
    }

    public enum StartFailure: Error, CustomStringConvertible {
        case portInUse(Int)
        case cannotListen(host: String, port: Int, reason: String)

        public var description: String {
            switch self {
            case .portInUse(let port): "port \(port) is in use; pick another with --port, or --port 0 for a free one"
            case .cannotListen(let host, let port, let reason): "cannot listen on \(host):\(port): \(reason)"
            }
        }
    }

    /// The port the server listens on (the one the system chose for port 0).
    public let port: Int
    public let host: String
    private let listener: Int32
    private let handler: @Sendable (Request) -> Reply
    public let events = EventStream()

    /// Binds `host:port` (127.0.0.1 unless told otherwise) and starts accepting.
    public init(host: String = "127.0.0.1", port: Int, handler: @escaping @Sendable (Request) -> Reply) throws(StartFailure) {
        signal(SIGPIPE, SIG_IGN)
        let socketDescriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socketDescriptor >= 0 else { throw .cannotListen(host: host, port: port, reason: String(cString: strerror(errno))) }
        var yes: Int32 = 1
        setsockopt(socketDescriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        guard inet_pton(AF_INET, host, &address.sin_addr) == 1 else {
            close(socketDescriptor)
            throw .cannotListen(host: host, port: port, reason: "'\(host)' is not an IPv4 address")
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socketDescriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        if bound != 0 {
            let code = errno
            close(socketDescriptor)
            if code == EADDRINUSE { throw .portInUse(port) }
            throw .cannotListen(host: host, port: port, reason: String(cString: strerror(code)))
        }
        guard listen(socketDescriptor, 64) == 0 else {
            close(socketDescriptor)
            throw .cannotListen(host: host, port: port, reason: String(cString: strerror(errno)))
        }
        var chosen = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &chosen) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socketDescriptor, $0, &length) }
        }
        self.port = Int(UInt16(bigEndian: chosen.sin_port))
        self.host = host
        self.listener = socketDescriptor
        self.handler = handler
        let thread = Thread { [self] in acceptLoop() }
        thread.stackSize = 1 << 20
        thread.start()
    }

    /// Stops accepting; requests being answered finish.
    public func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    private func acceptLoop() {
        while true {
            let connection = accept(listener, nil, nil)
            if connection < 0 {
                if errno == EINTR { continue }
                return
            }
            let thread = Thread { [self] in serve(connection) }
            thread.stackSize = 4 << 20
            thread.start()
        }
    }

    private func serve(_ connection: Int32) {
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        guard let request = Self.read(connection) else {
            close(connection)
            return
        }
        switch handler(request) {
        case .response(let response):
            Self.write(response, to: connection)
            close(connection)
        case .eventStream:
            let head = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-store\r\nConnection: keep-alive\r\n\r\n"
            if Self.writeAll(Array(head.utf8), to: connection) { events.add(connection) } else { close(connection) }
        }
    }

    /// Reads one request: the head, then a body of Content-Length bytes (at most 1 MB).
    static func read(_ connection: Int32) -> Request? {
        var buffer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16_384)
        var headEnd: Int?
        while headEnd == nil {
            let count = recv(connection, &chunk, chunk.count, 0)
            if count <= 0 { return nil }
            buffer += chunk[0..<count]
            if buffer.count > 65_536 { return nil }
            headEnd = find([13, 10, 13, 10], in: buffer)
        }
        guard let headEnd else { return nil }
        let head = String(decoding: buffer[0..<headEnd], as: UTF8.self).components(separatedBy: "\r\n")
        let requestLine = head[0].split(separator: " ")
        guard requestLine.count >= 2 else { return nil }
        var length = 0
        var headers: [String: String] = [:]
        for line in head.dropFirst() {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2 else { continue }
            headers[parts[0].lowercased()] = parts[1].trimmingCharacters(in: .whitespaces)
            if parts[0].lowercased() == "content-length" { length = Int(parts[1].trimmingCharacters(in: .whitespaces)) ?? 0 }
        }
        guard length >= 0, length <= 1 << 20 else { return nil }
        var body = Array(buffer[(headEnd + 4)...])
        while body.count < length {
            let count = recv(connection, &chunk, chunk.count, 0)
            if count <= 0 { return nil }
            body += chunk[0..<count]
        }
        let (path, query) = target(String(requestLine[1]))
        return Request(method: String(requestLine[0]), path: path, query: query, body: Array(body.prefix(length)), headers: headers)
    }

    /// The path and query of a request target. Empty pieces are kept, not dropped: `/apps?=`
    /// has an empty key, and dropping it once left an empty list that was indexed (a trap that
    /// one request could set off).
    static func target(_ target: String) -> (path: String, query: [String: String]) {
        let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let path = String(parts[0])
        var query: [String: String] = [:]
        if parts.count > 1 {
            for pair in parts[1].split(separator: "&", omittingEmptySubsequences: true) {
                let keyValue = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map { String($0).removingPercentEncoding ?? String($0) }
                query[keyValue[0]] = keyValue.count > 1 ? keyValue[1] : ""
            }
        }
        return (path.removingPercentEncoding ?? path, query)
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for index in 0...(haystack.count - needle.count) where haystack[index..<(index + needle.count)].elementsEqual(needle) {
            return index
        }
        return nil
    }

    static func write(_ response: Response, to connection: Int32) {
        let reasons = [
            200: "OK", 204: "No Content", 206: "Partial Content", 304: "Not Modified", 400: "Bad Request", 403: "Forbidden", 404: "Not Found",
            405: "Method Not Allowed", 416: "Range Not Satisfiable", 500: "Internal Server Error",
        ]
        let extra = response.headers.map { "\($0.0): \($0.1)\r\n" }.joined()
        let head = "HTTP/1.1 \(response.status) \(reasons[response.status] ?? "Status")\r\nContent-Type: \(response.contentType)\r\nContent-Length: \(response.body.count)\r\n"
            + extra + "Connection: close\r\n\r\n"
        _ = writeAll(Array(head.utf8) + response.body, to: connection)
    }

    @discardableResult
    static func writeAll(_ bytes: [UInt8], to connection: Int32) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if written <= 0 { return false }
            offset += written
        }
        return true
    }

    /// The open event streams (server-sent events); a client that went away is dropped at the
    /// next send.
    public final class EventStream: @unchecked Sendable {
        private let lock = NSLock()
        private var connections: [Int32] = []

        func add(_ connection: Int32) {
            lock.lock()
            connections.append(connection)
            lock.unlock()
        }

        public var count: Int {
            lock.lock()
            defer { lock.unlock() }
            return connections.count
        }

        /// Sends `event` with `data` (one line of JSON) to every open stream.
        public func send(_ event: String, _ data: String) {
            let message = Array("event: \(event)\ndata: \(data.replacingOccurrences(of: "\n", with: "\ndata: "))\n\n".utf8)
            lock.lock()
            defer { lock.unlock() }
            connections = connections.filter { connection in
                if HTTPServer.writeAll(message, to: connection) { return true }
                close(connection)
                return false
            }
        }
    }
}
