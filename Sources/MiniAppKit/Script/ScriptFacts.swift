/// Facts about a logic-layer script read from its tokens, with byte ranges, for the rules
/// that need positions the engine does not give: host API calls and their literal arguments,
/// `setData` keys, browser-only globals, registration call sites.
///
/// There is no parser behind this, so the facts are what the token patterns show: a call is
/// recognised by `skip.a.b(`, not through an alias (`const nav = skip.nav`), and a literal is
/// only read where it is written in the call.
public struct ScriptFacts: Sendable, Hashable {
    public var hostAPICalls: [HostAPICall]
    public var setDataCalls: [SetDataCall]
    public var browserGlobalUses: [BrowserGlobalUse]
    public var registrationCalls: [RegistrationCallSite]
    /// Uses of globals other MiniApp platforms define (`getApp`, `wx`, `require`), which no
    /// declaration in the file shadows.
    public var platformGlobalUses: [BrowserGlobalUse]

    public init(
        hostAPICalls: [HostAPICall] = [], setDataCalls: [SetDataCall] = [], browserGlobalUses: [BrowserGlobalUse] = [],
        registrationCalls: [RegistrationCallSite] = [], platformGlobalUses: [BrowserGlobalUse] = []
    ) {
        self.hostAPICalls = hostAPICalls
        self.setDataCalls = setDataCalls
        self.browserGlobalUses = browserGlobalUses
        self.registrationCalls = registrationCalls
        self.platformGlobalUses = platformGlobalUses
    }

    public static func extract(from file: SourceFile) -> ScriptFacts {
        extract(from: JavaScriptLexer.lex(file))
    }

    public static func extract(from script: LexedScript) -> ScriptFacts {
        ScriptFactExtractor(tokens: script.tokens).extract()
    }

    /// The namespaces a host API may be reached under, in any runtime: facts are read once,
    /// whatever the profile, and the rules filter by the project's.
    public static let hostNamespaces = Set(RuntimeProfile.all.compactMap(\.hostAPI).flatMap(\.namespaces))

    /// Globals of a browser page that the logic layer (a bare JavaScript context) does not have.
    public static let browserOnlyGlobals: Set<String> = [
        "document", "window", "localStorage", "sessionStorage", "alert", "confirm", "prompt", "XMLHttpRequest",
        "navigator", "location", "history", "fetch", "indexedDB", "WebSocket", "requestAnimationFrame",
        "cancelAnimationFrame", "getComputedStyle", "Image", "Worker", "EventSource", "Notification", "FileReader",
        "customElements", "caches", "screen",
    ]

    /// Globals of WeChat-style MiniApp platforms and of Node that scripts ported from them
    /// use; whether a runtime has one is the profile's `HostAPI.globals`.
    public static let otherPlatformGlobals: Set<String> = ["getApp", "getCurrentPages", "require", "wx", "global"]
}

/// A call of the host API: `skip.nav.navigateTo({ url: 'pages/x/x' })`.
public struct HostAPICall: Sendable, Hashable {
    /// `skip` or `miniapp`, as written.
    public var namespace: String
    /// The members after the namespace: `["nav", "navigateTo"]`.
    public var path: [String]
    /// From the namespace to the end of the last member name.
    public var range: Range<Int>
    public var arguments: [ScriptArgument]

    public init(namespace: String, path: [String], range: Range<Int>, arguments: [ScriptArgument]) {
        self.namespace = namespace
        self.path = path
        self.range = range
        self.arguments = arguments
    }

    /// The dotted name as written: `skip.nav.navigateTo`.
    public var name: String { ([namespace] + path).joined(separator: ".") }
    /// The dotted name without the namespace, the same for `skip.` and `miniapp.`: `nav.navigateTo`.
    public var member: String { path.joined(separator: ".") }

    public func argument(_ index: Int) -> ScriptArgument? {
        index < arguments.count ? arguments[index] : nil
    }
}

/// `this.setData({ … })`, or the same through an alias of `this` (`const that = this`).
public struct SetDataCall: Sendable, Hashable {
    /// `this`, or the alias.
    public var receiver: String
    /// From the receiver to the end of `setData`.
    public var range: Range<Int>
    /// The patch argument, when there is one.
    public var patch: ScriptArgument?

    public init(receiver: String, range: Range<Int>, patch: ScriptArgument?) {
        self.receiver = receiver
        self.range = range
        self.patch = patch
    }

    /// The keys of an object-literal patch (`'a.b'` and computed keys included); empty when
    /// the patch is not written as a literal.
    public var keys: [ScriptObjectLiteral.Member] {
        patch?.value.objectLiteral?.members ?? []
    }
}

/// A use of a global the logic layer may lack: a browser-only one (`document`,
/// `localStorage`, …) or another platform's (`getApp`), that no declaration in the file shadows.
public struct BrowserGlobalUse: Sendable, Hashable {
    public var name: String
    public var range: Range<Int>
    /// Written as `typeof name`, which does not throw: feature detection rather than a use.
    public var isTypeofGuard: Bool

    public init(name: String, range: Range<Int>, isTypeofGuard: Bool) {
        self.name = name
        self.range = range
        self.isTypeofGuard = isTypeofGuard
    }
}

/// Where `Page(` or `App(` is written.
public struct RegistrationCallSite: Sendable, Hashable {
    public var function: RegistrationFunction
    /// The range of the name `Page` or `App`.
    public var range: Range<Int>

    public init(function: RegistrationFunction, range: Range<Int>) {
        self.function = function
        self.range = range
    }
}
