import Foundation

/// `lint --fix`: applies the fix-its of the diagnostics a lint reports to the files on disk,
/// then lints again, because one fix can reveal or leave a finding another fix-it addresses (an
/// icon rule offers the fix of its first cause only; two fix-its at one place wait their turn).
/// It stops when a pass changes nothing, or after `passLimit` passes, as eslint does, so fix-its
/// that undo each other cannot loop forever.
///
/// Each file is replaced whole or not at all (a temporary file beside it, renamed over it), with
/// its permissions, and only if its bytes are still those the lint read.
public struct LintFixer {
    public static let passLimit = 10

    /// One file's fix-its in one pass.
    public struct FileFix: Sendable {
        /// As the diagnostics name it.
        public var path: String
        /// 1 for the first pass.
        public var pass: Int
        /// The edits made to the file, or that would have been made when `notWritten` is set.
        public var applied: [FixItApplier.Applied]
        public var skipped: [FixItApplier.Skipped]
        /// Why the file was left as it was although it had fix-its to apply.
        public var notWritten: NotWritten?
    }

    public enum NotWritten: Sendable, Hashable {
        /// Its bytes on disk are not those the lint read: someone else is editing it.
        case changedSinceRead
        /// The lint read no such file (a diagnostic's fix-it names a file outside it).
        case notRead
        /// Reading or replacing it failed, for this reason ("Permission denied").
        case cannotWrite(reason: String)
    }

    public struct Report: Sendable {
        /// By pass, then path, each file once per pass in which it had fix-its.
        public var fixes: [FileFix]
        /// The last lint, after the last fixes, with all its diagnostics (not only the reported ones).
        public var result: LintResult
        /// Whether fix-its were still there to apply after the last pass allowed.
        public var reachedPassLimit: Bool

        /// The edits made on disk.
        public var appliedCount: Int { fixes.filter { $0.notWritten == nil }.reduce(0) { $0 + $1.applied.count } }

        /// The files changed on disk, sorted.
        public var changedPaths: [String] {
            Set(fixes.filter { $0.notWritten == nil && !$0.applied.isEmpty }.map(\.path)).sorted()
        }
    }

    /// Lints the project (its configuration and suppressions applied).
    var lint: () throws -> LintResult
    /// The diagnostics of a lint the command reports, whose fix-its are applied: all of them,
    /// or those a baseline does not list.
    var reported: (LintResult) -> [Diagnostic]
    /// Where the file a diagnostic names is on disk.
    var fileURL: (String) -> URL

    public init(
        lint: @escaping () throws -> LintResult, reported: @escaping (LintResult) -> [Diagnostic] = { $0.diagnostics },
        fileURL: @escaping (String) -> URL
    ) {
        self.lint = lint
        self.reported = reported
        self.fileURL = fileURL
    }

    public func run() throws -> Report {
        var result = try lint()
        var fixes: [FileFix] = []
        // A file that changed under us or could not be written is left alone from then on:
        // trying it again each pass would only repeat the same complaint.
        var leftAlone = Set<String>()
        for pass in 1...Self.passLimit {
            var changed = false
            for (path, diagnostics) in Self.fixable(reported(result), excluding: leftAlone) {
                guard let read = result.sourceFiles[path] else {
                    let unapplied = diagnostics.map { FixItApplier.Applied(fixIt: $0.fixIt!, diagnostics: [$0]) }
                    fixes.append(FileFix(path: path, pass: pass, applied: unapplied, skipped: [], notWritten: .notRead))
                    leftAlone.insert(path)
                    continue
                }
                let outcome = FixItApplier.apply(diagnostics, to: read.bytes)
                var fix = FileFix(path: path, pass: pass, applied: outcome.applied, skipped: outcome.skipped)
                if !outcome.applied.isEmpty {
                    fix.notWritten = replace(fileURL(path), expecting: read.bytes, with: outcome.bytes)
                    if fix.notWritten == nil { changed = true } else { leftAlone.insert(path) }
                }
                fixes.append(fix)
            }
            guard changed else { return Report(fixes: fixes, result: result, reachedPassLimit: false) }
            result = try lint()
        }
        let pending = Self.fixable(reported(result), excluding: leftAlone).contains { path, diagnostics in
            result.sourceFiles[path].map { !FixItApplier.apply(diagnostics, to: $0.bytes).applied.isEmpty } ?? false
        }
        return Report(fixes: fixes, result: result, reachedPassLimit: pending)
    }

    /// The diagnostics with a fix-it, by the file the fix-it edits, in path order.
    static func fixable(_ diagnostics: [Diagnostic], excluding excluded: Set<String>) -> [(path: String, diagnostics: [Diagnostic])] {
        let byPath = Dictionary(grouping: diagnostics.filter { $0.fixIt != nil }) { $0.fixIt!.span.path }
        return byPath.keys.sorted().filter { !excluded.contains($0) }.map { ($0, byPath[$0]!) }
    }

    /// Replaces the file at `url` with `bytes` if it still holds `expected`, keeping its
    /// permissions and owner; a symbolic link inside the project is followed, so the link stays
    /// a link. A read-only file is left alone, as an editor would: renaming over it would
    /// succeed, but its mode says not to change it. Returns why it did not, or nil.
    private func replace(_ url: URL, expecting expected: [UInt8], with bytes: [UInt8]) -> NotWritten? {
        let target = url.resolvingSymlinksInPath()
        guard let current = FileManager.default.contents(atPath: target.path) else {
            return FileManager.default.fileExists(atPath: target.path) ? .cannotWrite(reason: "it cannot be read") : .changedSinceRead
        }
        guard current.elementsEqual(expected) else { return .changedSinceRead }
        guard access(target.path, W_OK) == 0, let attributes = DurableFile.Attributes(of: target) else {
            return .cannotWrite(reason: FileProblem.reason(errno: errno, writing: true))
        }
        do throws(DurableFile.Failure) {
            try DurableFile.replace(target, with: bytes, attributes: attributes)
        } catch {
            return .cannotWrite(reason: error.reason)
        }
        return nil
    }
}
