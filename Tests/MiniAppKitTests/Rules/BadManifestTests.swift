import Testing
@testable import MiniAppKit

/// The bad manifests the foundation issue lists, each with its exact diagnostics and no
/// cascade of follow-on errors.
struct BadManifestTests {
    private func diagnostics(manifestBytes: [UInt8]) -> [DiagnosticSummary] {
        var files = MinimalApp.files.map { SourceFile(path: $0.key, text: $0.value) }
        files.removeAll { $0.path == "manifest.json" }
        files.append(SourceFile(path: "manifest.json", bytes: manifestBytes))
        return Linter.lint(Project(files: files)).diagnostics.map(DiagnosticSummary.init)
    }

    @Test func invalidUTF8IsReportedOnceAndTheRestIsChecked() {
        let text = Array(MinimalApp.manifest.utf8)
        let nameStart = text.firstRange(of: Array("\"Demo\"".utf8))!.lowerBound + 2
        var bytes = text
        bytes[nameStart] = 0xE9  // 'e' as Latin-1 'é'
        #expect(
            diagnostics(manifestBytes: bytes) == [
                DiagnosticSummary(
                    path: "manifest.json", line: 3, column: 13, id: "json-invalid-utf8",
                    message: "invalid UTF-8 byte 0xE9; JSON text must be UTF-8")
            ])
    }

    @Test func deepNestingStopsWithOneDiagnostic() {
        let depth = 100_000
        let bytes = Array(("{\"a\":" + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "}").utf8)
        #expect(
            diagnostics(manifestBytes: bytes) == [
                DiagnosticSummary(
                    path: "manifest.json", line: 1, column: 133, id: "json-too-deep", message: "nesting is deeper than 128 levels")
            ])
    }

    @Test func aByteOrderMarkIsAnErrorButTheManifestIsStillChecked() {
        let bytes = [0xEF, 0xBB, 0xBF] + Array(MinimalApp.manifest.replacingOccurrences(of: "\"code\": 1", with: "\"code\": \"1\"").utf8)
        #expect(diagnostics(manifestBytes: bytes).map(\.id) == ["json-byte-order-mark", "manifest-not-decodable"])
    }

    @Test func aManifestThatIsNotAnObjectGetsOneDiagnostic() {
        #expect(
            diagnostics(manifestBytes: Array("\"hello\"".utf8)) == [
                DiagnosticSummary(
                    path: "manifest.json", line: 1, column: 1, id: "manifest-not-object",
                    message: "the manifest must be a JSON object, found string 'hello'")
            ])
    }

    @Test func anUnreadableManifestIsNotAlsoReportedMissing() {
        var files = MinimalApp.files
        files["manifest.json"] = nil
        let project = Project(
            files: files.map { SourceFile(path: $0.key, text: $0.value) },
            loadIssues: [ProjectLoadIssue(path: "manifest.json", kind: .unreadable(reason: "permission denied"))])
        #expect(
            Linter.lint(project).diagnostics.map(DiagnosticSummary.init) == [
                DiagnosticSummary(
                    path: "manifest.json", line: 0, column: 0, id: "project-unreadable-file",
                    message: "'manifest.json' cannot be read: permission denied")
            ])
    }

    @Test func wrongTypesCarryTheDecoderNoteForStringCodes() throws {
        let manifest = MinimalApp.manifest.replacingOccurrences(of: "\"min_code\": 1", with: "\"min_code\": \"2\"")
        let diagnostic = try #require(
            Linter.lint(Project(contents: MinimalApp.files.merging(["manifest.json": manifest]) { $1 })).diagnostics.first)
        #expect(
            diagnostic.message
                == "'platform_version.min_code' must be an integer, found string '2': SkipMiniApp cannot decode the manifest and the whole app fails to load (\"Error loading MiniApp\")"
        )
        #expect(diagnostic.fixIt?.replacement == "2")
        #expect(
            diagnostic.notes.map(\.message) == [
                "SkipMiniApp's manifest decoder rejects a string here, although the W3C spec's example writes one"
            ])
    }

    @Test func aFolderRouteGetsADidYouMeanAndAFixIt() throws {
        let manifest = MinimalApp.manifest.replacingOccurrences(of: "\"pages/index/index\"", with: "\"pages/index\"")
        let diagnostic = try #require(
            Linter.lint(Project(contents: MinimalApp.files.merging(["manifest.json": manifest]) { $1 })).diagnostics.first)
        #expect(diagnostic.message == "page 'pages/index' has no template 'pages/index.html'")
        #expect(
            diagnostic.notes.map(\.message) == ["did you mean 'pages/index/index'? a page route names the page's files, not its folder"])
        #expect(diagnostic.fixIt?.replacement == "\"pages/index/index\"")
    }

    @Test func aCaseMismatchSaysNamesAreCaseSensitive() throws {
        let manifest = MinimalApp.manifest.replacingOccurrences(of: "\"pages/index/index\"", with: "\"pages/Index/index\"")
        let diagnostic = try #require(
            Linter.lint(Project(contents: MinimalApp.files.merging(["manifest.json": manifest]) { $1 })).diagnostics.first)
        #expect(diagnostic.notes.map(\.message) == ["'pages/index/index.html' exists, but file names in a package are case-sensitive"])
        #expect(diagnostic.notes.first?.span?.path == "pages/index/index.html")
    }

    @Test func unknownMembersAreCheckedInNestedObjectsToo() {
        let manifest = MinimalApp.manifest.replacingOccurrences(of: "\"code\": 1,", with: "\"code\": 1, \"nmae\": \"x\",")
        #expect(lintManifest(manifest).map(\.message) == ["unknown member 'version.nmae'; did you mean 'name'?"])
    }

    @Test func tooManyTabsAreReported() {
        let tabs = (0..<6).map { "{ \"page\": \"pages/p\($0)/p\($0)\", \"text\": \"P\($0)\", \"icon\": \"icons/app.svg\" }" }.joined(
            separator: ",")
        let pages = (0..<6).map { "\"pages/p\($0)/p\($0)\"" }.joined(separator: ",")
        let manifest = MinimalApp.manifest.replacingOccurrences(
            of: "\"pages\": [\"pages/index/index\"]",
            with: "\"pages\": [\"pages/index/index\", \(pages)], \"tab_bar\": { \"tabs\": [\(tabs)] }")
        var files: [String: String] = [:]
        for index in 0..<6 {
            files["pages/p\(index)/p\(index).html"] = "<link rel=\"stylesheet\" href=\"../../app.css\"><body x-data=\"page\"></body>"
        }
        #expect(
            lintManifest(manifest, extraFiles: files).map(\.message) == [
                "'tab_bar.tabs' has 6 tabs; a tab bar needs 2 to 5, and more do not fit on a phone's tab bar",
                "on Android, SkipMiniApp cannot decode SVG: the 6 SVG tab icons show a question-mark placeholder",
            ])
    }
}
