/// A check over the whole parsed project. Each rule lives in its own file, named after the
/// problem it finds, and carries its description: the id, default severity, summary,
/// rationale, and examples that the tests run and `docs/rules.md` shows.
public protocol Rule: Sendable {
    static var description: RuleDescription { get }
    init()
    func check(_ model: ProjectModel) -> [Finding]
    /// This rule as a page rule, or nil: what `as? any PageRule.Type` answers, without the
    /// cast. A cast that fails searches every protocol conformance of the process, and the
    /// linter asked it of each of some 160 rules on every run, most of them failing: 12 ms
    /// of a 70 ms lint of a fresh scaffold.
    static var asPageRule: (any PageRule.Type)? { get }
    /// This rule as a rule that reports the smoke run's findings, or nil (see `asPageRule`).
    static var asRunRule: (any RunRule.Type)? { get }
}

extension Rule {
    public static var asPageRule: (any PageRule.Type)? { nil }
    public static var asRunRule: (any RunRule.Type)? { nil }
}

/// What a rule reports; the linter adds the rule's id and its configured severity.
public struct Finding: Sendable, Hashable, Codable {
    public var message: String
    public var span: SourceSpan?
    public var notes: [DiagnosticNote]
    public var fixIt: FixIt?
    /// The severity this finding has by default when it differs from the rule's, as when a
    /// runtime makes the problem milder (a W3C requirement SkipMiniApp does not enforce).
    /// A severity the configuration sets still wins.
    public var defaultSeverity: Severity?

    public init(
        _ message: String, at span: SourceSpan?, notes: [DiagnosticNote] = [], fixIt: FixIt? = nil, defaultSeverity: Severity? = nil
    ) {
        self.defaultSeverity = defaultSeverity
        self.message = message
        self.span = span
        self.notes = notes
        self.fixIt = fixIt
    }
}

public enum RuleDomain: String, Sendable, CaseIterable {
    case project
    case json
    case manifest
    case template
    case script
    case i18n
    case icon
    case package
    case config
    /// Found by running the app (`lint`'s smoke run), not by reading its files.
    case run
    /// Web bundles for hosts built on Rakuten's MiniApp SDK (`runtime: rakuten`).
    case rakuten

    public var title: String {
        switch self {
        case .project: "Project"
        case .json: "JSON files"
        case .manifest: "Manifest"
        case .template: "Page templates (view layer)"
        case .script: "Page and app scripts (logic layer)"
        case .i18n: "Translations (i18n)"
        case .icon: "Icons (SVG)"
        case .package: "Packing"
        case .config: "Configuration (.mactl.yml)"
        case .run: "Running the app (the smoke run)"
        case .rakuten: "Rakuten MiniApp SDK bundles"
        }
    }
}

public struct RuleDescription: Sendable {
    public var id: String
    public var domain: RuleDomain
    public var defaultSeverity: Severity
    public var summary: String
    public var rationale: String
    public var triggeringExamples: [RuleExample]
    public var nonTriggeringExamples: [RuleExample]
    /// The runtime facts (`RuntimeFact.id`) the rule relies on: a rule that depends on what
    /// a runtime does says so, and `docs/rules.md` links the facts.
    public var runtimeFacts: [String]
    /// Files that must parse for the rule to run (`RulePrerequisite`).
    public var prerequisites: [RulePrerequisite]
    /// The kinds of app the rule checks: a MiniApp's rules mean nothing to a web bundle, which
    /// has no pages, and the other way round. JSON and configuration rules check both.
    public var appKinds: Set<AppKind>

    public init(
        id: String, domain: RuleDomain, severity: Severity, summary: String, rationale: String,
        runtimeFacts: [String] = [], prerequisites: [RulePrerequisite] = [], appKinds: Set<AppKind>? = nil,
        triggering: [RuleExample], nonTriggering: [RuleExample]
    ) {
        self.appKinds = appKinds ?? Self.appKinds(of: domain)
        self.runtimeFacts = runtimeFacts
        self.prerequisites = prerequisites
        self.id = id
        self.domain = domain
        self.defaultSeverity = severity
        self.summary = summary
        self.rationale = rationale
        self.triggeringExamples = triggering
        self.nonTriggeringExamples = nonTriggering
    }

    /// The kinds of app a domain's rules check unless a rule says otherwise.
    static func appKinds(of domain: RuleDomain) -> Set<AppKind> {
        switch domain {
        case .json, .config: [.miniApp, .webBundle]
        case .rakuten: [.webBundle]
        default: [.miniApp]
        }
    }
}
