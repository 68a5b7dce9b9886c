/// Runs one script in a fresh context of its own, with a time limit, on `JavaScriptHost`.
///
/// A bare JavaScriptCore context has no file system, network or host access; the sandbox
/// adds only what the prelude script defines, plus one native function that hands recorded
/// events (JSON text) back to Swift. A fresh global context per script keeps one file's
/// globals out of the next.
///
/// Not thread-safe by itself: the host's time limit is shared by every evaluation in its
/// group. `ScriptEvaluator` serialises calls.
final class JavaScriptSandbox {
    struct Exception: Equatable {
        /// `toString()` of the thrown value, e.g. "SyntaxError: Unexpected token '}'".
        var message: String
        /// The value thrown is an Error object (it has a `line`).
        var isError: Bool
        /// A parse error: JavaScriptCore gives it a line but no column (and no code ran).
        var isParseError: Bool
        /// Line and column (1-based, UTF-16 units) in the evaluated script, when known.
        var line: Int?
        var column: Int?
    }

    enum Outcome {
        case finished
        case threw(Exception)
        case timedOut
        /// The prelude itself failed: a bug in mactl, not in the script.
        case sandboxFailure(String)
    }

    struct Evaluation {
        var outcome: Outcome
        /// What the native recorder received, in order, even when the script failed later.
        var records: [String]
    }

    /// Where the native recorder function appends what the prelude passes it.
    private final class RecordSink {
        var records: [String] = []
    }

    private let host: JavaScriptHost

    init(timeLimitSeconds: Double) {
        host = JavaScriptHost(timeLimitSeconds: timeLimitSeconds)
    }

    /// A script the runtime runs before another in the same context (`app.js` before a page
    /// script): its declarations are the later script's globals; what it records and throws is
    /// not the later script's.
    struct EarlierScript {
        var script: [UInt16]
        var sourceURL: String
    }

    /// Evaluates `prelude` (a function expression taking the recorder function) as
    /// `preludeURL`, calls it, evaluates `earlier` if given, then evaluates `script` as
    /// `sourceURL`, line 1.
    func evaluate(
        script: [UInt16], sourceURL: String, prelude: String, preludeURL: String, after earlier: EarlierScript? = nil
    ) -> Evaluation {
        guard let context = host.makeContext() else {
            return Evaluation(outcome: .sandboxFailure("no JavaScript context could be created"), records: [])
        }
        defer { host.release(context) }
        let sink = RecordSink()
        guard case .value(let installer?) = host.evaluate(prelude, url: preludeURL, in: context) else {
            return Evaluation(outcome: .sandboxFailure("the stub prelude did not evaluate to a function"), records: [])
        }
        let recorder = host.makeFunction(in: context) { arguments, _ in
            sink.records.append(arguments.first ?? "")
            return nil
        }
        guard case .value = host.call(installer, arguments: [recorder], in: context) else {
            return Evaluation(outcome: .sandboxFailure("the stub prelude threw"), records: [])
        }

        var earlierRecordCount = 0
        if let earlier {
            // On the device an error in the earlier script is dropped, and this one still runs.
            if case .timedOut = host.evaluate(earlier.script, url: earlier.sourceURL, in: context) {
                return Evaluation(outcome: .sandboxFailure("the script run before this one did not finish"), records: [])
            }
            earlierRecordCount = sink.records.count
        }

        let outcome = host.evaluate(script, url: sourceURL, in: context)
        let records = Array(sink.records.dropFirst(earlierRecordCount))
        switch outcome {
        case .value: return Evaluation(outcome: .finished, records: records)
        case .timedOut: return Evaluation(outcome: .timedOut, records: records)
        case .threw(let thrown): return Evaluation(outcome: .threw(Self.placed(thrown, in: sourceURL)), records: records)
        }
    }

    /// The message of the syntax error in `script`, or nil when it parses. Nothing runs.
    func syntaxErrorMessage(in script: ArraySlice<UInt16>) -> String? {
        host.syntaxErrorMessage(in: script)
    }

    /// Where in the script an exception was thrown: its own position when the script threw it
    /// (or failed to parse), else the script's innermost frame of its stack (a stub of the
    /// prelude threw, called from the script).
    static func placed(_ thrown: JavaScriptHost.Exception, in sourceURL: String) -> Exception {
        let isParseError = thrown.name == "SyntaxError" && thrown.line != nil && thrown.column == nil
        if thrown.sourceURL == sourceURL || isParseError {
            return Exception(
                message: thrown.message, isError: thrown.line != nil, isParseError: isParseError, line: thrown.line, column: thrown.column)
        }
        let frame = firstFrame(in: thrown.stack, sourceURL: sourceURL)
        return Exception(
            message: thrown.message, isError: thrown.line != nil, isParseError: false, line: frame?.line, column: frame?.column)
    }

    /// Parses JavaScriptCore stack lines such as `onLoad@pages/a/a.js:3:14`.
    static func firstFrame(in stack: String, sourceURL: String) -> (line: Int, column: Int)? {
        for frame in stack.split(separator: "\n") where frame.contains("@\(sourceURL):") {
            let numbers = frame.split(separator: ":").suffix(2).compactMap { Int($0) }
            if numbers.count == 2 { return (numbers[0], numbers[1]) }
        }
        return nil
    }
}
