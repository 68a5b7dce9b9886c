/// What `pack` needs of a project's model besides its files: which files ship, what the
/// report says of the app, and which icons are tab icons. It is stored with the lint in the
/// lint cache, so a pack whose inputs did not change builds no model at all.
public struct PackFacts: Sendable, Codable {
    public var bundle: BundlePlan
    public var appID: String?
    public var name: String?
    public var versionName: String?
    public var versionCode: Int?
    /// The tab icons whose iOS reading the report shows; empty under a runtime that does not
    /// read tab icons as filled paths.
    public var tabIconPaths: [String]
    /// `ma` for a MiniApp package, `zip` for a web bundle (the SDK unzips only a `.zip`).
    public var packageExtension: String

    public init(_ model: ProjectModel) {
        bundle = model.bundle
        packageExtension = model.runtime.appKind == .webBundle ? "zip" : "ma"
        let manifest = model.manifest
        appID = manifest?["app_id"]?.stringValue
        name = manifest?["name"]?.stringValue
        versionName = manifest?["version"]?["name"]?.stringValue
        versionCode = manifest?["version"]?["code"]?.integerValue
        tabIconPaths = model.runtime.has(.tabIconsReadAsFilledPaths) ? model.icons.filter(\.isTabIcon).map(\.path) : []
    }
}

/// What `pack` packs: the project's files and configuration, the lint's findings, and either
/// the lint's model (a lint just ran) or the facts the lint cache kept (nothing changed).
public struct PackInput: Sendable {
    public var project: Project
    public var configuration: Configuration
    public var diagnostics: [Diagnostic]
    public var localeCoverage: [LocaleCoverage]
    public var facts: PackFacts
    /// The lint's model when a lint ran: its parses spare pack a second one.
    public var model: ProjectModel?

    public init(lint: LintResult) {
        self.init(model: lint.model, diagnostics: lint.diagnostics)
    }

    init(model: ProjectModel, diagnostics: [Diagnostic] = []) {
        project = model.project
        configuration = model.configuration
        self.diagnostics = diagnostics
        localeCoverage = model.localeCoverage
        facts = PackFacts(model)
        self.model = model
    }

    /// The SHA-256 of files the pack did not read, as the lint cache recorded them from their
    /// `stat` (`LintCache.quickLookup`): the bundle takes their entries from the pack cache.
    public var knownDigests: [String: String] = [:]

    public init(
        project: Project, configuration: Configuration, diagnostics: [Diagnostic], localeCoverage: [LocaleCoverage], facts: PackFacts
    ) {
        self.project = project
        self.configuration = configuration
        self.diagnostics = diagnostics
        self.localeCoverage = localeCoverage
        self.facts = facts
        model = nil
    }
}
