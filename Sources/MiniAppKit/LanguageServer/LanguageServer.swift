import Foundation

/// `mactl lsp`: a Language Server Protocol server (JSON-RPC 2.0 over a pair of streams, LSP
/// 3.17) that lints the MiniApps an editor's files belong to, unsaved buffers as they are, and
/// answers code actions, definitions, hovers and completions from the lint's model.
///
/// Three threads of work: the caller's reads messages (and takes cancellations at once); one
/// queue answers them in order; one lints. A request is answered from the last lint's model
/// and the buffer as it is now, so no answer waits for a lint of a large project. A lint runs
/// the same pipeline as `lint` (`Linter`, with the script runs and page findings an earlier
/// lint kept), and lints asked for while one runs are folded into the next.
public final class LanguageServer: @unchecked Sendable {
    public struct Options: Sendable {
        /// The mactl build, for the kept work of the lint cache (`LintSession.tool`).
        public var tool: String
        /// The lint cache whose kept work seeds a project's first lint; nil for none.
        public var cache: LintCache?

        public init(tool: String, cache: LintCache?) {
            self.tool = tool
            self.cache = cache
        }
    }

    /// The protocol's error codes that this server sends.
    enum ErrorCode: Int {
        case parseError = -32700
        case invalidRequest = -32600
        case methodNotFound = -32601
        case invalidParams = -32602
        case serverNotInitialized = -32002
        case requestCancelled = -32800
    }

    private enum Phase {
        case uninitialized
        case running
        case shutDown
    }

    /// An editor's buffer.
    private struct OpenDocument {
        var uri: String
        var version: Int
        var bytes: [UInt8]
        /// The MiniApp folder the file is in (the nearest one above it with a
        /// `manifest.json`); nil for a file of no project, which is not linted.
        var root: String?
    }

    /// One project's lints and what the editor was last told of it.
    private final class ProjectState {
        let root: URL
        var result: LintResult?
        var kept: LintCache.KeptWork?
        /// Each file's diagnostics as last published, by URI.
        var published: [String: String] = [:]
        var isPending = false
        var isScheduled = false
        /// Whether the next lint runs the app (the smoke run): on the project's first lint and
        /// after a save, not on every keystroke, as rust-analyzer runs `cargo check` on save.
        var needsSmokeRun = true
        /// The smoke run's diagnostics of the last lint that ran it, with the files as it read
        /// them: lints between two runs report those of the files that did not change since.
        var runDiagnostics: [Diagnostic] = []
        var runFiles: [String: SourceFile] = [:]

        init(root: URL) {
            self.root = root
        }
    }

    private let options: Options
    private let writer: MessageWriter
    private let lock = NSLock()
    private var phase = Phase.uninitialized
    private var documents: [String: OpenDocument] = [:]
    private var projects: [String: ProjectState] = [:]
    /// The requests read and not yet answered, and those of them the client cancelled, by
    /// their id's JSON text.
    private var waiting: Set<String> = []
    private var cancelled: Set<String> = []
    /// Whether the client watches files for the server when asked to.
    private var clientRegistersWatchers = false
    private let answering = DispatchQueue(label: "mactl.lsp.answer")
    private let linting = DispatchQueue(label: "mactl.lsp.lint")

    public init(output: Int32, options: Options) {
        self.options = options
        writer = MessageWriter(descriptor: output)
    }

    /// Serves the messages of `input` until `exit` or the stream's end. The exit status:
    /// 0 after `shutdown`, 1 otherwise, as the protocol asks.
    public func run(input: Int32) -> Int32 {
        // A client that goes away must not kill the server in the middle of a write.
        signal(SIGPIPE, SIG_IGN)
        let reader = MessageReader(descriptor: input)
        while true {
            switch reader.next() {
            case .end:
                return finish()
            case .malformed(let reason):
                sendError(id: .null, code: .parseError, message: reason)
            case .message(let body):
                let document = JSONParser.parse(SourceFile(path: "", bytes: body))
                guard let message = document.root, message.members != nil else {
                    sendError(id: .null, code: .parseError, message: "the message is not a JSON object")
                    continue
                }
                let method = message["method"]?.stringValue
                if method == "exit" { return finish() }
                if method == "$/cancelRequest", let id = message["params"]?["id"] {
                    // Only a request still waiting is cancelled; an answered one is forgotten.
                    let key = Self.output(id).compact()
                    locked { if waiting.contains(key) { cancelled.insert(key) } }
                    continue
                }
                if method != nil, let id = message["id"] { locked { _ = waiting.insert(Self.output(id).compact()) } }
                answering.async { self.handle(message) }
            }
        }
    }

