// The only file that talks to JavaScriptCore: `mactl test`, `mactl serve` and the lint's smoke
// run keep its contexts alive across calls (the app's context lives for a test, the test
// file's for the whole file), and `JavaScriptSandbox` runs one page script in a throwaway
// context on it. On Linux that is the WebKitGTK build through the `CJavaScriptCore` system
// target; on macOS it will be the system framework, and this import (plus a declaration of
// the time-limit function, which no public header has) is the one change that needs.
import CJavaScriptCore
import Foundation

/// JavaScriptCore's options for this process, which the engine reads from the environment once,
/// when its first context group is made.
public enum JavaScriptEngine {
    /// Turns off FTL, the engine's top compiler tier: a lint, a test file or a smoke run lasts
    /// well under a second, too short for FTL's compiles to pay back. On the 200-page benchmark
    /// app (`Benchmarks/smoke-run-cost.sh`) they were 15 % of lint's CPU time and 30 MB of its
    /// peak memory, for the same wall time. A `JSC_useFTLJIT` the user set is kept. Call it
    /// first thing in `main`: `setenv` is not safe while another thread reads the environment.
    public static func configureProcess() {
        setenv("JSC_useFTLJIT", "false", 0)
    }
}

/// JavaScriptCore contexts of one context group, with a time limit on each call into them and
/// native functions that take and return text.
///
/// Contexts of one group share one virtual machine, so an object made in one (the app's
/// `app` object) can be passed to and used from another (the test file's). Promise jobs run
/// when the outermost call into the group returns.
final class JavaScriptHost {
    typealias Context = JSGlobalContextRef
    typealias Value = JSValueRef
    typealias NativeBody = (_ arguments: [String], _ context: JSContextRef?) -> String?

    struct Exception: Equatable, Sendable {
        /// `toString()` of the thrown value, e.g. "SyntaxError: Unexpected token '}'".
        var message: String
        /// Line and column (1-based, UTF-16 units) where it was thrown, when known: a parse
        /// error has a line and no column.
        var line: Int?
        var column: Int?
        var sourceURL: String?
        var stack: String
        /// The error's `name` (`SyntaxError`), when the value thrown is an object that has one.
        var name: String? = nil
    }

    enum Outcome {
        case value(Value?)
        case threw(Exception)
        /// The call ran longer than the time limit and was stopped.
        case timedOut
    }

    private final class WatchdogFlag {
        var fired = false
    }

    private final class NativeFunction {
        let body: NativeBody
        init(_ body: @escaping NativeBody) { self.body = body }
    }

    private let group: JSContextGroupRef
    private let functionClass: JSClassRef
    private let watchdog = WatchdogFlag()

