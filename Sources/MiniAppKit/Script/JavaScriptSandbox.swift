// With `LogicTest/JavaScriptHost.swift` (long-lived contexts for `mactl test`), the only file
// that talks to JavaScriptCore. On Linux that is the WebKitGTK build through
// the `CJavaScriptCore` system target; on macOS it will be the system framework, and this
// import (plus a declaration of the time-limit function, which no public header has) is the
// one change that needs.
import CJavaScriptCore

/// Runs scripts in fresh JavaScriptCore contexts of one context group, with a time limit.
///
/// A bare JavaScriptCore context has no file system, network or host access; the sandbox
/// adds only what the prelude script defines, plus one native function that hands recorded
/// events (JSON text) back to Swift. A fresh global context per script keeps one file's
/// globals out of the next.
///
/// Not thread-safe by itself: the watchdog flag is shared by every evaluation in the group.
/// `ScriptEvaluator` serialises calls.
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

    /// Set by the watchdog callback; reset before each evaluation.
    private final class WatchdogFlag {
        var fired = false
    }

    /// Where the native recorder function appends what the prelude passes it.
    private final class RecordSink {
        var records: [String] = []
    }

    private let group: JSContextGroupRef
    private let recorderClass: JSClassRef
    private let watchdog = WatchdogFlag()

    init(timeLimitSeconds: Double) {
        group = JSContextGroupCreate()
        // Private API (see dependency-notes.md): returning true terminates the script. The
        // exception it leaves cannot be caught by the script's own try/catch.
        JSContextGroupSetExecutionTimeLimit(
            group, timeLimitSeconds,
            { _, context in
                guard let context else { return true }
                Unmanaged<WatchdogFlag>.fromOpaque(context).takeUnretainedValue().fired = true
                return true
            },
            Unmanaged.passUnretained(watchdog).toOpaque())

        var definition = JSClassDefinition()
        definition.callAsFunction = { context, function, _, argumentCount, arguments, _ in
            if let function, let sink = JSObjectGetPrivate(function), argumentCount > 0, let argument = arguments?[0] {
                let text = JavaScriptSandbox.string(from: argument, in: context)
                Unmanaged<RecordSink>.fromOpaque(sink).takeUnretainedValue().records.append(text ?? "")
            }
            return JSValueMakeUndefined(context)
        }
        recorderClass = JSClassCreate(&definition)
    }

    deinit {
        JSClassRelease(recorderClass)
        JSContextGroupClearExecutionTimeLimit(group)
        JSContextGroupRelease(group)
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
    func evaluate(script: [UInt16], sourceURL: String, prelude: String, preludeURL: String, after earlier: EarlierScript? = nil) -> Evaluation {
        watchdog.fired = false
        guard let context = JSGlobalContextCreateInGroup(group, nil) else {
            return Evaluation(outcome: .sandboxFailure("no JavaScript context could be created"), records: [])
        }
        defer { JSGlobalContextRelease(context) }
        let sink = RecordSink()

        var exception: JSValueRef?
        let installer = Self.withJSString(Array(prelude.utf16)) { source in
            Self.withJSString(Array(preludeURL.utf16)) { url in
                JSEvaluateScript(context, source, nil, url, 1, &exception)
            }
        }
        guard exception == nil, let installer, let installerObject = JSValueToObject(context, installer, nil) else {
            return Evaluation(outcome: .sandboxFailure("the stub prelude did not evaluate to a function"), records: [])
        }
        let recorder = JSObjectMake(context, recorderClass, Unmanaged.passUnretained(sink).toOpaque())
        // The sink is freed when this call returns; the recorder must not reach it afterwards.
        defer { JSObjectSetPrivate(recorder, nil) }
        let installArguments: [JSValueRef?] = [recorder]
        _ = JSObjectCallAsFunction(context, installerObject, nil, 1, installArguments, &exception)
        if exception != nil {
            return Evaluation(outcome: .sandboxFailure("the stub prelude threw"), records: [])
        }

        var earlierRecordCount = 0
        if let earlier {
            _ = Self.withJSString(earlier.script) { source in
                Self.withJSString(Array(earlier.sourceURL.utf16)) { url in
                    JSEvaluateScript(context, source, nil, url, 1, &exception)
                }
            }
            if watchdog.fired {
                clearPendingTermination(in: context)
                return Evaluation(outcome: .sandboxFailure("the script run before this one did not finish"), records: [])
            }
            // On the device an error in the earlier script is dropped, and this one still runs.
            exception = nil
            earlierRecordCount = sink.records.count
        }

        _ = Self.withJSString(script) { source in
            Self.withJSString(Array(sourceURL.utf16)) { url in
                JSEvaluateScript(context, source, nil, url, 1, &exception)
            }
        }
        if watchdog.fired {
            clearPendingTermination(in: context)
            return Evaluation(outcome: .timedOut, records: Array(sink.records.dropFirst(earlierRecordCount)))
        }
        let records = Array(sink.records.dropFirst(earlierRecordCount))
        guard let exception else {
            return Evaluation(outcome: .finished, records: records)
        }
        let described = describe(exception, in: context, sourceURL: sourceURL)
        if watchdog.fired {
            // Reading the exception ran the script's own code (a getter, a toString) too long.
            clearPendingTermination(in: context)
            return Evaluation(outcome: .timedOut, records: records)
        }
        return Evaluation(outcome: .threw(described), records: records)
    }

    /// A termination that happens in a promise job (run as the script's evaluation returns)
    /// stays pending in the virtual machine, and the next context created in the group then
    /// aborts the process. The next evaluation in the same context consumes it; nothing else
    /// may call into the context before that (reading a value with a termination pending
    /// crashed too).
    private func clearPendingTermination(in context: JSContextRef) {
        for _ in 0..<2 {
            var exception: JSValueRef?
            _ = Self.withJSString(Array("0".utf16)) { JSEvaluateScript(context, $0, nil, nil, 1, &exception) }
            if exception == nil { break }
        }
    }

    /// The message of the syntax error in `script`, or nil when it parses. Nothing runs.
    func syntaxErrorMessage(in script: ArraySlice<UInt16>) -> String? {
        guard let context = JSGlobalContextCreateInGroup(group, nil) else { return nil }
        defer { JSGlobalContextRelease(context) }
        var exception: JSValueRef?
        let valid = Self.withJSString(Array(script)) { source in
            JSCheckScriptSyntax(context, source, nil, 1, &exception)
        }
        if valid { return nil }
        guard let exception else { return "" }
        return Self.string(from: exception, in: context) ?? ""
    }

    // MARK: - Values

    private func describe(_ exception: JSValueRef, in context: JSContextRef, sourceURL: String) -> Exception {
        let message = Self.string(from: exception, in: context) ?? "uncaught exception"
        guard !watchdog.fired, let object = JSValueToObject(context, exception, nil) else {
            return Exception(message: message, isError: false, isParseError: false, line: nil, column: nil)
        }
        let line = number(named: "line", of: object, in: context)
        let column = number(named: "column", of: object, in: context)
        let url = property(named: "sourceURL", of: object, in: context).flatMap { Self.string(from: $0, in: context) }
        let name = property(named: "name", of: object, in: context).flatMap { Self.string(from: $0, in: context) }
        let isParseError = name == "SyntaxError" && line != nil && column == nil
        if url == sourceURL || isParseError {
            return Exception(message: message, isError: line != nil, isParseError: isParseError, line: line, column: column)
        }
        // Thrown inside a stub (or with no position): take the script's innermost frame from the stack.
        let stack = property(named: "stack", of: object, in: context).flatMap { Self.string(from: $0, in: context) } ?? ""
        let frame = Self.firstFrame(in: stack, sourceURL: sourceURL)
        return Exception(message: message, isError: line != nil, isParseError: false, line: frame?.line, column: frame?.column)
    }

    /// Parses JavaScriptCore stack lines such as `onLoad@pages/a/a.js:3:14`.
    static func firstFrame(in stack: String, sourceURL: String) -> (line: Int, column: Int)? {
        for frame in stack.split(separator: "\n") where frame.contains("@\(sourceURL):") {
            let numbers = frame.split(separator: ":").suffix(2).compactMap { Int($0) }
            if numbers.count == 2 { return (numbers[0], numbers[1]) }
        }
        return nil
    }

    private func property(named name: String, of object: JSObjectRef, in context: JSContextRef) -> JSValueRef? {
        guard !watchdog.fired else { return nil }
        var exception: JSValueRef?
        let value = Self.withJSString(Array(name.utf16)) { JSObjectGetProperty(context, object, $0, &exception) }
        return exception == nil ? value : nil
    }

    private func number(named name: String, of object: JSObjectRef, in context: JSContextRef) -> Int? {
        guard let value = property(named: name, of: object, in: context), JSValueIsNumber(context, value) else { return nil }
        let number = JSValueToNumber(context, value, nil)
        guard number.isFinite, number >= 0, number < Double(Int32.max) else { return nil }
        return Int(number)
    }

    private static func string(from value: JSValueRef, in context: JSContextRef?) -> String? {
        var exception: JSValueRef?
        guard let string = JSValueToStringCopy(context, value, &exception), exception == nil else { return nil }
        defer { JSStringRelease(string) }
        let length = JSStringGetLength(string)
        guard length > 0, let characters = JSStringGetCharactersPtr(string) else { return "" }
        return String(decoding: UnsafeBufferPointer(start: characters, count: length), as: UTF16.self)
    }

    private static func withJSString<Result>(_ units: [UInt16], _ body: (JSStringRef?) -> Result) -> Result {
        let string = units.withUnsafeBufferPointer { JSStringCreateWithCharacters($0.baseAddress, $0.count) }
        defer { JSStringRelease(string) }
        return body(string)
    }
}
