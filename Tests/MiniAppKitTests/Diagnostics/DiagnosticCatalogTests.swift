import Foundation
import Testing
@testable import MiniAppKit

/// Every diagnostic id comes from `DiagnosticCatalog`: each once, whatever its kind, with its
/// documentation where the catalogue says it is.
struct DiagnosticCatalogTests {
    static let root = GeneratedFilesTests.packageRoot

    @Test func everyIDIsInTheCatalogueOnce() {
        let ids = DiagnosticCatalog.allIDs
        #expect(Set(ids).count == ids.count, "an id is in the catalogue twice")
        #expect(DiagnosticCatalog.all.filter { $0.kind == .rule }.map(\.id) == RuleRegistry.allIDs)
        #expect(DiagnosticCatalog.all.filter { $0.kind == .verify }.map(\.id) == VerifyDiagnostic.all.map(\.id))
        #expect(DiagnosticCatalog.all.filter { $0.kind == .catalog }.map(\.id) == CatalogDiagnostic.all.map(\.id))
        #expect(VerifyDiagnostic.all.count == 28)
        #expect(CatalogDiagnostic.all.count == 14)
        for entry in DiagnosticCatalog.all {
            #expect(DiagnosticCatalog.entry(for: entry.id)?.kind == entry.kind)
            #expect(entry.id.allSatisfy { $0.isLowercase || $0.isNumber || $0 == "-" }, "\(entry.id)")
        }
    }

    /// Each id is named by one constant, which the code reports: an id written as a string
    /// anywhere else in the library is one the catalogue could miss. Rules name their id in
    /// their description, which the catalogue reads.
    @Test func noVerifyOrCatalogIDIsWrittenOutsideTheCatalogue() throws {
        let folder = Self.root.appendingPathComponent("Sources")
        let enumerator = try #require(FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil))
        let catalogueFiles: Set<String> = ["VerifyDiagnostic.swift", "CatalogDiagnostic.swift"]
        let ids = Set(DiagnosticCatalog.all.filter { $0.kind != .rule }.map(\.id))
        let literal = try Regex(#""((?:archive|signature|catalog)-[a-z0-9-]+)""#)
        var written: [String] = []
        for case let url as URL in enumerator where url.pathExtension == "swift" && !catalogueFiles.contains(url.lastPathComponent) {
            let text = try String(contentsOf: url, encoding: .utf8)
            for match in text.matches(of: literal) {
                if let id = match.output[1].substring.map(String.init), ids.contains(id) {
                    written.append("\(url.lastPathComponent): \(id)")
                }
            }
        }
        #expect(written == [], "use the catalogue's constant (VerifyDiagnostic, CatalogDiagnostic)")
    }

    /// Each id's documentation exists: a rule's heading in `docs/rules.md`, a `verify` or
    /// `catalog verify` id's anchor in its row of `docs/verify.md` or `docs/catalog.md`; and
    /// those tables list no id the catalogue lacks.
    @Test func everyIDIsDocumentedWhereTheCatalogueSays() throws {
        for entry in DiagnosticCatalog.all {
            let parts = entry.documentation.split(separator: "#").map(String.init)
            try #require(parts.count == 2, "\(entry.id)")
            #expect(parts[1] == entry.id)
            let page = try String(contentsOf: Self.root.appendingPathComponent("docs/" + parts[0]), encoding: .utf8)
            let anchor = entry.kind == .rule ? "\n### \(entry.id)\n" : "<a id=\"\(entry.id)\"></a>`\(entry.id)`"
            #expect(page.contains(anchor), "docs/\(parts[0]) has no \(anchor)")
        }
        let anchor = try Regex(#"<a id="((?:archive|signature|catalog)-[a-z0-9-]+)"></a>"#)
        for page in ["verify.md", "catalog.md"] {
            let text = try String(contentsOf: Self.root.appendingPathComponent("docs/" + page), encoding: .utf8)
            let documented = text.matches(of: anchor).compactMap { $0.output[1].substring.map(String.init) }
            #expect(documented == DiagnosticCatalog.all.filter { $0.documentation.hasPrefix(page + "#") }.map(\.id), "\(page)")
        }
    }

    /// `docs/catalog.md`'s table gives each id's severity; the catalogue, which `catalog
    /// verify` reports with, says the same.
    @Test func catalogSeveritiesAreTheDocumentedOnes() throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent("docs/catalog.md"), encoding: .utf8)
        let row = try Regex(#"(?m)^\| (<a id=.*?) \| (error|warning|note) \|"#)
        let id = try Regex(#"<a id="([a-z0-9-]+)"></a>"#)
        var documented: [String: String] = [:]
        for match in text.matches(of: row) {
            let cell = String(match.output[1].substring ?? "")
            for found in cell.matches(of: id) {
                documented[String(found.output[1].substring ?? "")] = String(match.output[2].substring ?? "")
            }
        }
        #expect(documented.count == CatalogDiagnostic.all.count)
        for entry in CatalogDiagnostic.all {
            #expect(documented[entry.id] == entry.defaultSeverity?.rawValue, "\(entry.id)")
        }
    }
}
