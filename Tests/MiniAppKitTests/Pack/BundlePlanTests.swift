import Testing
@testable import MiniAppKit

struct BundlePlanTests {
    private func plan(_ extra: [String: String], configuration: String? = nil) -> BundlePlan {
        var files = MinimalApp.files
        files.merge(extra) { $1 }
        let config =
            configuration.map { ConfigurationParser.parse(SourceFile(path: ".mactl.yml", text: $0), knownRuleIDs: RuleRegistry.allIDs) }
            ?? .default
        return BundlePlanner.plan(ProjectModel(project: Project(contents: files), configuration: config))
    }

    @Test func shipsWhatTheRuntimeLoadsAndReferencesAndNothingElse() {
        let result = plan([
            "pages/index/index.html":
                "<body x-data=\"page\"><img src=\"../../assets/logo.png\"><link rel=\"stylesheet\" href=\"index.css\"></body>",
            "pages/index/index.css": "h1 { background: url('../../assets/bg.svg'); } /* url(../../assets/commented.png) */",
            "assets/logo.png": "png", "assets/bg.svg": "<svg/>", "assets/commented.png": "x", "assets/unused.png": "x",
            "common/util.js": "export {}", "pages/old/old.html": "<body></body>", "README.md": "# app", "i18n/en.json": "{}",
        ])
        #expect(
            result.shipped.map { "\($0.path) \($0.reason)" } == [
                "app.css app", "app.js app", "assets/bg.svg asset", "assets/logo.png asset", "common/util.js common",
                "i18n/en.json locale", "icons/app.svg icon", "manifest.json manifest", "pages/index/index.css page",
                "pages/index/index.html page", "pages/index/index.js page",
            ])
        #expect(
            result.leftOut.map { "\($0.path): \($0.reason)" } == [
                "README.md: not part of the app: not in the manifest, not referenced, not in 'common/'",
                "assets/commented.png: an asset nothing references",
                "assets/unused.png: an asset nothing references",
                "pages/old/old.html: a page that is not in the manifest",
            ])
    }

    @Test func includeGlobsShipMoreFiles() {
        let result = plan(
            ["assets/fonts/a.woff2": "x", "assets/fonts/sub/b.woff2": "x", "assets/x.txt": "x"],
            configuration: "include:\n  - assets/fonts/**\n")
        #expect(result.shipped.filter { $0.reason == "include" }.map(\.path) == ["assets/fonts/a.woff2", "assets/fonts/sub/b.woff2"])
    }

    @Test(arguments: [
        ("assets/*.png", "assets/a.png", true), ("assets/*.png", "assets/sub/a.png", false), ("assets/**", "assets/sub/a.png", true),
        ("**/*.json", "i18n/en.json", true), ("a?c", "abc", true), ("a?c", "ac", false), ("**", "x", true),
    ])
    func globsMatchLikeShells(pattern: String, path: String, expected: Bool) {
        #expect(Glob.matches(pattern, path) == expected)
    }

    @Test func referencesResolveRelativeToTheirFile() {
        #expect(AssetReferences.resolve("../../assets/a b.png", from: "pages/x/x.html") == "assets/a b.png")
        #expect(AssetReferences.resolve("img%20one.png?v=2#top", from: "pages/x/x.html") == "pages/x/img one.png")
        #expect(AssetReferences.resolve("/assets/a.png", from: "pages/x/x.html") == "assets/a.png")
        #expect(AssetReferences.resolve("../../../outside.png", from: "pages/x/x.html") == nil)
        #expect(AssetReferences.resolve("https://cdn.example.com/a.png", from: "a.css") == nil)
        #expect(AssetReferences.resolve("data:image/png;base64,xx", from: "a.css") == nil)
        #expect(AssetReferences.resolve("#icon", from: "a.css") == nil)
    }

    @Test func budgetsAreReadWithUnits() {
        let configuration = ConfigurationParser.parse(
            SourceFile(path: ".mactl.yml", text: "budgets:\n  package: 1.5MB\n  image: 100KB\n  video: 1MB\n"),
            knownRuleIDs: RuleRegistry.allIDs)
        #expect(configuration.budgets == Budgets(packageBytes: 1_572_864, imageBytes: 102_400))
        #expect(configuration.issues.map(\.message) == ["unknown budget 'video'"])
        #expect(ConfigurationParser.byteCount("2 MB") == 2_097_152)
        #expect(ConfigurationParser.byteCount("-1") == nil)
        // Sizes no Int holds are refused, not trapped on.
        #expect(ConfigurationParser.byteCount("2e99 MB") == nil)
        #expect(ConfigurationParser.byteCount("inf KB") == nil)
        #expect(ConfigurationParser.byteCount("nan B") == nil)
        #expect(ConfigurationParser.byteCount("8796093022208 MB") == nil)  // 2^63 bytes
    }
}
