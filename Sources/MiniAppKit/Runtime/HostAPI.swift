/// The host API of a runtime: what page and app scripts may call under its namespaces.
public struct HostAPI: Sendable {
    /// The names the host object is reachable under (`miniapp`, and `skip` when the host
    /// passes that name): the same object under each.
    public var namespaces: [String]
    /// Every member reachable from the namespace, without it: `nav.navigateTo`, `i18n.locale`.
    public var members: [String]
    /// Members of earlier versions that moved, old name → today's: `navigateTo` →
    /// `nav.navigateTo`. Calling an old name throws a TypeError in today's runtime.
    public var movedMembers: [String: String]
    /// Globals the logic layer has besides JavaScript's own: `App`, `Page`, `console`, timers,
    /// `fetch`, and the namespaces.
    public var globals: [String]
    /// Globals the runtime declares by evaluating script in the shared context (`fetch`,
    /// `__i18nMessages`, …): a script's top-level `let`, `const` or `class` of the same name
    /// fails, and its `function` or `var` replaces the runtime's for every script.
    public var scriptDeclaredGlobals: [String] = []
    /// The facts this table was read from, cited by the rules that use it.
    public var factIDs: [String]

    /// Whether `member` (without the namespace) is part of the API, as a member or as the
    /// object that holds members (`nav`, `fs.root`).
    public func has(_ member: String) -> Bool {
        members.contains(member) || members.contains { $0.hasPrefix(member + ".") }
    }

    /// Today's spelling of a moved member, if `member` is an old one.
    public func movedMember(_ member: String) -> String? { movedMembers[member] }
}
