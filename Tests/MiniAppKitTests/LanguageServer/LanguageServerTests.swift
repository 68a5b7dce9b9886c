import Foundation
import MiniAppKitTestSupport
import Testing

@testable import MiniAppKit

/// The server's protocol, in this process: what it answers to a client's mistakes, how it
/// cancels, when it exits with which status, and what it publishes for unsaved buffers.
@Suite struct LanguageServerTests {
    @Test func aMessageThatIsNotJSONIsAParseErrorAndTheServerGoesOn() throws {
        let server = LanguageServerHarness()
        server.send("{not json")
        let error = try server.next()
        #expect(error["error"]?["code"]?.integerValue == -32700)
        #expect(error["id"]?.value == .null)
        server.sendRaw(Array("X-Nothing: 1\r\n\r\n".utf8))
        #expect(try server.next()["error"]?["message"]?.stringValue == "a message without a valid 'Content-Length' header")
        try server.initialize()
        server.request(2, "shutdown")
        #expect(try server.next { $0["id"]?.integerValue == 2 }["result"]?.value == .null)
        server.notify("exit", "{}")
        #expect(try server.exitStatus() == 0)
    }

    @Test func requestsBeforeInitializeAndUnknownMethodsAreRefused() throws {
        let server = LanguageServerHarness()
        server.request(1, "textDocument/hover", #"{"textDocument":{"uri":"file:///x.html"},"position":{"line":0,"character":0}}"#)
        let early = try server.next()
        #expect(early["error"]?["code"]?.integerValue == -32002)
        #expect(early["error"]?["message"]?.stringValue == "'textDocument/hover' before 'initialize'")
        server.request(2, "initialize", #"{"capabilities":{}}"#)
        let result = try server.next { $0["id"]?.integerValue == 2 }
        #expect(result["result"]?["capabilities"]?["textDocumentSync"]?["change"]?.integerValue == 1)
        #expect(result["result"]?["serverInfo"]?["name"]?.stringValue == "mactl")
        server.request(3, "textDocument/formatting", #"{"textDocument":{"uri":"file:///x.html"}}"#)
        let unknown = try server.next { $0["id"]?.integerValue == 3 }
        #expect(unknown["error"]?["code"]?.integerValue == -32601)
        #expect(unknown["error"]?["message"]?.stringValue == "mactl does not answer 'textDocument/formatting'")
        server.request(4, "textDocument/definition", #"{"position":{"line":0,"character":0}}"#)
        #expect(try server.next { $0["id"]?.integerValue == 4 }["error"]?["code"]?.integerValue == -32602)
        // The client goes away without shutdown: exit status 1.
        server.closeInput()
        #expect(try server.exitStatus() == 1)
    }

    @Test func aCancelledRequestIsAnsweredAsCancelled() throws {
        let project = try Self.projectWithHandler()
        defer { project.remove() }
        let server = LanguageServerHarness()
        try server.initialize()
        // One write: the page opened, a hover that waits for the project's first lint, a second
        // hover queued behind it, and that one's cancellation, read while the first still waits.
        let uri = project.uri("pages/index/index.html")
        let hover = #"{"textDocument":{"uri":"\#(uri)"},"position":{"line":0,"character":0}}"#
        var frames: [UInt8] = []
        for json in [
            #"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"\#(uri)","languageId":"html","version":1,"text":\#(TemporaryProject.quoted(Self.page("")))}}}"#,
            #"{"jsonrpc":"2.0","id":"first","method":"textDocument/hover","params":\#(hover)}"#,
            #"{"jsonrpc":"2.0","id":"second","method":"textDocument/hover","params":\#(hover)}"#,
            #"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":"second"}}"#,
        ] {
            frames += Array("Content-Length: \(json.utf8.count)\r\n\r\n".utf8) + Array(json.utf8)
        }
        server.sendRaw(frames)
        #expect(try server.next { $0["id"]?.stringValue == "first" }["result"]?.value == .null)
        let second = try server.next { $0["id"]?.stringValue == "second" }
        #expect(second["error"]?["code"]?.integerValue == -32800)
        #expect(second["error"]?["message"]?.stringValue == "the request was cancelled")
        // A cancellation of a request already answered changes nothing.
        server.notify("$/cancelRequest", #"{"id":"first"}"#)
        server.request(2, "shutdown")
        _ = try server.next { $0["id"]?.integerValue == 2 }
        server.request(3, "textDocument/hover", #"{"textDocument":{"uri":"file:///x.html"},"position":{"line":0,"character":0}}"#)
        #expect(
            try server.next { $0["id"]?.integerValue == 3 }["error"]?["message"]?.stringValue == "'textDocument/hover' after 'shutdown'")
        server.notify("exit", "{}")
        #expect(try server.exitStatus() == 0)
    }

    @Test func aClientThatWatchesFilesIsAskedToWatchTheProjects() throws {
        let server = LanguageServerHarness()
        server.request(1, "initialize", #"{"capabilities":{"workspace":{"didChangeWatchedFiles":{"dynamicRegistration":true}}}}"#)
        _ = try server.next { $0["id"]?.integerValue == 1 }
        server.notify("initialized", "{}")
        let registration = try server.next { $0["method"]?.stringValue == "client/registerCapability" }
        let watched = registration["params"]?["registrations"]?.elements?.first
        #expect(watched?["method"]?.stringValue == "workspace/didChangeWatchedFiles")
        #expect(
            watched?["registerOptions"]?["watchers"]?.elements?.compactMap { $0["globPattern"]?.stringValue } == [
                "**/*.{html,js,css,json,svg}", "**/.mactl.yml",
            ])
        // The client's answer is taken without a reply.
        server.send(#"{"jsonrpc":"2.0","id":"mactl-watch-files","result":null}"#)
        server.request(2, "shutdown")
        #expect(try server.next()["id"]?.integerValue == 2)
        server.notify("exit", "{}")
        #expect(try server.exitStatus() == 0)
    }

    @Test func fixAllAppliesEveryFixItOfTheFileAndOnlyFilters() throws {
        let project = try Self.projectWithHandler()
        defer { project.remove() }
        let server = LanguageServerHarness()
        try server.initialize()
        let template = Self.page("  <button @click=\"onTapp()\" x-text=\"store.titel\"></button>\n")
        let uri = project.uri("pages/index/index.html")
        server.open(uri, text: template)
        #expect(try server.diagnostics(for: uri) { !$0.isEmpty }.count == 2)
        let range = #"{"start":{"line":0,"character":0},"end":{"line":0,"character":0}}"#
        server.request(
            2, "textDocument/codeAction",
            #"{"textDocument":{"uri":"\#(uri)"},"range":\#(range),"context":{"diagnostics":[],"only":["source.fixAll"]}}"#)
        let actions = try #require(try server.next { $0["id"]?.integerValue == 2 }["result"]?.elements)
        #expect(actions.map { $0["kind"]?.stringValue } == ["source.fixAll.mactl"])
        let edits = try #require(actions.first?["edit"]?["changes"]?[uri]?.elements)
        #expect(edits.map { $0["newText"]?.stringValue } == ["onTap", "title"])
        #expect(edits.map { $0["range"]?["start"]?["character"]?.integerValue } == [18, 42])
        server.request(
            3, "textDocument/codeAction",
            #"{"textDocument":{"uri":"\#(uri)"},"range":\#(range),"context":{"diagnostics":[],"only":["quickfix"]}}"#)
        #expect(try server.next { $0["id"]?.integerValue == 3 }["result"]?.elements?.isEmpty == true)
        server.closeInput()
        _ = try server.exitStatus()
    }

    @Test func aBufferThatIsTheFileAsDecodedKeepsTheFilesBytes() {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        var project = Project(files: [
            SourceFile(path: "i18n/fr.json", bytes: Array("{\"a\": \"caf".utf8) + [0xE9] + Array("\"}\n".utf8)),
            SourceFile(path: "manifest.json", bytes: bom + Array("{}\n".utf8)),
        ])
        // As an editor shows them: U+FFFD for the invalid byte, the mark taken off.
        LanguageServer.putInPlace(SourceFile(path: "i18n/fr.json", text: "{\"a\": \"caf\u{FFFD}\"}\n"), in: &project)
        LanguageServer.putInPlace(SourceFile(path: "manifest.json", text: "{}\n"), in: &project)
        #expect(project.file("i18n/fr.json")?.bytes.contains(0xE9) == true)
        #expect(project.file("manifest.json")?.bytes == bom + Array("{}\n".utf8))
        // Edited, the manifest keeps its mark, which the editor writes back.
        LanguageServer.putInPlace(SourceFile(path: "manifest.json", text: "{ }\n"), in: &project)
        #expect(project.file("manifest.json")?.bytes == bom + Array("{ }\n".utf8))
        LanguageServer.putInPlace(SourceFile(path: "pages/new/new.js", text: "Page({});\n"), in: &project)
        #expect(project.file("pages/new/new.js")?.text == "Page({});\n")
    }

    /// 100,000 unclosed `<div>`s on one line (Tests/Fixtures/hostile): every finding is
    /// published, and the quick fixes of the whole line are answered, each in one walk of the
    /// file, not one per finding.
    @Test func aHostilePageGetsEveryDiagnosticAndItsLineStillGetsAnswers() throws {
        let root = PackageRoot.url.appendingPathComponent("Tests/Fixtures/hostile/projects/deep-html-page")
        let page = root.appendingPathComponent("pages/index/index.html")
        let uri = page.absoluteURL.absoluteString
        let text = try String(contentsOf: page, encoding: .utf8)
        let server = LanguageServerHarness()
        try server.initialize()
        server.open(uri, text: text)
        let found = try server.diagnostics(for: uri, within: 240) { $0.count > 100_000 }
        #expect(found.count == 100_003)
        #expect(found.filter { $0["code"]?.stringValue == "template-unclosed-element" }.count == 100_000)
        server.request(
            2, "textDocument/codeAction",
            #"{"textDocument":{"uri":"\#(uri)"},"range":{"start":{"line":8,"character":0},"end":{"line":8,"character":10}},"context":{"diagnostics":[]}}"#
        )
        let actions = try #require(try server.next(within: 240) { $0["id"]?.integerValue == 2 }["result"]?.elements)
        #expect(
            actions.map { $0["title"]?.stringValue ?? "" } == [
                "disable 'template-unclosed-element' for this line", "apply every mactl fix-it in this file",
            ])
        server.closeInput()
        _ = try server.exitStatus(within: 240)
    }

    /// A page template that lints clean around `body`, the lines inside `<body>` (line 6 on).
    static func page(_ body: String) -> String {
        "<!DOCTYPE html>\n<html>\n<head>\n  <link rel=\"stylesheet\" href=\"../../app.css\">\n</head>\n<body x-data=\"page\">\n"
            + body + "</body>\n</html>\n"
    }

    /// The minimal app with a page script whose handler is `onTap`, in a temporary folder.
    static func projectWithHandler() throws -> TemporaryProject {
        var files = MinimalApp.files
        files["pages/index/index.js"] = pageScript
        return try TemporaryProject(files)
    }

    static let pageScript = "Page({\n  data: { title: 'Hello' },\n  onTap() {},\n});\n"

    @Test func anUnsavedBufferIsLintedAndItsFixClearsTheDiagnostic() throws {
        let project = try Self.projectWithHandler()
        defer { project.remove() }
        let server = LanguageServerHarness()
        try server.initialize()
        let template = Self.page("  <button @click=\"onTapp()\" x-text=\"store.title\"></button>\n")
        let uri = project.uri("pages/index/index.html")
        server.open(uri, text: template)
        let found = try server.diagnostics(for: uri) { !$0.isEmpty }
        #expect(found.count == 1)
        let diagnostic = try #require(found.first)
        #expect(diagnostic["code"]?.stringValue == "template-unknown-handler")
        #expect(diagnostic["message"]?.stringValue == "unknown handler 'onTapp' in '@click'; did you mean 'onTap'?")
        #expect(diagnostic["range"]?["start"]?["line"]?.integerValue == 6)
        #expect(diagnostic["range"]?["start"]?["character"]?.integerValue == 18)
        #expect(diagnostic["range"]?["end"]?["character"]?.integerValue == 24)
        #expect(
            diagnostic["codeDescription"]?["href"]?.stringValue
                == "https://github.com/mactl/mactl/blob/v\(MactlVersion.current)/docs/rules.md#template-unknown-handler")

        server.request(
            2, "textDocument/codeAction",
            #"{"textDocument":{"uri":"\#(uri)"},"range":{"start":{"line":6,"character":20},"end":{"line":6,"character":20}},"context":{"diagnostics":[]}}"#
        )
        let actions = try #require(try server.next { $0["id"]?.integerValue == 2 }["result"]?.elements)
        #expect(
            actions.map { $0["title"]?.stringValue } == [
                "replace with 'onTap'", "disable 'template-unknown-handler' for this line", "apply every mactl fix-it in this file",
            ])
        #expect(actions.map { $0["kind"]?.stringValue } == ["quickfix", "quickfix", "source.fixAll.mactl"])
        let suppression = try #require(actions[1]["edit"]?["changes"]?[uri]?.elements?.first)
        #expect(suppression["newText"]?.stringValue == "  <!-- mactl-disable-next-line template-unknown-handler -->\n")
        #expect(suppression["range"]?["start"]?["line"]?.integerValue == 6)
        #expect(suppression["range"]?["start"]?["character"]?.integerValue == 0)

        let fixed = template.replacingOccurrences(of: "onTapp", with: "onTap")
        server.notify(
            "textDocument/didChange",
            #"{"textDocument":{"uri":"\#(uri)","version":2},"contentChanges":[{"text":\#(TemporaryProject.quoted(fixed))}]}"#)
        #expect(try server.diagnostics(for: uri).isEmpty)
        server.request(3, "shutdown")
        _ = try server.next { $0["id"]?.integerValue == 3 }
        server.notify("exit", "{}")
        #expect(try server.exitStatus() == 0)
    }

    @Test func anIncrementalChangeIsAppliedInUTF16Units() throws {
        let project = try Self.projectWithHandler()
        defer { project.remove() }
        let server = LanguageServerHarness()
        try server.initialize()
        // "😀" is two UTF-16 units and four bytes: the edit after it lands where the editor meant.
        let template = Self.page("  <p>😀</p><button @click=\"onTap()\"></button>\n")
        let uri = project.uri("pages/index/index.html")
        server.open(uri, text: template)
        _ = try server.diagnostics(for: uri)
        // `onTap` is at characters 27..<32 of line 6 in UTF-16 (57..<62 in bytes): its 'a'
        // becomes an 'o'.
        server.notify(
            "textDocument/didChange",
            #"{"textDocument":{"uri":"\#(uri)","version":2},"contentChanges":[{"range":{"start":{"line":6,"character":30},"end":{"line":6,"character":31}},"text":"o"}]}"#
        )
        let found = try server.diagnostics(for: uri) { !$0.isEmpty }
        #expect(found.first?["message"]?.stringValue == "unknown handler 'onTop' in '@click'; did you mean 'onTap'?")
        #expect(found.first?["range"]?["start"]?["character"]?.integerValue == 27)
        server.closeInput()
        _ = try server.exitStatus()
    }
}