    private func finish() -> Int32 {
        answering.sync {}
        return locked { phase == .shutDown } ? 0 : 1
    }

    // MARK: Dispatch

    private func handle(_ message: JSONNode) {
        let id = message["id"].map(Self.output)
        guard let method = message["method"]?.stringValue else {
            // A response to a request of ours (`client/registerCapability`), taken as it is;
            // an id with neither a method nor a result is no message.
            if let id, message["result"] == nil, message["error"] == nil {
                sendError(id: id, code: .invalidRequest, message: "a request needs a 'method'")
            }
            return
        }
        let params = message["params"]
        guard let id else {
            notify(method, params: params)
            return
        }
        let wasCancelled = locked {
            waiting.remove(id.compact())
            return cancelled.remove(id.compact()) != nil
        }
        if wasCancelled { return sendError(id: id, code: .requestCancelled, message: "the request was cancelled") }
        let phase = locked { self.phase }
        switch (phase, method) {
        case (.uninitialized, "initialize"):
            let watches = params?["capabilities"]?["workspace"]?["didChangeWatchedFiles"]?["dynamicRegistration"]?.boolValue == true
            locked {
                self.phase = .running
                self.clientRegistersWatchers = watches
            }
            send(id: id, result: Self.initializeResult)
        case (.uninitialized, _):
            sendError(id: id, code: .serverNotInitialized, message: "'\(method)' before 'initialize'")
        case (.shutDown, _):
            sendError(id: id, code: .invalidRequest, message: "'\(method)' after 'shutdown'")
        case (.running, "initialize"):
            sendError(id: id, code: .invalidRequest, message: "'initialize' was sent twice")
        case (.running, "shutdown"):
            locked { self.phase = .shutDown }
            send(id: id, result: .null)
        case (.running, "textDocument/codeAction"):
            answer(id: id, params: params, codeActions)
        case (.running, "textDocument/definition"):
            answer(id: id, params: params, definition)
        case (.running, "textDocument/hover"):
            answer(id: id, params: params, hover)
        case (.running, "textDocument/completion"):
            answer(id: id, params: params, completion)
        case (.running, _):
            sendError(id: id, code: .methodNotFound, message: "mactl does not answer '\(method)'")
        }
    }

    /// The code action kinds offered: each fix and suppression, and all the file's fix-its
    /// at once (as ruff's `source.fixAll.ruff`, for an editor's fix on save).
    static let quickFixKind = "quickfix"
    static let fixAllKind = "source.fixAll.mactl"

    private static let initializeResult = JSONOutput.object([
        (
            "capabilities",
            .object([
                ("positionEncoding", .string("utf-16")),
                (
                    "textDocumentSync",
                    .object([("openClose", .bool(true)), ("change", .integer(1)), ("save", .object([("includeText", .bool(false))]))])
                ),
                (
                    "codeActionProvider",
                    .object([("codeActionKinds", .array([.string(quickFixKind), .string(fixAllKind)]))])
                ),
                ("definitionProvider", .bool(true)),
                ("hoverProvider", .bool(true)),
                (
                    "completionProvider",
                    .object([("triggerCharacters", .array([".", "'", "\"", "/", "("].map { JSONOutput.string($0) }))])
                ),
            ])
        ),
        ("serverInfo", .object([("name", .string("mactl")), ("version", .string(MactlVersion.current))])),
    ])

