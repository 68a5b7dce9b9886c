import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Bytes to a server on 127.0.0.1, exactly as given, and the answers as they came back: for
/// the requests no HTTP client would send (a bare LF, a head past the limit, two lengths).
///
/// Every call that waits on the socket runs on a thread of its own: the server under test
/// answers on Swift's concurrency pool, which has as many threads as cores, and tests that
/// blocked those threads in `recv` would starve the server they wait for.
public enum RawHTTP {
    public static func offPool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try work() }) }.start()
        }
    }

    public struct Answer: Equatable, Sendable {
        public var status: Int
        /// Header names lowercased; a repeated one keeps the last value.
        public var headers: [String: String]
        public var body: [UInt8]
    }

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// A connection to `port`, for a test that sends in pieces.
    public static func connect(_ port: Int, timeout seconds: Int = 10) throws -> Int32 {
        let connection = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard connection >= 0 else { throw Failure(description: "no socket") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(connection, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            close(connection)
            throw Failure(description: "cannot connect to 127.0.0.1:\(port)")
        }
        var timeout = timeval(tv_sec: seconds, tv_usec: 0)
        setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        return connection
    }

    public static func send(_ bytes: [UInt8], on connection: Int32) async throws {
        try await offPool { try sendBlocking(bytes, on: connection) }
    }

    /// `send` on the calling thread, for tests that run on threads of their own.
    public static func sendBlocking(_ bytes: [UInt8], on connection: Int32) throws {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard written > 0 else { throw Failure(description: "the server stopped reading after \(offset) bytes") }
            offset += written
        }
    }

    /// Everything the server sends until it closes the connection (or `timeout` passes: then
    /// `closed` is false).
    public static func readToEnd(_ connection: Int32) async throws -> (bytes: [UInt8], closed: Bool) {
        try await offPool { readToEndBlocking(connection) }
    }

    /// The bytes read until `text` has come (or the connection ends).
    public static func read(until text: String, from connection: Int32) async throws -> String {
        try await offPool {
            var received = ""
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while !received.contains(text) {
                let count = recv(connection, &buffer, buffer.count, 0)
                if count <= 0 { break }
                received += String(decoding: buffer[0..<count], as: UTF8.self)
            }
            return received
        }
    }

    private static func readToEndBlocking(_ connection: Int32) -> (bytes: [UInt8], closed: Bool) {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = recv(connection, &buffer, buffer.count, 0)
            if count == 0 { return (bytes, true) }
            if count < 0 { return (bytes, errno == ECONNRESET) }
            bytes += buffer[0..<count]
        }
    }

    /// Sends `request` on a new connection and reads until the server closes it.
    public static func exchange(_ request: String, port: Int, timeout: Int = 10) async throws -> (answers: [Answer], closed: Bool) {
        try await exchange(Array(request.utf8), port: port, timeout: timeout)
    }

    public static func exchange(_ request: [UInt8], port: Int, timeout: Int = 10) async throws -> (answers: [Answer], closed: Bool) {
        try await offPool {
            let connection = try connect(port, timeout: timeout)
            defer { close(connection) }
            try sendBlocking(request, on: connection)
            let (bytes, closed) = readToEndBlocking(connection)
            return (try answers(in: bytes), closed)
        }
    }

    /// The answers in `bytes`, each framed by its Content-Length (HEAD answers and 304s are
    /// not sent here with one that they do not carry).
    public static func answers(in bytes: [UInt8], headRequests: Bool = false) throws -> [Answer] {
        var answers: [Answer] = []
        var rest = bytes[...]
        while !rest.isEmpty {
            guard let end = rest.firstRange(of: [13, 10, 13, 10]) else {
                throw Failure(description: "a head with no end: \(String(decoding: rest, as: UTF8.self))")
            }
            let lines = String(decoding: rest[rest.startIndex..<end.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
            let statusParts = lines[0].split(separator: " ")
            guard statusParts.count >= 2, let status = Int(statusParts[1]) else {
                throw Failure(description: "not a status line: \(lines[0])")
            }
            var headers: [String: String] = [:]
            for line in lines.dropFirst() {
                let parts = line.split(separator: ":", maxSplits: 1)
                if parts.count == 2 { headers[parts[0].lowercased()] = parts[1].trimmingCharacters(in: .whitespaces) }
            }
            let hasBody = !headRequests && status != 304 && status != 204
            let length = hasBody ? Int(headers["content-length"] ?? "0") ?? 0 : 0
            let bodyStart = end.upperBound
            let bodyEnd = min(rest.endIndex, bodyStart + length)
            answers.append(Answer(status: status, headers: headers, body: Array(rest[bodyStart..<bodyEnd])))
            rest = rest[bodyEnd...]
        }
        return answers
    }
}
