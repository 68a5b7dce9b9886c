import Foundation
import MiniAppKitTestProcess
import MiniAppKitTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// A headless Chromium driven through `chromedriver` (W3C WebDriver over HTTP), for the tests
/// that check what a person sees in the browser. Both come from Debian's packages
/// (`scripts/setup.sh`); chromedriver listens on 127.0.0.1 only.
final class WebDriver {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    private let driver: TestProcess.Running
    private let port: Int
    private var session = ""

    /// `width` × `height` is the browser window's size. The default is tall enough for the
    /// preview's phone to show at full size: in a shorter window the shell scales it down with a
    /// CSS transform, and chromedriver's clicks into an iframe under a transform miss.
    init(width: Int = 1000, height: Int = 1200) async throws {
        let port = try Self.freePort()
        // TestProcess starts a child with no blocked or ignored signal, as Chromium needs: its
        // processes die at start with the ones the test process passes on. The test process
        // may have the Swift toolchain's libraries on its library path, which Chromium must
        // not load in place of the system's.
        driver = try await TestProcess.start(
            URL(fileURLWithPath: "/usr/bin/env"), ["chromedriver", "--port=\(port)", "--allowed-ips=127.0.0.1"],
            environment: ["LD_LIBRARY_PATH": nil])
        self.port = port
        let arguments = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=\(width),\(height)"]
        let capabilities: [String: Any] = ["capabilities": ["alwaysMatch": ["goog:chromeOptions": ["args": arguments]]]]
        // Wait until chromedriver answers, then ask for one session: each request for a session
        // starts a Chromium.
        var ready = false
        for _ in 0..<100 where !ready && driver.isRunning {
            ready = (try? call("GET", "/status", nil)) != nil
            if !ready { try await Task.sleep(for: .milliseconds(100)) }
        }
        let started: Any?
        do { started = try call("POST", "/session", capabilities) } catch {
            driver.stop()
            throw Failure(
                description: "chromedriver did not start a Chromium session: \(error)\n\(driver.standardOutput)\(driver.standardError)")
        }
        guard let value = started as? [String: Any], let id = value["sessionId"] as? String else {
            driver.stop()
            throw Failure(description: "chromedriver did not start a Chromium session")
        }
        session = "/session/\(id)"
    }

    /// Ends the session, then kills chromedriver and the browser it started.
    func quit() {
        _ = try? call("DELETE", session, nil)
        driver.stop()
    }

    func open(_ url: String) throws { _ = try call("POST", session + "/url", ["url": url]) }

    /// Runs `script` (a function body) in the current frame; its return value.
    func execute(_ script: String) throws -> Any? { try call("POST", session + "/execute/sync", ["script": script, "args": []]) }

    /// Clicks the first element matching `selector` in the current frame, as a person would.
    func click(_ selector: String) throws {
        guard let element = try call("POST", session + "/element", ["using": "css selector", "value": selector]) as? [String: Any],
            let id = element.values.first as? String
        else { throw Failure(description: "no element matches \(selector)") }
        _ = try call("POST", session + "/element/\(id)/click", [:])
    }

    /// Presses and releases the mouse at `x`, `y` of the top document's viewport: real input,
    /// which the browser hit-tests through CSS transforms as it would a person's click.
    func click(x: Double, y: Double) throws {
        let mouse: [String: Any] = [
            "type": "pointer", "id": "mouse", "parameters": ["pointerType": "mouse"],
            "actions": [
                ["type": "pointerMove", "duration": 0, "x": Int(x.rounded()), "y": Int(y.rounded()), "origin": "viewport"],
                ["type": "pointerDown", "button": 0], ["type": "pointerUp", "button": 0],
            ],
        ]
        _ = try call("POST", session + "/actions", ["actions": [mouse]])
    }

    /// Switches into the iframe matching `selector`, or back to the top document with nil.
    func enterFrame(_ selector: String?) throws {
        guard let selector else {
            _ = try call("POST", session + "/frame", ["id": NSNull()])
            return
        }
        let element = try call("POST", session + "/element", ["using": "css selector", "value": selector])
        _ = try call("POST", session + "/frame", ["id": element ?? NSNull()])
    }

    /// PNG bytes of the window.
    func screenshot() throws -> Data {
        guard let text = try call("GET", session + "/screenshot", nil) as? String, let data = Data(base64Encoded: text) else {
            throw Failure(description: "no screenshot")
        }
        return data
    }

    /// Polls `script` until it returns `expected` (as text), for up to 10 s; the last value.
    @discardableResult
    func waitUntil(_ script: String, is expected: String) throws -> String {
        var last = ""
        for _ in 0..<100 {
            do { last = try execute(script).map { "\($0)" } ?? "null" } catch { last = "(error: \(error))" }
            if last == expected { return last }
            Thread.sleep(forTimeInterval: 0.1)
        }
        return last
    }

    private func call(_ method: String, _ path: String, _ body: Any?) throws -> Any? {
        let payload = try body.map { try JSONSerialization.data(withJSONObject: $0) } ?? Data()
        let (data, status) = try Self.send(method, port: port, path: path, body: payload)
        let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        if status >= 400 {
            let error = (object?["value"] as? [String: Any])?["message"] as? String ?? "HTTP \(status)"
            throw Failure(description: "WebDriver \(method) \(path): \(error)")
        }
        return object?["value"]
    }

    /// A blocking HTTP/1.1 request that closes its connection: the answer is read to the end of the
    /// connection, so there is no chunked encoding to undo. (FoundationNetworking's URLSession
    /// failed on chromedriver's answers here with "Failed writing header".)
    static func send(_ method: String, port: Int, path: String, body: Data, headers: [String] = []) throws -> (Data, Int) {
        let connection: Int32
        do {
            connection = try RawHTTP.connect(port, timeout: 60)
        } catch {
            throw Failure(description: "cannot connect to 127.0.0.1:\(port)")
        }
        defer { close(connection) }
        var request = Data(
            "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\n\(headers.map { $0 + "\r\n" }.joined())\r\n"
                .utf8)
        request += body
        try RawHTTP.sendBlocking([UInt8](request), on: connection)
        // Read the head, then as many bytes as Content-Length says (chromedriver may keep the
        // connection open after its answer).
        var answer = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var headEnd: Range<Data.Index>?
        var length = Int.max
        while headEnd == nil || answer.count - headEnd!.upperBound < length {
            let count = recv(connection, &buffer, buffer.count, 0)
            if count <= 0 { break }
            answer.append(contentsOf: buffer[0..<count])
            if headEnd == nil, let end = answer.range(of: Data("\r\n\r\n".utf8)) {
                headEnd = end
                let head = String(decoding: answer[..<end.lowerBound], as: UTF8.self).lowercased()
                if let line = head.split(separator: "\r\n").first(where: { $0.hasPrefix("content-length:") }) {
                    length = Int(line.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) ?? Int.max
                }
            }
        }
        guard let headEnd else { throw Failure(description: "no answer from chromedriver") }
        let statusLine = String(decoding: answer[..<headEnd.lowerBound], as: UTF8.self).split(separator: " ")
        let status = statusLine.count > 1 ? Int(statusLine[1]) ?? 0 : 0
        return (Data(answer[headEnd.upperBound...]), status)
    }

    static func freePort() throws -> Int {
        let probe = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(probe) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        _ = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(probe, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(probe, $0, &length) }
        }
        let port = Int(UInt16(bigEndian: address.sin_port))
        guard port > 0 else { throw Failure(description: "no free port") }
        return port
    }
}
