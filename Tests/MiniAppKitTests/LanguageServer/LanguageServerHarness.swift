import Foundation
import Testing

@testable import MiniAppKit

/// A `LanguageServer` in this process, on a pair of pipes: the test writes framed messages as
/// a client does and reads what the server sends, each with a deadline, so a server that
/// stops answering fails the test instead of hanging it.
final class LanguageServerHarness: @unchecked Sendable {
    private let input = Pipe()
    private let output = Pipe()
    private let lock = NSLock()
    private var received: [JSONNode] = []
    private let arrived = DispatchSemaphore(value: 0)
    private let ended = DispatchSemaphore(value: 0)
    private var status: Int32?

    init() {
        let server = LanguageServer(
            output: output.fileHandleForWriting.fileDescriptor, options: LanguageServer.Options(tool: "test", cache: nil))
        let serverInput = input.fileHandleForReading.fileDescriptor
        Thread.detachNewThread { [self] in
            let status = server.run(input: serverInput)
            lock.withLock { self.status = status }
            ended.signal()
        }
        let serverOutput = output.fileHandleForReading.fileDescriptor
        Thread.detachNewThread { [self] in
            let reader = MessageReader(descriptor: serverOutput)
            while case .message(let body) = reader.next() {
                guard let message = JSONParser.parse(SourceFile(path: "", bytes: body)).root else { continue }
                lock.withLock { received.append(message) }
                arrived.signal()
            }
        }
    }

    func sendRaw(_ bytes: [UInt8]) {
        input.fileHandleForWriting.write(Data(bytes))
    }

    /// Sends one JSON text, framed.
    func send(_ json: String) {
        sendRaw(Array("Content-Length: \(json.utf8.count)\r\n\r\n".utf8) + Array(json.utf8))
    }

    func request(_ id: Int, _ method: String, _ params: String = "{}") {
        send(#"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)","params":\#(params)}"#)
    }

    func notify(_ method: String, _ params: String) {
        send(#"{"jsonrpc":"2.0","method":"\#(method)","params":\#(params)}"#)
    }

    /// `didOpen` of a buffer.
    func open(_ uri: String, text: String, language: String = "html") {
        notify(
            "textDocument/didOpen",
            #"{"textDocument":{"uri":"\#(uri)","languageId":"\#(language)","version":1,"text":\#(TemporaryProject.quoted(text))}}"#)
    }

    func initialize() throws {
        request(1, "initialize", #"{"capabilities":{}}"#)
        _ = try next { $0["id"]?.integerValue == 1 }
        notify("initialized", "{}")
    }

    /// The next message `matching` sends, waiting up to `seconds`; messages before it that do
    /// not match are dropped.
    func next(within seconds: Double = 60, matching: (JSONNode) -> Bool = { _ in true }) throws -> JSONNode {
        let deadline = DispatchTime.now() + seconds
        while true {
            let found: JSONNode? = lock.withLock {
                guard let index = received.firstIndex(where: matching) else { return nil }
                let message = received[index]
                received.removeSubrange(...index)
                return message
            }
            if let found { return found }
            guard arrived.wait(timeout: deadline) == .success else {
                throw HarnessFailure(description: "no matching message from the server within \(seconds) s")
            }
        }
    }

    /// The diagnostics published next for `uri`.
    func diagnostics(for uri: String, within seconds: Double = 60, where accept: ([JSONNode]) -> Bool = { _ in true }) throws -> [JSONNode]
    {
        let message = try next(within: seconds) { message in
            guard message["method"]?.stringValue == "textDocument/publishDiagnostics", message["params"]?["uri"]?.stringValue == uri
            else { return false }
            return accept(message["params"]?["diagnostics"]?.elements ?? [])
        }
        return message["params"]?["diagnostics"]?.elements ?? []
    }

    /// The exit status once the server has returned, waiting up to `seconds`.
    func exitStatus(within seconds: Double = 30) throws -> Int32 {
        guard ended.wait(timeout: .now() + seconds) == .success else { throw HarnessFailure(description: "the server did not end") }
        return lock.withLock { status ?? -1 }
    }

    func closeInput() {
        try? input.fileHandleForWriting.close()
    }

    struct HarnessFailure: Error, CustomStringConvertible {
        var description: String
    }
}

/// A project written to a temporary folder, removed by `remove()`.
struct TemporaryProject {
    let root: URL

    init(_ files: [String: String]) throws {
        root = FileManager.default.temporaryDirectory.resolvingSymlinksInPath().appendingPathComponent("lsp-\(UUID().uuidString)")
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
    }

    func uri(_ path: String) -> String { root.appendingPathComponent(path).absoluteURL.absoluteString }

    func remove() { try? FileManager.default.removeItem(at: root) }

    /// A JSON string literal of `text`.
    static func quoted(_ text: String) -> String { JSONOutput.string(text).compact() }
}
