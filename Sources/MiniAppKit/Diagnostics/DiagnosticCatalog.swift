/// Every diagnostic id mactl reports, whichever command reports it: the rules (`RuleRegistry`),
/// `verify`'s checks (`VerifyDiagnostic`) and `catalog verify`'s (`CatalogDiagnostic`). What
/// names an id (`mactl explain`, SARIF's rule table, the docs' tests) reads it here, so an
/// id is documented, explained and described in one place whatever its kind.
public enum DiagnosticCatalog {
    /// The rules in registry order, then `verify`'s checks in the order they run, then
    /// `catalog verify`'s.
    public static let all: [DiagnosticEntry] =
        RuleRegistry.descriptions.map(DiagnosticEntry.init(rule:)) + VerifyDiagnostic.all + CatalogDiagnostic.all

    private static let byID: [String: DiagnosticEntry] = Dictionary(all.map { ($0.id, $0) }) { first, _ in first }

    public static var allIDs: [String] { all.map(\.id) }

    public static func entry(for id: String) -> DiagnosticEntry? { byID[id] }
}
