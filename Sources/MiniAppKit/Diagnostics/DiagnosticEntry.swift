/// One diagnostic id as the catalogue knows it: what reports it, how severe it is by default,
/// what it means in a line, and where the documentation explains it.
public struct DiagnosticEntry: Sendable {
    /// Which command reports the id.
    public enum Kind: String, Sendable, CaseIterable {
        /// A lint rule: `lint`, `pack`, and `verify`'s lint of the content.
        case rule
        /// A check of `mactl verify` on a package's bytes.
        case verify
        /// A check of `mactl catalog verify` on a catalog folder.
        case catalog
    }

    public var id: String
    public var kind: Kind
    /// The severity it is reported with unless the configuration says otherwise; nil for an
    /// id whose severity is not its own to give.
    public var defaultSeverity: Severity?
    public var summary: String
    /// The page under `docs/` and the anchor of the place that explains the id, as
    /// `verify.md#archive-zip64`.
    public var documentation: String
    /// The rule's description, for a rule: SARIF's rule table and `mactl explain` show its
    /// rationale and examples.
    public var rule: RuleDescription?

    public init(
        id: String, kind: Kind, defaultSeverity: Severity?, summary: String, documentation: String, rule: RuleDescription? = nil
    ) {
        self.id = id
        self.kind = kind
        self.defaultSeverity = defaultSeverity
        self.summary = summary
        self.documentation = documentation
        self.rule = rule
    }

    /// A rule's entry, from its description.
    public init(rule: RuleDescription) {
        self.init(
            id: rule.id, kind: .rule, defaultSeverity: rule.defaultSeverity, summary: rule.summary, documentation: "rules.md#\(rule.id)",
            rule: rule)
    }

    /// A `verify` check's entry: every one fails the package, so it is an error.
    static func verify(_ id: String, _ summary: String) -> DiagnosticEntry {
        DiagnosticEntry(id: id, kind: .verify, defaultSeverity: .error, summary: summary, documentation: "verify.md#\(id)")
    }

    /// A `catalog verify` check's entry.
    static func catalog(_ id: String, _ severity: Severity, _ summary: String) -> DiagnosticEntry {
        DiagnosticEntry(id: id, kind: .catalog, defaultSeverity: severity, summary: summary, documentation: "catalog.md#\(id)")
    }

    /// The documentation's address for this version of mactl.
    public var documentationURL: String { MactlDocumentation.url(documentation) }
}