    private func notify(_ method: String, params: JSONNode?) {
        guard locked({ phase == .running }) else { return }
        switch method {
        case "initialized":
            // Files changed outside the editor (a checkout, `.mactl.yml`) are linted again when
            // the client tells; a client that can watch is asked to.
            guard locked({ clientRegistersWatchers }) else { return }
            let watchers = ["**/*.{html,js,css,json,svg}", "**/.mactl.yml"].map { JSONOutput.object([("globPattern", .string($0))]) }
            writer.send(
                .object([
                    ("jsonrpc", .string("2.0")), ("id", .string("mactl-watch-files")), ("method", .string("client/registerCapability")),
                    (
                        "params",
                        .object([
                            (
                                "registrations",
                                .array([
                                    .object([
                                        ("id", .string("mactl-watch-files")), ("method", .string("workspace/didChangeWatchedFiles")),
                                        ("registerOptions", .object([("watchers", .array(watchers))])),
                                    ])
                                ])
                            )
                        ])
                    ),
                ]))
        case "textDocument/didOpen":
            guard let item = params?["textDocument"], let uri = item["uri"]?.stringValue, let text = item["text"]?.stringValue,
                let path = Self.path(ofURI: uri)
            else { return }
            let root = Self.projectRoot(containing: path)
            locked {
                documents[path] = OpenDocument(
                    uri: uri, version: item["version"]?.integerValue ?? 0, bytes: Array(text.utf8), root: root)
            }
            if let root { scheduleLint(root: root) }
        case "textDocument/didChange":
            guard let item = params?["textDocument"], let uri = item["uri"]?.stringValue, let path = Self.path(ofURI: uri),
                let changes = params?["contentChanges"]?.elements
            else { return }
            let root: String? = locked {
                guard var document = documents[path] else { return nil }
                for change in changes { document.bytes = Self.applying(change, to: document.bytes) }
                document.version = item["version"]?.integerValue ?? document.version
                documents[path] = document
                return document.root
            }
            if let root { scheduleLint(root: root) }
        case "textDocument/didClose":
            guard let uri = params?["textDocument"]?["uri"]?.stringValue, let path = Self.path(ofURI: uri) else { return }
            // The file as saved replaces the buffer.
            let root = locked { documents.removeValue(forKey: path)?.root }
            if let root { scheduleLint(root: root) }
        case "textDocument/didSave":
            guard let uri = params?["textDocument"]?["uri"]?.stringValue, let path = Self.path(ofURI: uri),
                let root = locked({ documents[path]?.root })
            else { return }
            scheduleLint(root: root, runningTheApp: true)
        case "workspace/didChangeWatchedFiles":
            // A file changed outside the editor (a checkout, a generator): every project it
            // is in is linted again.
            let paths = (params?["changes"]?.elements ?? []).compactMap { $0["uri"]?.stringValue.flatMap(Self.path(ofURI:)) }
            let roots = locked { Array(projects.keys) }
            for root in roots where paths.contains(where: { $0.hasPrefix(root + "/") }) { scheduleLint(root: root, runningTheApp: true) }
        default:
            break
        }
    }

    /// A content change of `didChange`: the whole text, or a range's replacement.
    private static func applying(_ change: JSONNode, to bytes: [UInt8]) -> [UInt8] {
        guard let text = change["text"]?.stringValue else { return bytes }
        guard let range = change["range"], let start = editorPosition(range["start"]), let end = editorPosition(range["end"]) else {
            return Array(text.utf8)
        }
        let file = SourceFile(path: "", bytes: bytes)
        let from = file.offset(of: start)
        let to = max(from, file.offset(of: end))
        return Array(bytes[..<from]) + Array(text.utf8) + Array(bytes[to...])
    }

    // MARK: Lints

    private func scheduleLint(root: String, runningTheApp: Bool = false) {
        let starts: Bool = locked {
            let project = projects[root] ?? ProjectState(root: URL(fileURLWithPath: root))
            projects[root] = project
            project.isPending = true
            if runningTheApp { project.needsSmokeRun = true }
            defer { project.isScheduled = true }
            return !project.isScheduled
        }
        if starts { linting.async { self.lintWhilePending(root: root) } }
    }

