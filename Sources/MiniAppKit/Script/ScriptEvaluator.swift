import Foundation

/// Loads logic-layer scripts (`app.js`, page scripts) in JavaScriptCore with stub globals and
/// reports what they register: the page model the rules check the templates against.
///
/// Only load-time code runs. Handlers, promise callbacks of host APIs and timers never run;
/// the script sees no file system, network or host: a bare JavaScriptCore context has none
/// and the stubs add none. A script that does not finish within `timeLimitSeconds` is stopped.
///
/// Thread safety: one evaluator owns one JavaScriptCore context group, and JavaScriptCore
/// runs one script at a time per group anyway, so `evaluate` takes a lock for its whole
/// duration (the time-limit flag is per group, too). Several threads may share an evaluator,
/// and wait for each other; for parallel evaluation give each task its own evaluator.
public final class ScriptEvaluator: @unchecked Sendable {
    // @unchecked: the sandbox (a JavaScriptCore group and its watchdog flag) is only touched
    // while `lock` is held.

    public let timeLimitSeconds: Double
    private let lock = NSLock()
    private let sandbox: JavaScriptSandbox
    /// Runs kept by an earlier lint, taken instead of running a script again.
    private let runs: ScriptRunStore?

    public init(timeLimitSeconds: Double = Limits.scriptSeconds, runs: ScriptRunStore? = nil) {
        self.timeLimitSeconds = timeLimitSeconds
        self.sandbox = JavaScriptSandbox(timeLimitSeconds: timeLimitSeconds)
        self.runs = runs
    }

    /// Runs `file` alone, or, with `earlier`, after that script in the same context, as a
    /// runtime that shares one context between `app.js` and the pages does.
    public func evaluate(_ file: SourceFile, after earlier: SourceFile? = nil) -> ScriptRegistration {
        guard file.bytes.count <= Limits.scriptSize else {
            return ScriptRegistration(
                issue: ScriptIssue(
                    kind: .tooLarge,
                    message:
                        "the script is \(file.bytes.count) bytes, over the limit of \(Limits.scriptSize) bytes for one script (no MiniApp platform takes a package that large); it was not run",
                    range: nil))
        }
        // A runtime reads scripts as UTF-8 and loads nothing of one that is not; running a
        // lossy decoding here would check a page against a script the phone never sees.
        if let invalid = InvalidUTF8.scan(file.bytes) {
            return ScriptRegistration(
                issue: ScriptIssue(
                    kind: .invalidEncoding,
                    message: "\(invalid.description); scripts must be UTF-8, and the runtime does not load this one",
                    range: invalid.range))
        }
        lock.lock()
        defer { lock.unlock() }

        let text = EngineSourceText(bytes: file.bytes)
        let runKey = runs?.key(script: file, after: earlier)
        let evaluation: JavaScriptSandbox.Evaluation
        if let runKey, let kept = runs?.evaluation(forKey: runKey) {
            evaluation = kept
        } else {
            // The scripts' UTF-16 text is made only for a run: a kept run needs none.
            let sourceURL = file.path.isEmpty ? "script.js" : file.path
            let earlierScript = earlier.map { earlier in
                JavaScriptSandbox.EarlierScript(
                    script: EngineSourceText(bytes: earlier.bytes).utf16, sourceURL: earlier.path.isEmpty ? "app.js" : earlier.path)
            }
            evaluation = sandbox.evaluate(
                script: text.utf16, sourceURL: sourceURL, prelude: ScriptStubPrelude.source, preludeURL: ScriptStubPrelude.url,
                after: earlierScript)
            if let runKey { runs?.keep(evaluation, forKey: runKey) }
        }

        var registration = ScriptRegistration()
        for event in evaluation.records.compactMap(RecordedEvent.decode) {
            let offset = event.position.flatMap { text.byteOffset(line: $0.line, column: $0.column) }
            switch event.function {
            case "page", "app":
                let function: RegistrationFunction = event.function == "page" ? .page : .app
                var call = RegistrationCall(function: function, callOffset: offset, options: event.options?.value ?? .other)
                call.initialData = event.dataText.flatMap(RegistrationCall.parseData)
                registration.calls.append(call)
            case "timeout":
                registration.timers.append(ScheduledTimer(kind: .timeout, callOffset: offset))
            case "interval":
                registration.timers.append(ScheduledTimer(kind: .interval, callOffset: offset))
            default:
                break
            }
        }
        registration.issue = issue(for: evaluation.outcome, in: text)
        return registration
    }

    private func issue(for outcome: JavaScriptSandbox.Outcome, in text: EngineSourceText) -> ScriptIssue? {
        switch outcome {
        case .finished:
            return nil
        case .timedOut:
            return ScriptIssue(
                kind: .timeout, message: "script did not finish loading within \(Self.describe(seconds: timeLimitSeconds))", range: nil)
        case .sandboxFailure(let reason):
            return ScriptIssue(kind: .evaluatorFailure, message: "could not evaluate the script: \(reason)", range: nil)
        case .threw(let exception) where exception.isParseError:
            let locator = SyntaxErrorLocator(
                text: text, tokens: JavaScriptLexer.lex(text.bytes).tokens,
                syntaxErrorMessage: { self.sandbox.syntaxErrorMessage(in: $0) })
            return ScriptIssue(
                kind: .syntaxError, message: exception.message, range: locator.locate(message: exception.message, line: exception.line ?? 1)
            )
        case .threw(let exception):
            let message = exception.isError ? exception.message : "uncaught exception: \(exception.message)"
            var range: Range<Int>?
            if let line = exception.line, let column = exception.column, let offset = text.byteOffset(line: line, column: column) {
                range = offset..<offset
            }
            return ScriptIssue(kind: .uncaughtException, message: message, range: range)
        }
    }

    /// "1 s", "0.5 s": seconds without a locale, so messages are the same everywhere.
    static func describe(seconds: Double) -> String {
        if seconds == seconds.rounded(), abs(seconds) < 1e9 { return "\(Int(seconds)) s" }
        return "\(seconds) s"
    }
}
