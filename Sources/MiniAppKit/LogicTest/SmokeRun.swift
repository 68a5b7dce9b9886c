import Foundation

/// What `mactl lint`'s smoke run saw go wrong, at the line that caused it. The run starts the
/// app in the logic-layer host `mactl test` uses (SkipMiniApp's runtime restated fact by fact),
/// opens every page as a person reaches it, runs its timers and fires every binding its
/// template renders (docs/smoke-run.md).
public struct SmokeRunFinding: Sendable {
    /// What the device does; each kind is one `run-*` rule.
    public enum Kind: String, Sendable, CaseIterable {
        /// App code threw: the rest of that hook or handler does not run, silently.
        case exception
        /// A host call the runtime ignores or reads otherwise than written.
        case ignored
        /// The host app crashes on iOS.
        case crash
        /// A `setData` that no view of its page shows.
        case misrouted
        /// Data the runtime's JSON copy changes.
        case dataCopy = "data-copy"
        /// An interval that keeps running after its page is closed.
        case interval
        /// A navigation call a later one in the same code replaces.
        case overridden
        /// A step that ran past the time limit: the app freezes.
        case timeout
    }

    public var kind: Kind
    public var message: String
    public var span: SourceSpan?
    /// What the run was doing: "firing @click of <button> at pages/a/a.html:3:5".
    public var during: String?
    /// Whether it happened while the app started or a page opened, which every visit does,
    /// rather than in a handler or a timer that depends on what a person does.
    public var onEveryVisit: Bool
    /// This finding's severity when it differs from its rule's: a call ignored only in some
    /// states (a stack already 10 deep) is a warning, data the copy loses whole an error.
    public var severity: Severity?
}

/// Everything one smoke run of a project found, in the order it happened.
public struct SmokeRun: Sendable {
    public var findings: [SmokeRunFinding] = []

    public func findings(_ kind: SmokeRunFinding.Kind) -> [SmokeRunFinding] { findings.filter { $0.kind == kind } }
}

extension ProjectModel {
    /// The smoke run of this project, run once on first use and shared by the `run-*` rules.
    /// Empty for a runtime mactl does not emulate and for a manifest the runtime refuses.
    public var smokeRun: SmokeRun { derived.value(SmokeRun.self) { SmokeRunner.run(self) } }
}

enum SmokeRunner {
    /// One JavaScriptCore context group for every smoke run of the process, used by one run at
    /// a time. A group per run was never given back whole: each lint kept 1.6 MB more, which
    /// the fuzzers that lint thousands of projects ran out of memory on.
    private final class SharedHost: @unchecked Sendable {
        // @unchecked: `host` is only touched while `lock` is held.
        private let lock = NSLock()
        private var host: JavaScriptHost?

        func with<Result>(_ body: (JavaScriptHost) -> Result) -> Result {
            lock.lock()
            defer { lock.unlock() }
            let host = self.host ?? JavaScriptHost(timeLimitSeconds: Limits.smokeStepSeconds)
            self.host = host
            return body(host)
        }
    }

    private static let shared = SharedHost()

    static func run(_ model: ProjectModel) -> SmokeRun {
        guard model.runtime.hostIsEmulated, model.manifest != nil, ManifestNotDecodable().check(model).isEmpty else { return SmokeRun() }
        // A script too large to run, or one that never finishes loading, is reported by
        // `script-load-error`; running the app would only wait for it again.
        let scripts = model.pages.compactMap(\.script) + (model.appScript.map { [$0] } ?? [])
        let unrunnable: Set<ScriptIssue.Kind> = [.timeout, .evaluatorFailure]
        if scripts.contains(where: { $0.registration.issue.map { unrunnable.contains($0.kind) } ?? false }) { return SmokeRun() }
        // Every script goes into the host, common ones too: one too large is not run at all.
        if model.project.paths.contains(where: { $0.hasSuffix(".js") && (model.project.file($0)?.bytes.count ?? 0) > Limits.scriptSize }) {
            return SmokeRun()
        }
        let projectJSON = LogicHostProject.json(model, views: .smokeRun)
        return shared.with { host in run(model, in: host, projectJSON: projectJSON) }
    }

    private static func run(_ model: ProjectModel, in host: JavaScriptHost, projectJSON: String) -> SmokeRun {
        guard let session = LogicHostSession(host: host, projectJSON: projectJSON) else { return SmokeRun() }
        defer { session.close() }
        var collector = Collector(model: model)
        var step = session.smoke("start")
        var count = 0
        while true {
            // The reports carry their own place and step: taken now and then, not after each step.
            if count % 256 == 0 || step != .ran { collector.take(session.takeErrors()) }
            if case .timedOut(let running) = step {
                // A script's top level that never returns is `script-load-error`'s.
                if running?.hasPrefix("the top level of ") != true { collector.timedOut(running: running, at: session.smokePlace()) }
                break
            }
            guard step == .ran, count < Limits.smokeSteps else { break }
            count += 1
            step = session.smoke("next")
        }
        collector.take(session.takeErrors())
        return SmokeRun(findings: collector.findings)
    }

