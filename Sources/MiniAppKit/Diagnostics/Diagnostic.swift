/// One finding, as a value. Messages are lowercase, have no trailing period and quote
/// names in single quotes: `unknown member 'navigation_bar_titel_text'`.
public struct Diagnostic: Sendable, Hashable, Codable {
    public var id: String
    public var severity: Severity
    public var message: String
    /// Where the problem is; `nil` for problems with no file (a missing project file has its
    /// would-be path with no position instead).
    public var span: SourceSpan?
    public var notes: [DiagnosticNote]
    public var fixIt: FixIt?

    public init(
        id: String, severity: Severity, message: String, span: SourceSpan?,
        notes: [DiagnosticNote] = [], fixIt: FixIt? = nil
    ) {
        self.id = id
        self.severity = severity
        self.message = message
        self.span = span
        self.notes = notes
        self.fixIt = fixIt
    }
}

/// A secondary message that points at something related ("first defined here").
public struct DiagnosticNote: Sendable, Hashable, Codable {
    public var message: String
    public var span: SourceSpan?

    public init(message: String, span: SourceSpan? = nil) {
        self.message = message
        self.span = span
    }
}

/// A suggested edit: replace the text of `span` with `replacement`.
public struct FixIt: Sendable, Hashable, Codable {
    public var message: String
    public var span: SourceSpan
    public var replacement: String

    public init(message: String, span: SourceSpan, replacement: String) {
        self.message = message
        self.span = span
        self.replacement = replacement
    }
}

/// A project-relative path as shown from the current folder.
public enum DisplayPath {
    /// `prefix` (the project folder as shown, with a trailing '/') put before `path`: an
    /// absolute path (a configuration given with `--config`) stays as it is, and a path that
    /// leaves the project (`../.mactl.yml`) climbs out of the prefix instead of through it
    /// (`app/../.mactl.yml` is `.mactl.yml`).
    public static func joined(_ prefix: String, _ path: String) -> String {
        guard !prefix.isEmpty, !path.hasPrefix("/") else { return path }
        var components = prefix.split(separator: "/", omittingEmptySubsequences: false).dropLast().map(String.init)
        let absolute = prefix.hasPrefix("/")
        for component in path.split(separator: "/", omittingEmptySubsequences: false).map(String.init) {
            if component == "..", let last = components.last, last != "..", !(absolute && components.count == 1) {
                components.removeLast()
            } else if component != "." {
                components.append(component)
            }
        }
        let joined = components.joined(separator: "/")
        return joined.isEmpty ? "." : joined
    }
}

extension SourceSpan {
    /// The same place, its path shown from the current folder (`DisplayPath.joined`).
    func rebased(onto prefix: String) -> SourceSpan {
        prefix.isEmpty ? self : SourceSpan(path: DisplayPath.joined(prefix, path), start: start, end: end)
    }
}

extension Diagnostic {
    /// The diagnostic with `prefix` in front of every path it names: its own, its notes' and
    /// its fix-it's.
    public func rebased(onto prefix: String) -> Diagnostic {
        guard !prefix.isEmpty else { return self }
        var rebased = self
        rebased.span = span?.rebased(onto: prefix)
        rebased.notes = notes.map { DiagnosticNote(message: $0.message, span: $0.span?.rebased(onto: prefix)) }
        if let fixIt {
            rebased.fixIt = FixIt(message: fixIt.message, span: fixIt.span.rebased(onto: prefix), replacement: fixIt.replacement)
        }
        return rebased
    }

    /// The order every renderer uses: file, line, column, id, then message so that equal
    /// positions still sort the same way on every run. Diagnostics without a file come first.
    public static func deterministicOrder(_ lhs: Diagnostic, _ rhs: Diagnostic) -> Bool {
        let lhsKey = (lhs.span?.path ?? "", lhs.span?.start.line ?? 0, lhs.span?.start.column ?? 0)
        let rhsKey = (rhs.span?.path ?? "", rhs.span?.start.line ?? 0, rhs.span?.start.column ?? 0)
        if lhsKey != rhsKey { return lhsKey < rhsKey }
        if lhs.id != rhs.id { return lhs.id < rhs.id }
        return lhs.message < rhs.message
    }
}

extension Array where Element == Diagnostic {
    public func sortedDeterministically() -> [Diagnostic] { sorted(by: Diagnostic.deterministicOrder) }

    public var errorCount: Int { count { $0.severity == .error } }
    public var warningCount: Int { count { $0.severity == .warning } }
    public var noteCount: Int { count { $0.severity == .note } }
}
