/// The settings of `.mactl.yml`, and what was wrong with the file.
///
/// ```yaml
/// rules:
///   manifest-unknown-member: error
///   manifest-app-id-format: off
/// ```
public struct Configuration: Sendable {
    /// Rule id → severity; `nil` turns the rule off.
    public var severities: [String: Severity?]
    /// `i18n.keep_unused_keys`: keys the unused-key rule leaves alone.
    public var keepUnusedKeys: KeepUnusedKeys = .none
    /// `include:` globs of files `pack` ships although nothing references them.
    public var includePatterns: [String] = []
    /// `exclude:` globs of files `pack` never ships, even when referenced.
    public var excludePatterns: [String] = []
    /// `i18n.default_locale`: the language to treat as the default instead of the manifest's `lang`.
    public var defaultLocale: String?
    /// `overrides:`: rule severities for some paths only, later entries winning.
    public var overrides: [PathOverride] = []
    /// `runtime:`: the runtime the project is checked against (`skip`, `w3c`).
    public var runtime: RuntimeProfile = .default
    /// `budgets:` limits in bytes, and whether going over is an error.
    public var budgets = Budgets()
    /// `screenshots: queries:`: the query `pack --screenshots` opens a page with, by route.
    public var screenshotQueries: [ScreenshotQuery] = []
    /// The file the settings came from, for positions in its diagnostics.
    public var file: SourceFile?
    public var issues: [ConfigurationIssue]

    public init(severities: [String: Severity?] = [:], file: SourceFile? = nil, issues: [ConfigurationIssue] = []) {
        self.severities = severities
        self.file = file
        self.issues = issues
    }

    public static let `default` = Configuration()

    /// The severity a rule runs at: the configured one, else its default; `nil` when off.
    public func severity(for description: RuleDescription) -> Severity? {
        if let configured = severities[description.id] { return configured }
        return description.defaultSeverity
    }
}

/// Rule severities that apply to files matching some globs: the only way to silence a rule in
/// a file that cannot carry an inline comment (JSON).
public struct PathOverride: Sendable, Equatable {
    public var paths: [String]
    public var severities: [String: Severity?]

    public func matches(_ path: String) -> Bool { paths.contains { Glob.matches($0, path) } }
}

/// Size limits for `pack`. The defaults are the common MiniApp platform limits (WeChat and
/// Quick App: 2 MB a package; WeChat's code quality check: 200 KB an image).
public struct Budgets: Sendable, Equatable {
    public var packageBytes = 2 * 1024 * 1024
    public var imageBytes = 200 * 1024
}

/// Which translation keys to keep although nothing uses them.
public enum KeepUnusedKeys: Sendable, Equatable {
    case none
    case all
    /// Exact keys, or prefixes ending in `*` (`errors.*`).
    case patterns([String])

    public func keeps(_ key: String) -> Bool {
        switch self {
        case .none: false
        case .all: true
        case .patterns(let patterns):
            patterns.contains { pattern in
                pattern.hasSuffix("*") ? key.hasPrefix(String(pattern.dropLast())) : key == pattern
            }
        }
    }
}

/// One page's query for the screenshots, with where the route is written, so a route that is
/// no page of the app is reported there.
public struct ScreenshotQuery: Sendable, Equatable {
    public var route: String
    public var query: String
    public var span: SourceSpan

    public init(route: String, query: String, span: SourceSpan) {
        self.route = route
        self.query = query
        self.span = span
    }
}

public struct ConfigurationIssue: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        case syntax
        case unknownKey
        case unknownRule
        case invalidValue
    }

    public var kind: Kind
    public var message: String
    public var span: SourceSpan
    public var fixIt: FixIt?

    public init(kind: Kind, message: String, span: SourceSpan, fixIt: FixIt? = nil) {
        self.kind = kind
        self.message = message
        self.span = span
        self.fixIt = fixIt
    }
}
