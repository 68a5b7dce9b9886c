/// What a logic-layer script registered when it loaded: every `Page(...)` and `App(...)` call
/// in order, the timers it scheduled, and the issue that stopped it, if any.
///
/// Calls made before a failure are kept: a page that registers and then throws still shows
/// its handlers.
public struct ScriptRegistration: Sendable, Hashable {
    public var calls: [RegistrationCall]
    public var timers: [ScheduledTimer]
    public var issue: ScriptIssue?

    public init(calls: [RegistrationCall] = [], timers: [ScheduledTimer] = [], issue: ScriptIssue? = nil) {
        self.calls = calls
        self.timers = timers
        self.issue = issue
    }

    public var pageCalls: [RegistrationCall] { calls.filter { $0.function == .page } }
    public var appCalls: [RegistrationCall] { calls.filter { $0.function == .app } }
}

/// The global a registration went through.
public enum RegistrationFunction: String, Sendable, Hashable, CaseIterable {
    case page = "Page"
    case app = "App"

    /// Members the runtime calls itself (SkipMiniApp `MiniAppRuntime`); they are not handlers.
    public var lifecycleHookNames: [String] {
        switch self {
        case .page: return ["onLoad", "onShow", "onReady", "onHide", "onUnload"]
        case .app: return ["onLaunch", "onShow", "onHide", "onError"]
        }
    }
}

/// One `Page(options)` or `App(options)` call and what its options object held.
public struct RegistrationCall: Sendable, Hashable {
    public var function: RegistrationFunction
    /// Byte offset of the call as the engine reports it (its opening parenthesis); nil when
    /// the call came from somewhere without a position in the script.
    public var callOffset: Int?
    /// The shape of the argument; an `.object` for any sensible registration.
    public var options: ScriptValueShape
    /// The shape of the `data` member, nil when there is none.
    public var data: ScriptValueShape?
    /// Function members the view can name in `@click`: all functions except lifecycle hooks
    /// and `setData`, which the runtime leaves out too, in definition order.
    public var handlerNames: [String]
    /// Lifecycle hooks present as functions, in definition order.
    public var lifecycleHooks: [String]
    /// Members that are neither `data` nor functions (e.g. `globalData` on App).
    public var otherMembers: [ScriptMember]
    /// For a page: its `data` as the runtime copies it (through JSON, so functions and
    /// `undefined` are gone and a `Date` is a string), when the script could be asked for it.
    /// The values the page's first render starts from, before `onLoad` changes them.
    public var initialData: JSONNode?

    public init(function: RegistrationFunction, callOffset: Int?, options: ScriptValueShape) {
        self.function = function
        self.callOffset = callOffset
        self.options = options
        var data: ScriptValueShape?
        var handlerNames: [String] = []
        var lifecycleHooks: [String] = []
        var otherMembers: [ScriptMember] = []
        let hookNames = Set(function.lifecycleHookNames)
        for member in options.members {
            if member.name == "data" {
                data = member.shape
            } else if member.shape != .function {
                otherMembers.append(member)
            } else if hookNames.contains(member.name) {
                lifecycleHooks.append(member.name)
            } else if member.name != "setData" {
                handlerNames.append(member.name)
            }
        }
        self.data = data
        self.handlerNames = handlerNames
        self.lifecycleHooks = lifecycleHooks
        self.otherMembers = otherMembers
    }
}

extension RegistrationCall {
    /// The recorded JSON text parsed with mactl's parser; nil when it does not parse to an
    /// object (the runtime's text always does, unless it nests deeper than the parser goes).
    static func parseData(_ text: String) -> JSONNode? {
        let document = JSONParser.parse(SourceFile(path: "", text: text))
        guard document.issues.isEmpty, let root = document.root, root.members != nil else { return nil }
        return root
    }
}

/// A `setTimeout` or `setInterval` call made at load time. The callback is never run.
public struct ScheduledTimer: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable {
        case timeout
        case interval
    }

    public var kind: Kind
    /// Byte offset of the call as the engine reports it, when known.
    public var callOffset: Int?

    public init(kind: Kind, callOffset: Int?) {
        self.kind = kind
        self.callOffset = callOffset
    }
}
