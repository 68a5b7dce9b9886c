import Foundation

/// One app in the logic-layer host: a fresh context with `LogicHostScript` installed. A test
/// gets one; `mactl serve` keeps one per preview.
final class LogicHostSession {
    struct HostError: Decodable {
        var message: String
        var file: String?
        var line: Int?
        var column: Int?
        /// What the device does (`report` in `HostScript+Core.swift`): `exception`, `ignored`, …
        var kind: String?
        /// The byte offset of the place, for a template element.
        var offset: Int?
        /// The key whose own line the place should move to (a member of a `setData` patch).
        var key: String?
        /// What the smoke run was doing.
        var during: String?
        /// The report's own severity, when it is not its kind's.
        var severity: String?
    }

    let host: JavaScriptHost
    let context: JavaScriptHost.Context
    let facade: JavaScriptHost.Value
    private let installed: JavaScriptHost.Value
    private let runningBox: Box<[String]>
    /// What app code is running now, innermost last: named in a time-out's message.
    var running: [String] { runningBox.value }

    init?(host: JavaScriptHost, projectJSON: String) {
        guard let context = host.makeContext() else { return nil }
        self.host = host
        self.context = context
        let running = Box<[String]>([])
        let evaluate = host.makeFunction(in: context) { arguments, _ in
            guard arguments.count == 2, let exception = host.evaluateNested(arguments[0], url: arguments[1], in: context) else {
                return nil
            }
            let frame = exception.sourceURL == arguments[1] ? (exception.line, exception.column) : (nil, nil)
            return JSONOutput.object([
                ("message", .string(exception.message)), ("line", .integer(frame.0 ?? 1)), ("column", .integer(frame.1 ?? 1)),
            ]).compact()
        }
        let declare = host.makeFunction(in: context) { arguments, _ in
            let names = (arguments.first ?? "").split(separator: ",").filter { !$0.isEmpty }
            if !names.isEmpty { _ = host.evaluateNested("var \(names.joined(separator: ", "));", url: LogicHostScript.url, in: context) }
            return nil
        }
        let enter = host.makeFunction(in: context) { arguments, _ in
            running.value.append(arguments.first ?? "")
            return nil
        }
        let leave = host.makeFunction(in: context) { _, _ in
            _ = running.value.popLast()
            return nil
        }
        let nativeObject =
            "(function (evaluate, declare, enter, leave) { return { evaluate: evaluate, declare: declare, enter: enter, leave: leave }; })"
        guard case .value(let makeNative?) = host.evaluate(nativeObject, url: LogicHostScript.url, in: context),
            case .value(let native?) = host.call(makeNative, arguments: [evaluate, declare, enter, leave], in: context),
            case .value(let hostFunction?) = host.evaluate(LogicHostScript.source, url: LogicHostScript.url, in: context),
            let project = host.parseJSON(projectJSON, in: context),
            case .value(let installed?) = host.call(hostFunction, arguments: [native, project], in: context),
            let facade = host.property("facade", of: installed, in: context)
        else {
            host.release(context)
            return nil
        }
        if let rejected = host.property("onUnhandledRejection", of: installed, in: context) {
            host.onUnhandledRejection(call: rejected, in: context)
        }
        host.protect(installed, in: context)
        host.protect(facade, in: context)
        self.installed = installed
        self.facade = facade
        self.runningBox = running
    }

    /// The errors the app reported since the last call, oldest first.
    func takeErrors() -> [HostError] {
        guard let function = host.property("errorsJSON", of: installed, in: context),
            case .value(let value) = host.call(function, arguments: [], in: context),
            let text = host.string(value, in: context), text != "[]"
        else { return [] }
        return (try? JSONDecoder().decode([HostError].self, from: Data(text.utf8))) ?? []
    }

    /// Calls the function `name` of the host's object `part` (`preview`, `smoke`) with text
    /// arguments; nil when there is no such function.
    private func call(_ part: String, _ name: String, _ arguments: [String]) -> JavaScriptHost.Outcome? {
        guard let function = function(part, name) else { return nil }
        return host.call(function, arguments: arguments.map { host.makeString($0, in: context) }, in: context)
    }

    /// The host's functions found so far, by part and name: the smoke run calls `next`
    /// thousands of times. `installed`, which is protected, keeps them alive.
    private var functions: [String: JavaScriptHost.Value] = [:]

    private func function(_ part: String, _ name: String) -> JavaScriptHost.Value? {
        let key = part + "." + name
        if let known = functions[key] { return known }
        guard let object = host.property(part, of: installed, in: context), let function = host.property(name, of: object, in: context)
        else {
            return nil
        }
        functions[key] = function
        return function
    }

    /// Calls a function of the host's `preview` object with text arguments; its text result.
    func preview(_ name: String, _ arguments: [String] = []) -> String? {
        guard case .value(let value) = call("preview", name, arguments) else { return nil }
        return host.string(value, in: context)
    }

    /// How a step of the smoke run ended.
    enum SmokeStep: Equatable {
        case ran
        case finished
        /// It ran past the time limit, running the app code named.
        case timedOut(running: String?)
        case failed
    }

    /// Calls `smoke.start` or `smoke.next` (`HostScript+Smoke.swift`).
    func smoke(_ name: String) -> SmokeStep {
        switch call("smoke", name, []) {
        case .value(let value): return host.string(value, in: context) == "" && name == "next" ? .finished : .ran
        case .timedOut:
            // A stopped call never reached its `leave`: what it was running is still listed.
            let innermost = running.last
            runningBox.value = []
            return .timedOut(running: innermost)
        case .threw, nil: return .failed
        }
    }

    /// Where the smoke run was (`smoke.place()`: the element whose binding it fired), for a step
    /// that was stopped.
    func smokePlace() -> HostError? {
        guard case .value(let value) = call("smoke", "place", []), let text = host.string(value, in: context) else { return nil }
        return try? JSONDecoder().decode(HostError.self, from: Data(text.utf8))
    }

    func close() {
        host.unprotect(facade, in: context)
        host.unprotect(installed, in: context)
        host.release(context, hadRejectionCallback: true)
    }
}

/// A value a native function's closure writes and Swift reads afterwards.
final class Box<Value> {
    var value: Value
    init(_ value: Value) { self.value = value }
}