    /// Turns the host's reports into findings with spans, each once.
    private struct Collector {
        let project: Project
        /// The scripts the model parsed, whose tokens the spans are placed with.
        let scripts: [String: ScriptModel]
        var findings: [SmokeRunFinding] = []
        /// One line fired from many elements is one finding, the first.
        private struct Place: Hashable {
            var kind: SmokeRunFinding.Kind
            var message: String
            var path: String?
            var offset: Int?
        }
        private var seen: Set<Place> = []
        private var texts: [String: EngineSourceText] = [:]
        private var tokens: [String: BracketedTokens] = [:]

        init(model: ProjectModel) {
            project = model.project
            let parsed = model.pages.compactMap(\.script) + (model.appScript.map { [$0] } ?? [])
            scripts = Dictionary(parsed.map { ($0.file.path, $0) }, uniquingKeysWith: { first, _ in first })
        }

        mutating func take(_ errors: [LogicHostSession.HostError]) {
            for error in errors {
                guard let kind = error.kind.flatMap(SmokeRunFinding.Kind.init(rawValue:)) else { continue }
                let during = error.during
                let onEveryVisit = during.map { $0.hasPrefix("opening ") || $0 == "starting the app" } ?? false
                add(
                    SmokeRunFinding(
                        kind: kind, message: Self.phoneText(error.message, kind), span: span(of: error), during: during,
                        onEveryVisit: onEveryVisit,
                        severity: error.severity.flatMap(Severity.init(rawValue:))))
            }
        }

        /// A step stopped by the time limit while running `running` ("onTap of pages/a/a"): at
        /// the member's key in the page's script, else where the step was.
        mutating func timedOut(running: String?, at place: LogicHostSession.HostError?) {
            var span = place.flatMap { self.span(of: $0) }
            if let running, let range = running.range(of: " of "),
                let script = scripts[String(running[range.upperBound...]) + ".js"],
                let key = script.memberKeyRange(String(running[..<range.lowerBound]))
            {
                span = script.file.span(key)
            }
            add(
                SmokeRunFinding(
                    kind: .timeout,
                    message:
                        "\(running ?? place?.message ?? "the app") did not finish within \(ScriptEvaluator.describe(seconds: Limits.smokeStepSeconds)): on the phone the app stops responding",
                    span: span, during: place?.message, onEveryVisit: place?.message.hasPrefix("opening ") ?? false, severity: nil))
        }

        private mutating func add(_ finding: SmokeRunFinding) {
            let place = Place(kind: finding.kind, message: finding.message, path: finding.span?.path, offset: finding.span?.start.offset)
            if seen.insert(place).inserted { findings.append(finding) }
        }

        /// The host's words for `mactl test` ("…; on the device this is silent") as lint says them:
        /// code that threw stops there; anything else just happens without a word.
        private static func phoneText(_ message: String, _ kind: SmokeRunFinding.Kind) -> String {
            let silent = "; on the device this is silent"
            guard message.hasSuffix(silent) else { return message }
            let said = String(message.dropLast(silent.count))
            return said + (kind == .exception ? ": on the phone it stops there, without a message" : "; the phone shows no message")
        }

        private mutating func span(of error: LogicHostSession.HostError) -> SourceSpan? {
            guard let path = error.file, let file = project.file(path) else { return nil }
            if let offset = error.offset { return file.span(offset..<offset) }
            guard let line = error.line, let column = error.column else { return nil }
            let text = texts[path] ?? EngineSourceText(bytes: file.bytes)
            texts[path] = text
            guard let offset = text.byteOffset(line: line, column: column) else { return nil }
            let stream = tokens(of: file)
            let start = error.key.flatMap { keyOffset($0, inCallAt: offset, in: stream) } ?? calleeOffset(at: offset, in: stream)
            return file.span(start..<start)
        }

        /// The tokens the model already has for a page script or `app.js`; other scripts are lexed here.
        private mutating func tokens(of file: SourceFile) -> BracketedTokens {
            if let known = tokens[file.path] { return known }
            let stream = BracketedTokens(tokens: scripts[file.path]?.tokens ?? JavaScriptLexer.lex(file.bytes).tokens)
            tokens[file.path] = stream
            return stream
        }

        /// The offset of `key:` inside the parentheses of the call at `offset` (a `setData({…})`
        /// written over several lines), so the finding is on the member's own line.
        private func keyOffset(_ key: String, inCallAt offset: Int, in stream: BracketedTokens) -> Int? {
            var index = stream.tokens.firstIndex(atOrAfter: offset)
            while index < stream.count, !stream.isPunctuator(index, "(") { index += 1 }
            guard let close = stream.partner(of: index) else { return nil }
            for inner in index..<close where stream.isPunctuator(inner + 1, ":") {
                guard let token = stream[inner], token.kind == .identifier || token.kind == .string else { continue }
                let name = token.kind == .string ? String(token.text.dropFirst().dropLast()) : token.text
                if name == key { return token.range.lowerBound }
            }
            return nil
        }

        /// JavaScriptCore places a call at its `(`: the name called is where a reader looks.
        private func calleeOffset(at offset: Int, in stream: BracketedTokens) -> Int {
            let index = stream.tokens.firstIndex(atOrAfter: offset)
            guard stream[index]?.range.lowerBound == offset, stream.isPunctuator(index, "("),
                let callee = stream[index - 1], callee.kind == .identifier
            else { return offset }
            return callee.range.lowerBound
        }
    }
}
