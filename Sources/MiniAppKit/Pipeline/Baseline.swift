/// Known findings to leave alone when adopting mactl on an existing app, as SwiftLint's
/// baseline does: `mactl lint --write-baseline FILE` records today's diagnostics, and
/// `--baseline FILE` then reports only the new ones. A finding is known by its rule, file and
/// message, not its line, so editing code above it does not make it new.
public struct Baseline: Sendable, Equatable {
    public struct Entry: Sendable, Hashable, Comparable {
        public var id: String
        public var path: String
        public var message: String

        public static func < (lhs: Entry, rhs: Entry) -> Bool { (lhs.path, lhs.id, lhs.message) < (rhs.path, rhs.id, rhs.message) }
    }

    public var entries: [Entry]

    public init(diagnostics: [Diagnostic]) {
        entries = diagnostics.map { Entry(id: $0.id, path: $0.span?.path ?? "", message: $0.message) }.sorted()
    }

    init(entries: [Entry]) {
        self.entries = entries
    }

    /// The diagnostics the baseline does not account for; each entry accounts for one.
    public func newDiagnostics(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        var remaining: [Entry: Int] = [:]
        for entry in entries { remaining[entry, default: 0] += 1 }
        return diagnostics.filter { diagnostic in
            let entry = Entry(id: diagnostic.id, path: diagnostic.span?.path ?? "", message: diagnostic.message)
            guard let count = remaining[entry], count > 0 else { return true }
            remaining[entry] = count - 1
            return false
        }
    }

    /// The file's JSON: stable, sorted, one entry per finding.
    public var json: String {
        JSONOutput.object([
            ("version", .integer(1)),
            (
                "diagnostics",
                .array(entries.map { .object([("id", .string($0.id)), ("file", .string($0.path)), ("message", .string($0.message))]) })
            ),
        ]).pretty() + "\n"
    }

    /// Reads a baseline file; `nil` with a reason when it is not one.
    public static func parse(_ file: SourceFile) -> Result<Baseline, BaselineError> {
        let document = JSONParser.parse(file)
        guard document.issues.isEmpty, let root = document.root, root["version"]?.integerValue == 1,
            let items = root["diagnostics"]?.elements
        else {
            return .failure(BaselineError(message: "'\(file.path)' is not a mactl baseline (written by 'mactl lint --write-baseline')"))
        }
        var entries: [Entry] = []
        for item in items {
            guard let id = item["id"]?.stringValue, let path = item["file"]?.stringValue, let message = item["message"]?.stringValue else {
                return .failure(BaselineError(message: "'\(file.path)' has an entry without 'id', 'file' and 'message'"))
            }
            entries.append(Entry(id: id, path: path, message: message))
        }
        return .success(Baseline(entries: entries))
    }
}

public struct BaselineError: Error, Sendable {
    public var message: String
}
