import Foundation
import Testing
@testable import MiniAppKit

/// The lint cache's key: the same inputs give the same key, and a change of any one input
/// (a file's bytes, a file added or removed, a path, what the walk met, the configuration,
/// the runtime, the mactl build) gives another.
struct LintCacheKeyTests {
    static let files = ["manifest.json": "{}\n", "app.js": "App({});\n", "pages/a/a.html": "<p>a</p>\n"]

    static func key(
        files: [String: String] = files, issues: [ProjectLoadIssue] = [], configuration: String? = nil,
        runtime: RuntimeProfile = .skip, tool: String = "0.1.0 build 1"
    ) -> String {
        var project = Project(contents: files)
        project.loadIssues = issues
        var settings =
            configuration.map { ConfigurationParser.parse(SourceFile(path: ".mactl.yml", text: $0), knownRuleIDs: RuleRegistry.allIDs) }
            ?? .default
        settings.runtime = runtime
        return LintCache.key(project: project, configuration: settings, tool: tool)
    }

    @Test func theSameInputsGiveTheSameKey() {
        #expect(Self.key() == Self.key())
        #expect(Self.key().count == 64)
        // Order of insertion does not matter: files are keyed in path order.
        #expect(Self.key(files: Dictionary(uniqueKeysWithValues: Self.files.reversed())) == Self.key())
    }

    @Test func eachInputChangesTheKey() {
        var changedBytes = Self.files
        changedBytes["app.js"] = "App({ });\n"
        var added = Self.files
        added["pages/a/a.css"] = ""
        var removed = Self.files
        removed["pages/a/a.html"] = nil
        var renamed = Self.files
        renamed["pages/a/b.html"] = renamed.removeValue(forKey: "pages/a/a.html")
        let keys = [
            Self.key(),
            Self.key(files: changedBytes),
            Self.key(files: added),
            Self.key(files: removed),
            Self.key(files: renamed),
            Self.key(issues: [ProjectLoadIssue(path: "i18n/fr.json", kind: .symlinkOutsideRoot(target: "/etc/passwd"))]),
            Self.key(configuration: "rules:\n  template-unknown-handler: warning\n"),
            Self.key(runtime: .w3c),
            Self.key(tool: "0.1.0 build 2"),
        ]
        #expect(Set(keys).count == keys.count)
    }

    /// A path and its bytes cannot run into the next file's: `ab` + `c` is not `a` + `bc`.
    @Test func pathsAndBytesAreSeparated() {
        #expect(Self.key(files: ["ab": "c"]) != Self.key(files: ["a": "bc"]))
    }
}
