import Foundation
import MactlGenerators
import MiniAppKit
import Testing
import MiniAppKitTestSupport

/// The rule registry, its per-rule tests, docs/rules.md and the embedded templates are
/// generated; a stale copy fails here.
struct GeneratedFilesTests {
    static let packageRoot = PackageRoot.url

    @Test func generatedFilesAreUpToDate() throws {
        for file in try GeneratedFiles.expected(packageRoot: Self.packageRoot) {
            let committed = try? String(contentsOf: Self.packageRoot.appendingPathComponent(file.path), encoding: .utf8)
            #expect(committed == file.contents, "'\(file.path)' is out of date; run 'swift run mactl-generate'")
        }
    }

    @Test func theRulesDocumentListsEveryRule() {
        let markdown = RulesDocument.markdown()
        for id in MiniAppKit.RuleRegistry.allIDs {
            #expect(markdown.contains("### \(id)\n"), "\(id)")
        }
    }
}