    /// Lints the project until no change came in during its last lint.
    private func lintWhilePending(root: String) {
        while true {
            let job: (project: ProjectState, buffers: [SourceFile], openURIs: [String: String], smokeRun: Bool)? = locked {
                guard let project = projects[root] else { return nil }
                guard project.isPending else {
                    project.isScheduled = false
                    return nil
                }
                project.isPending = false
                let smokeRun = project.needsSmokeRun
                project.needsSmokeRun = false
                var buffers: [SourceFile] = []
                var openURIs: [String: String] = [:]
                for (path, document) in documents where document.root == root {
                    openURIs[path] = document.uri
                    if let relative = Self.projectPath(of: path, in: root) {
                        buffers.append(SourceFile(path: relative, bytes: document.bytes))
                    }
                }
                return (project, buffers, openURIs, smokeRun)
            }
            guard let job else { return }
            lint(
                job.project, buffers: job.buffers, files: EditorFiles(root: job.project.root, openURIs: job.openURIs),
                smokeRun: job.smokeRun)
        }
    }

    /// One lint of the project with the buffers in place of their files. With `smokeRun`, the
    /// static rules' diagnostics are published as soon as they are known and the run's when it
    /// ends; without, the run's last diagnostics stand for the files that did not change.
    private func lint(_ state: ProjectState, buffers: [SourceFile], files: EditorFiles, smokeRun: Bool) {
        let previous = locked { state.result }
        let source = ProjectSource(path: state.root.path)
        do throws(ProjectSource.Failure) {
            var (project, configuration) = try source.load(reusing: previous?.model.project)
            for buffer in buffers { Self.putInPlace(buffer, in: &project) }
            let kept = locked { state.kept } ?? options.cache?.keptWork(projectAt: state.root) ?? LintCache.KeptWork()
            let scriptRuns = ScriptRunStore(tool: options.tool, kept: kept.scriptRuns)
            let pageFindings = PageFindingStore(tool: options.tool, kept: kept.pageFindings)
            let linted = Linter.lint(
                project, configuration: configuration, reusing: previous?.model, scriptRuns: scriptRuns, pageFindings: pageFindings,
                staticResult: smokeRun ? { early in self.publish(self.withLastRun(early, of: state), of: state, files: files) } : nil,
                smokeRun: smokeRun)
            locked {
                state.kept = LintCache.KeptWork(scriptRuns: scriptRuns.usedRuns, pageFindings: pageFindings.usedFindings)
                if smokeRun {
                    state.runDiagnostics = linted.diagnostics.filter { Linter.runRuleIDs.contains($0.id) }
                    state.runFiles = linted.sourceFiles
                }
            }
            publish(smokeRun ? linted : withLastRun(linted, of: state), of: state, files: files)
        } catch {
            // The folder is gone or its configuration cannot be read: nothing is known of it.
            logMessage("mactl: \(state.root.path): \(error.message)")
            publish(nil, of: state, files: files)
        }
    }

    /// The buffer in place of its file, as the editor will save it. An editor decodes a file
    /// before it shows it: invalid UTF-8 becomes U+FFFD and a byte order mark is taken off
    /// (and written back on save). A buffer that is the file as decoded leaves the file's own
    /// bytes, which the rules about them read; an edited one gets the file's mark back.
    static func putInPlace(_ buffer: SourceFile, in project: inout Project) {
        let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
        var bytes = buffer.bytes
        if let disk = project.file(buffer.path) {
            if disk.bytes.starts(with: byteOrderMark), !bytes.starts(with: byteOrderMark) { bytes = byteOrderMark + bytes }
            if disk.bytes == bytes || disk.text == String(decoding: bytes, as: UTF8.self) { return }
        }
        project.replace(with: SourceFile(path: buffer.path, bytes: bytes))
    }