    init(timeLimitSeconds: Double) {
        group = JSContextGroupCreate()
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
            guard let function, let box = JSObjectGetPrivate(function) else { return JSValueMakeUndefined(context) }
            let native = Unmanaged<NativeFunction>.fromOpaque(box).takeUnretainedValue()
            let texts = (0..<argumentCount).map { index in
                arguments.flatMap { $0[index] }.flatMap { JavaScriptHost.string(from: $0, in: context) } ?? ""
            }
            guard let result = native.body(texts, context) else { return JSValueMakeUndefined(context) }
            return JavaScriptHost.withJSString(result) { JSValueMakeString(context, $0) }
        }
        definition.finalize = { object in
            if let box = JSObjectGetPrivate(object) { Unmanaged<NativeFunction>.fromOpaque(box).release() }
        }
        functionClass = JSClassCreate(&definition)
    }

    deinit {
        if let inert = inertCallback {
            JSValueUnprotect(inert.context, inert.function)
            JSGlobalContextRelease(inert.context)
        }
        JSClassRelease(functionClass)
        JSContextGroupClearExecutionTimeLimit(group)
        JSContextGroupRelease(group)
    }

    func makeContext() -> Context? { JSGlobalContextCreateInGroup(group, nil) }

    /// Keeps a value Swift holds across calls from the garbage collector, which sees only what
    /// JavaScript reaches: an unprotected object may be collected and its memory reused while
    /// Swift still reads it. Each `protect` needs one `unprotect`.
    func protect(_ value: Value, in context: Context) { JSValueProtect(context, value) }

    func unprotect(_ value: Value, in context: Context) { JSValueUnprotect(context, value) }

    func release(_ context: Context) { JSGlobalContextRelease(context) }

    /// A function that hands its arguments to `body` as text and returns its text, or
    /// `undefined` for nil.
    func makeFunction(in context: Context, _ body: @escaping NativeBody) -> Value {
        JSObjectMake(context, functionClass, Unmanaged.passRetained(NativeFunction(body)).toOpaque())
    }

    func evaluate(_ source: String, url: String, in context: Context) -> Outcome {
        evaluate(Array(source.utf16), url: url, in: context)
    }

    /// Evaluates source given as UTF-16 units, as the engine reads them (a page script's bytes
    /// decoded once, with its positions in those units).
    func evaluate(_ source: [UInt16], url: String, in context: Context) -> Outcome {
        watchdog.fired = false
        var exception: JSValueRef?
        let value = Self.withJSString(source) { script in
            Self.withJSString(Array(url.utf16)) { JSEvaluateScript(context, script, nil, $0, 1, &exception) }
        }
        return outcome(value, exception, in: context)
    }

    /// The message of the syntax error in `source`, or nil when it parses. Nothing runs.
    func syntaxErrorMessage(in source: ArraySlice<UInt16>) -> String? {
        guard let context = makeContext() else { return nil }
        defer { release(context) }
        var exception: JSValueRef?
        let valid = Self.withJSString(Array(source)) { JSCheckScriptSyntax(context, $0, nil, 1, &exception) }
        if valid { return nil }
        guard let exception else { return "" }
        return Self.string(from: exception, in: context) ?? ""
    }

    func call(_ function: Value, arguments: [Value?], in context: Context) -> Outcome {
        watchdog.fired = false
        guard let object = JSValueToObject(context, function, nil), JSObjectIsFunction(context, object) else {
            return .threw(Exception(message: "TypeError: not a function", stack: ""))
        }
        var exception: JSValueRef?
        let value = JSObjectCallAsFunction(context, object, nil, arguments.count, arguments, &exception)
        return outcome(value, exception, in: context)
    }

    /// Runs a script from inside a native function (the host's `evaluate`): the call into the
    /// group is already under way, so the time limit is the caller's. The exception, if any.
    func evaluateNested(_ source: String, url: String, in context: JSContextRef?) -> Exception? {
        guard let context else { return nil }
        var exception: JSValueRef?
        _ = Self.withJSString(source) { script in
            Self.withJSString(url) { JSEvaluateScript(context, script, nil, $0, 1, &exception) }
        }
        guard let exception, !watchdog.fired else { return nil }
        return describe(exception, in: context)
    }

    var timedOut: Bool { watchdog.fired }

    private func outcome(_ value: JSValueRef?, _ exception: JSValueRef?, in context: Context) -> Outcome {
        if watchdog.fired {
            clearPendingTermination(in: context)
            return .timedOut
        }
        guard let exception else { return .value(value) }
        let described = describe(exception, in: context)
        if watchdog.fired {
            clearPendingTermination(in: context)
            return .timedOut
        }
        return .threw(described)
    }

    /// A termination that happens in a promise job (run as a call returns) stays pending in
    /// the virtual machine, and the next context created in the group then aborts the
    /// process. The next evaluation in the same context consumes it; nothing else may call
    /// into the context before that (reading a value with a termination pending crashed too).
    private func clearPendingTermination(in context: Context) {
        for _ in 0..<2 {
            var exception: JSValueRef?
            _ = Self.withJSString("0") { JSEvaluateScript(context, $0, nil, nil, 1, &exception) }
            if exception == nil { break }
        }
        watchdog.fired = false
    }

    /// Has `function(promise, reason)` called for each promise in `context` rejected with no
    /// handler, once the promise jobs have run.
    func onUnhandledRejection(call function: Value, in context: Context) {
        guard let object = JSValueToObject(context, function, nil) else { return }
        JSGlobalContextSetUnhandledRejectionCallback(context, object, nil)
    }

    /// A function that does nothing, from a context of its own that lives as long as the group.
    private lazy var inertCallback: (context: Context, function: JSObjectRef)? = {
        guard let context = makeContext() else { return nil }
        let function = JSObjectMakeFunctionWithCallback(context, nil) { context, _, _, _, _, _ in JSValueMakeUndefined(context) }
        guard let function else {
            release(context)
            return nil
        }
        JSValueProtect(context, function)
        return (context, function)
    }()

    /// Releases a context. The unhandled-rejection callback is held strongly by the virtual
    /// machine, and through it the context's whole global object: it is first replaced by a
    /// function of another context, else every context given one stays in memory for good.
    func release(_ context: Context, hadRejectionCallback: Bool) {
        if hadRejectionCallback, let inert = inertCallback {
            JSGlobalContextSetUnhandledRejectionCallback(context, inert.function, nil)
        }
        release(context)
    }

    // MARK: - Values

    func property(_ name: String, of value: Value, in context: JSContextRef) -> Value? {
        guard let object = JSValueToObject(context, value, nil) else { return nil }
        var exception: JSValueRef?
        let result = Self.withJSString(name) { JSObjectGetProperty(context, object, $0, &exception) }
        return exception == nil ? result : nil
    }

    func string(_ value: Value?, in context: JSContextRef) -> String? {
        guard let value, !JSValueIsUndefined(context, value), !JSValueIsNull(context, value) else { return nil }
        return Self.string(from: value, in: context)
    }

    func makeString(_ text: String, in context: Context) -> Value {
        Self.withJSString(text) { JSValueMakeString(context, $0) }
    }

    func makeNumber(_ number: Double, in context: Context) -> Value { JSValueMakeNumber(context, number) }

    /// The value of JSON text, or nil when it is not JSON.
    func parseJSON(_ text: String, in context: Context) -> Value? {
        Self.withJSString(text) { JSValueMakeFromJSONString(context, $0) }
    }

    private func describe(_ exception: JSValueRef, in context: JSContextRef) -> Exception {
        let message = Self.string(from: exception, in: context) ?? "uncaught exception"
        guard !watchdog.fired, JSValueIsObject(context, exception) else { return Exception(message: message, stack: "") }
        func number(_ name: String) -> Int? {
            guard let value = property(name, of: exception, in: context), JSValueIsNumber(context, value) else { return nil }
            let number = JSValueToNumber(context, value, nil)
            return number.isFinite && number >= 0 && number < Double(Int32.max) ? Int(number) : nil
        }
        return Exception(
            message: message, line: number("line"), column: number("column"),
            sourceURL: string(property("sourceURL", of: exception, in: context), in: context),
            stack: string(property("stack", of: exception, in: context), in: context) ?? "",
            name: string(property("name", of: exception, in: context), in: context))
    }

    private static func string(from value: JSValueRef, in context: JSContextRef?) -> String? {
        var exception: JSValueRef?
        guard let string = JSValueToStringCopy(context, value, &exception), exception == nil else { return nil }
        defer { JSStringRelease(string) }
        let length = JSStringGetLength(string)
        guard length > 0, let characters = JSStringGetCharactersPtr(string) else { return "" }
        return String(decoding: UnsafeBufferPointer(start: characters, count: length), as: UTF16.self)
    }

    private static func withJSString<Result>(_ text: String, _ body: (JSStringRef?) -> Result) -> Result {
        withJSString(Array(text.utf16), body)
    }

    private static func withJSString<Result>(_ units: [UInt16], _ body: (JSStringRef?) -> Result) -> Result {
        let string = units.withUnsafeBufferPointer { JSStringCreateWithCharacters($0.baseAddress, $0.count) }
        defer { JSStringRelease(string) }
        return body(string)
    }
}