    /// `result` with the last smoke run's diagnostics of the files that are as the run read
    /// them (and of no file).
    private func withLastRun(_ result: LintResult, of state: ProjectState) -> LintResult {
        let (diagnostics, files) = locked { (state.runDiagnostics, state.runFiles) }
        guard !diagnostics.isEmpty else { return result }
        let sourceFiles = result.sourceFiles
        let standing = diagnostics.filter { diagnostic in
            guard let path = diagnostic.span?.path else { return true }
            return sourceFiles[path] == files[path]
        }
        var merged = result
        merged.diagnostics = (result.diagnostics + standing).sortedDeterministically()
        return merged
    }

    /// Keeps `result` as the project's last lint and sends each file's diagnostics whose list
    /// changed since the last publish: an empty list for a file whose findings are all gone.
    private func publish(_ result: LintResult?, of state: ProjectState, files: EditorFiles) {
        var byURI: [String: [JSONOutput]] = [:]
        if let result {
            let ranges = DiagnosticRanges(result.diagnostics, files: result.sourceFiles)
            var uris: [String: String] = [:]
            for diagnostic in result.diagnostics {
                let path = diagnostic.span?.path ?? ProjectModel.manifestPath
                let uri = uris[path] ?? files.uri(path)
                uris[path] = uri
                byURI[uri, default: []].append(files.diagnostic(diagnostic, ranges: ranges))
            }
            // An open file with nothing to report is told so once, on its first lint.
            for uri in files.openURIs.values where byURI[uri] == nil { byURI[uri] = [] }
        }
        let published = byURI.mapValues { JSONOutput.array($0).compact() }
        let changed: [(String, String)] = locked {
            state.result = result
            var changed = published.filter { state.published[$0.key] != $0.value }.map { ($0.key, $0.value) }
            changed += state.published.keys.filter { published[$0] == nil }.map { ($0, "[]") }
            state.published = published
            return changed.sorted { $0.0 < $1.0 }
        }
        for (uri, diagnostics) in changed {
            writer.send(
                .object([
                    ("jsonrpc", .string("2.0")), ("method", .string("textDocument/publishDiagnostics")),
                    ("params", .object([("uri", .string(uri)), ("diagnostics", .fragment(diagnostics))])),
                ]))
        }
    }

    // MARK: Requests

    /// What a request about a place in a document needs: the project's last lint, the
    /// buffer as it is now, and the file's path in the project.
    private struct DocumentQuery {
        var result: LintResult
        var files: EditorFiles
        var path: String
        var buffer: SourceFile
        var params: JSONNode
    }

    private enum RequestFailure: Error {
        case invalidParams(String)
    }

    /// Answers a request about a document with `body`'s result, or null for a document of no
    /// project or before its first lint has a model.
    private func answer(id: JSONOutput, params: JSONNode?, _ body: (DocumentQuery) -> JSONOutput) {
        guard let params, let uri = params["textDocument"]?["uri"]?.stringValue else {
            return sendError(id: id, code: .invalidParams, message: "'textDocument.uri' is missing")
        }
        guard let path = Self.path(ofURI: uri) else { return send(id: id, result: .null) }
        let known: (OpenDocument?, String?) = locked { (documents[path], documents[path]?.root) }
        guard let root = known.1 ?? Self.projectRoot(containing: path), let relative = Self.projectPath(of: path, in: root) else {
            return send(id: id, result: .null)
        }
        guard let state = locked({ projects[root] }) else { return send(id: id, result: .null) }
        // A project's first lint is waited for: there is no model to answer from before it.
        if locked({ state.result == nil }) { linting.sync {} }
        guard let result = locked({ state.result }) else { return send(id: id, result: .null) }
        let openURIs = locked {
            Dictionary(uniqueKeysWithValues: documents.filter { $0.value.root == root }.map { ($0.key, $0.value.uri) })
        }
        let bytes = known.0?.bytes ?? result.model.project.file(relative)?.bytes ?? []
        let query = DocumentQuery(
            result: result, files: EditorFiles(root: state.root, openURIs: openURIs), path: relative,
            buffer: SourceFile(path: relative, bytes: bytes), params: params)
        send(id: id, result: body(query))
    }

    /// The quick fixes of the diagnostics in the asked range: each fix-it, and a suppression
    /// comment where the file can hold one. None while the buffer differs from what the last
    /// lint read, whose positions the fixes are in.
    private func codeActions(_ query: DocumentQuery) -> JSONOutput {
        guard let range = query.params["range"], let start = Self.editorPosition(range["start"]),
            let end = Self.editorPosition(range["end"])
        else { return .array([]) }
        let sourceFiles = query.result.sourceFiles
        guard sourceFiles[query.path]?.bytes == query.buffer.bytes else { return .array([]) }
        let only = query.params["context"]?["only"]?.elements?.compactMap(\.stringValue)
        func wanted(_ kind: String) -> Bool {
            only.map { kinds in kinds.contains { kind == $0 || kind.hasPrefix($0 + ".") } } ?? true
        }
        var actions: [JSONOutput] = []
        let inFile = query.result.diagnostics.filter { $0.span?.path == query.path }
        let ranges = DiagnosticRanges(inFile, files: sourceFiles)
        let suppressions = Suppression.inFile(query.path, of: query.result.model)
        // One action per edit: the findings of one rule on one line share their suppression.
        var offered: Set<FixIt> = []
        for diagnostic in inFile where wanted(Self.quickFixKind) {
            let diagnosticRange = ranges.range(of: diagnostic.span)
            guard diagnosticRange.start <= end, start <= diagnosticRange.end else { continue }
            let suppression = Suppression.fixIt(silencing: diagnostic, in: query.result.model, existing: suppressions)
            let fixes =
                ([diagnostic.fixIt].compactMap { $0 }.filter { fix in sourceFiles[fix.span.path] != nil } + [suppression].compactMap { $0 })
                .filter { offered.insert($0).inserted }
            let fixRanges = DiagnosticRanges([], fixIts: fixes, files: sourceFiles)
            for (index, fix) in fixes.enumerated() {
                actions.append(
                    .object([
                        ("title", .string(fix.message)), ("kind", .string(Self.quickFixKind)),
                        ("diagnostics", .array([query.files.diagnostic(diagnostic, ranges: ranges)])),
                        ("isPreferred", .bool(index == 0 && diagnostic.fixIt != nil)),
                        ("edit", query.files.edit(fix, ranges: fixRanges)),
                    ]))
            }
        }
        // Every fix-it into this file at once, as `lint --fix` applies them: one that overlaps
        // another is left for the next lint.
        let fixable = query.result.diagnostics.filter { $0.fixIt?.span.path == query.path }
        if wanted(Self.fixAllKind), !fixable.isEmpty, let file = sourceFiles[query.path] {
            let applied = FixItApplier.apply(fixable, to: file.bytes).applied
            if !applied.isEmpty {
                let fixRanges = DiagnosticRanges([], fixIts: applied.map(\.fixIt), files: sourceFiles)
                let edits = applied.map { fix -> JSONOutput in
                    .object([
                        ("range", EditorFiles.range(fixRanges.range(of: fix.fixIt.span))), ("newText", .string(fix.fixIt.replacement)),
                    ])
                }
                actions.append(
                    .object([
                        ("title", .string("apply every mactl fix-it in this file")), ("kind", .string(Self.fixAllKind)),
                        ("edit", .object([("changes", .object([(query.files.uri(query.path), .array(edits))]))])),
                    ]))
            }
        }
        return .array(actions)
    }

    private func context(_ query: DocumentQuery) -> CursorContext? {
        guard let position = Self.editorPosition(query.params["position"]) else { return nil }
        return CursorContext.at(query.buffer.offset(of: position), in: query.buffer.bytes, path: query.path)
    }

    private func definition(_ query: DocumentQuery) -> JSONOutput {
        guard let context = context(query) else { return .null }
        let model = query.result.model
        let targets = ProjectNavigation(model: model).definitions(of: context, in: query.path)
        return .array(
            targets.compactMap { target in
                guard let file = model.project.file(target.path) else { return nil }
                return .object([
                    ("uri", .string(query.files.uri(target.path))), ("range", EditorFiles.range(file.editorRange(of: target.range))),
                ])
            })
    }

    private func hover(_ query: DocumentQuery) -> JSONOutput {
        guard let context = context(query), let text = ProjectNavigation(model: query.result.model).hover(for: context) else {
            return .null
        }
        return .object([
            ("contents", .object([("kind", .string("markdown")), ("value", .string(text))])),
            ("range", EditorFiles.range(query.buffer.editorRange(of: context.range))),
        ])
    }

    private func completion(_ query: DocumentQuery) -> JSONOutput {
        guard let context = context(query) else { return .array([]) }
        let range = EditorFiles.range(query.buffer.editorRange(of: context.range))
        let items = ProjectNavigation(model: query.result.model).completions(for: context, in: query.path).map { item -> JSONOutput in
            // The protocol's CompletionItemKind: Method, Property, Constant, File, Keyword.
            let kind: Int
            switch item.kind {
            case .handler: kind = 2
            case .storeKey: kind = 10
            case .translationKey: kind = 21
            case .pageURL: kind = 17
            case .ruleID: kind = 14
            }
            return .object([
                ("label", .string(item.label)), ("kind", .integer(kind)), ("detail", .string(item.detail)),
                ("textEdit", .object([("range", range), ("newText", .string(item.label))])),
            ])
        }
        return .object([("isIncomplete", .bool(false)), ("items", .array(items))])
    }

    // MARK: Messages

    private func send(id: JSONOutput, result: JSONOutput) {
        writer.send(.object([("jsonrpc", .string("2.0")), ("id", id), ("result", result)]))
    }

    private func sendError(id: JSONOutput, code: ErrorCode, message: String) {
        writer.send(
            .object([
                ("jsonrpc", .string("2.0")), ("id", id),
                ("error", .object([("code", .integer(code.rawValue)), ("message", .string(message))])),
            ]))
    }

    /// A line for the editor's log (`window/logMessage`, type Warning).
    private func logMessage(_ text: String) {
        writer.send(
            .object([
                ("jsonrpc", .string("2.0")), ("method", .string("window/logMessage")),
                ("params", .object([("type", .integer(2)), ("message", .string(text))])),
            ]))
    }

    private func locked<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    // MARK: Paths

    /// The absolute, standardized path of a `file:` URI; nil for any other scheme.
    static func path(ofURI uri: String) -> String? {
        guard let url = URL(string: uri), url.isFileURL else { return nil }
        return url.standardizedFileURL.path
    }

    /// The project of a file, as `lint` finds one from the folder it runs in.
    static func projectRoot(containing path: String) -> String? {
        ProjectSource.enclosingProject(of: URL(fileURLWithPath: path).deletingLastPathComponent())?.path
    }

    /// `path` relative to `root`, as the project names it; nil for a file the loader leaves
    /// out (a hidden file, `node_modules/`), whose buffer is no part of the project.
    static func projectPath(of path: String, in root: String) -> String? {
        let prefix = root.hasSuffix("/") ? root : root + "/"
        guard path.hasPrefix(prefix) else { return nil }
        let relative = String(path.dropFirst(prefix.count))
        let components = relative.split(separator: "/").map(String.init)
        for (index, component) in components.enumerated()
        where ProjectLoader.skips(component, isDirectory: index < components.count - 1) {
            return nil
        }
        return relative
    }

    static func editorPosition(_ node: JSONNode?) -> EditorPosition? {
        guard let line = node?["line"]?.integerValue, let character = node?["character"]?.integerValue else { return nil }
        return EditorPosition(line: line, character: character)
    }

    /// A parsed value as output, to echo a request's id.
    static func output(_ node: JSONNode) -> JSONOutput {
        switch node.value {
        case .string(let string): .string(string)
        case .number(let text): .number(text)
        case .bool(let bool): .bool(bool)
        case .null: .null
        case .array(let elements): .array(elements.map(output))
        case .object(let members): .object(members.map { ($0.key, output($0.value)) })
        }
    }
}
