import Foundation
import Testing
import MiniAppKitTestSupport

/// `mactl lint --fix` on copies of a scaffolded app with real fix-its: what it prints, the
/// exact bytes it writes, its exit status, and that running it again changes nothing.
struct LintFixCommandTests {
    /// A tab icon whose '.5.5' hangs the iOS app; the fix-it writes '.5 .5'.
    static let hangingIcon = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 24 24\"><path d=\"M2 2L22 2 22 22 .5.5z\"/></svg>\n"
    /// A tab icon that hangs the iOS app with no fix-it (numbers after Z).
    static let unfixableIcon = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 24 24\"><path d=\"M4 4H20V20z 4 4\"/></svg>\n"

    /// `mactl new app` in `folder`, and the scaffold's bytes of `paths`, before any edit.
    private func scaffold(in folder: URL, keeping paths: [String]) async throws -> (app: URL, pristine: [String: Data]) {
        let app = folder.appendingPathComponent("app")
        #expect(try await CLIRunner.run(["new", app.path]).status == 0)
        var pristine: [String: Data] = [:]
        for path in paths { pristine[path] = try Data(contentsOf: app.appendingPathComponent(path)) }
        return (app, pristine)
    }

    private func edit(_ app: URL, _ path: String, replacing old: String, with new: String) throws {
        let url = app.appendingPathComponent(path)
        let text = try String(contentsOf: url, encoding: .utf8)
        #expect(text.contains(old))
        try Data(text.replacingOccurrences(of: old, with: new).utf8).write(to: url)
    }

    private func write(_ text: String, to url: URL) throws {
        try Data(text.utf8).write(to: url)
    }

    /// Every file under `folder` with its bytes, to see that a run changed nothing.
    private func snapshot(_ folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = try #require(FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey]))
        for case let url as URL in enumerator where (try url.resourceValues(forKeys: [.isRegularFileKey])).isRegularFile == true {
            files[String(url.path.dropFirst(folder.path.count))] = try Data(contentsOf: url)
        }
        return files
    }

    /// The remaining diagnostics as `lint` prints them, after the fix-its of three files: the
    /// icon with no fix-it and the note every scaffold gets.
    static let remainingAfterTheFixes = """
        icons/explore.svg:1:82: error: the iOS app hangs drawing tab icon 'icons/explore.svg': its reader never moves past the number '4' after a close-path command (Z); remove the numbers after Z [icon-tab-hangs-on-ios]
        1 | <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M4 4H20V20z 4 4"/></svg>
          |                                                                                  ^
        manifest.json:28:64: note: on Android, SkipMiniApp cannot decode SVG: the 3 SVG tab icons show a question-mark placeholder [icon-tab-svg-on-android]
        28 |       { "page": "pages/home/home", "text": "tab.home", "icon": "icons/home.svg" },
           |                                                                ^~~~~~~~~~~~~~~~
        i18n coverage (default locale 'en', 14 keys):
          en  14 present, 0 missing, 0 extra
          fr  14 present, 0 missing, 0 extra
        1 error, 0 warnings and 1 note in 23 files

        """

    /// An icon, a template and a manifest fix-it are applied; what has no fix-it remains and
    /// fails the command; a second run changes nothing.
    @Test func theFixItsAreAppliedAndWhatRemainsIsReported() async throws {
        try await CLIRunner.withTemporaryFolder { folder in
            let (app, pristine) = try await scaffold(in: folder, keeping: ["manifest.json", "pages/home/home.html"])
            try write(Self.hangingIcon, to: app.appendingPathComponent("icons/home.svg"))
            try write(Self.unfixableIcon, to: app.appendingPathComponent("icons/explore.svg"))
            try edit(app, "pages/home/home.html", replacing: "<h1 x-text=", with: "<h1 x-txt=")
            try edit(app, "manifest.json", replacing: "\"orientation\": \"portrait\"", with: "\"orientation\": \"Portrait\"")

            let fixed = try await CLIRunner.run(["lint", "--fix"], in: app)
            #expect(fixed.status == 1)
            #expect(fixed.standardError == "")
            #expect(
                fixed.standardOutput == """
                    fixed icons/home.svg:1:86 icon-tab-hangs-on-ios: write the numbers out
                    fixed manifest.json:24:20 manifest-invalid-value: replace with 'portrait'
                    fixed pages/home/home.html:11:9 template-unknown-directive: replace with 'x-text'
                    applied 3 fix-its in 3 files; 2 findings remain

                    """ + Self.remainingAfterTheFixes)
            #expect(
                try String(contentsOf: app.appendingPathComponent("icons/home.svg"), encoding: .utf8)
                    == "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 24 24\"><path d=\"M2 2L22 2 22 22 .5 .5z\"/></svg>\n")
            #expect(try String(contentsOf: app.appendingPathComponent("icons/explore.svg"), encoding: .utf8) == Self.unfixableIcon)
            #expect(try Data(contentsOf: app.appendingPathComponent("manifest.json")) == pristine["manifest.json"])
            #expect(try Data(contentsOf: app.appendingPathComponent("pages/home/home.html")) == pristine["pages/home/home.html"])

            let before = try snapshot(folder)
            let again = try await CLIRunner.run(["lint", "--fix"], in: app)
            #expect(again.status == 1)
            #expect(again.standardOutput == "applied no fix-its; 2 findings remain\n" + Self.remainingAfterTheFixes)
            #expect(try snapshot(folder) == before)
        }
    }

    /// An arc iOS does not draw and a '.5.5' in one path: the path's rewrite comes first and
    /// takes the other fix-it's place; the next pass finds the hang gone with it.
    @Test func ofTwoOverlappingFixItsTheFirstIsAppliedAndTheOtherSaidToBeSkipped() async throws {
        try await CLIRunner.withTemporaryFolder { folder in
            let (app, _) = try await scaffold(in: folder, keeping: [])
            try write(
                "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 24 24\"><path d=\"M2 2h20v10H2z M4 16h16a2 2 0 0 1 0 4H4z M3 3L5 3 5 5 .5.5z\"/></svg>\n",
                to: app.appendingPathComponent("icons/explore.svg"))
            let result = try await CLIRunner.run(["lint", "--fix", "--quiet"], in: app)
            #expect(result.status == 0)
            #expect(
                result.standardOutput == """
                    fixed icons/explore.svg:1:70 icon-tab-parts-lost-on-ios: rewrite the path data with curves iOS draws
                    skipped icons/explore.svg:1:123 icon-tab-hangs-on-ios: write the numbers out (it overlaps the fix-it of icon-tab-parts-lost-on-ios at 1:70, applied first)
                    applied 1 fix-it in 1 file; no errors remain; 1 note hidden by --quiet
                    no errors in 23 files; 1 note hidden by --quiet

                    """)
            #expect(
                try String(contentsOf: app.appendingPathComponent("icons/explore.svg"), encoding: .utf8) == """
                    <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M2 2 L22 2 L22 12 L2 12 Z M4 16 L20 16 C21.105 16 22 16.895 22 18 C22 19.105 21.105 20 20 20 L4 20 Z M3 3 L5 3 L5 5 L0.5 0.5 Z"/></svg>

                    """)
        }
    }

    /// Every "did you mean" carries the fix-it that writes what it suggests, and a JSONC habit
    /// (a comment, a trailing comma) is mended: after `--fix` the scaffold is back to what
    /// `mactl new` wrote. The misspelt store key shows only once its `setData` is mended, so it
    /// is fixed in the second pass.
    @Test func everyDidYouMeanIsMendedByFix() async throws {
        try await CLIRunner.withTemporaryFolder { folder in
            let paths = ["pages/home/home.html", "pages/home/home.js", "pages/explore/explore.js", "i18n/en.json", "manifest.json"]
            let (app, pristine) = try await scaffold(in: folder, keeping: paths)
            try edit(app, "pages/home/home.html", replacing: "$t('home.title')", with: "$t('home.titel')")
            try edit(app, "pages/home/home.html", replacing: "x-text=\"store.count\"", with: "x-text=\"store.cout\"")
            try edit(app, "pages/home/home.html", replacing: "@click=\"onTapIncrement()\"", with: "@click.prevnt=\"onTapIncrement()\"")
            try edit(app, "pages/home/home.js", replacing: "onLoad() {", with: "onLaod() {")
            try edit(app, "pages/home/home.js", replacing: "this.setData({ count:", with: "this.setData({ cout:")
            try edit(app, "pages/explore/explore.js", replacing: "url: 'pages/detail/detail'", with: "url: '/pages/detial/detail'")
            try edit(app, "i18n/en.json", replacing: "\"tab.home\": \"Home\",\n", with: "\"tab.home\": \"Home\",\n  // the tabs' names\n")
            try edit(app, "i18n/en.json", replacing: "\"Back\"\n}", with: "\"Back\",\n}")
            try edit(app, "manifest.json", replacing: "\"icons/home.svg\"", with: "\"icons/hom.svg\"")
            let result = try await CLIRunner.run(["lint", "--fix", "--quiet"], in: app)
            #expect(result.status == 0)
            #expect(
                result.standardOutput == """
                    fixed i18n/en.json:4:1 json-comment: remove the comment
                    fixed i18n/en.json:16:24 json-trailing-comma: remove the comma
                    fixed manifest.json:28:64 manifest-tab-icon-not-found: replace with 'icons/home.svg'
                    fixed pages/explore/explore.js:10:32 script-navigation-leading-slash: write 'pages/detail/detail' without the leading '/'
                    skipped pages/explore/explore.js:10:33 script-navigation-unknown-page: replace with 'pages/detail/detail' (it overlaps the fix-it of script-navigation-leading-slash at 10:32, applied first)
                    fixed pages/home/home.html:11:20 i18n-missing-key: replace with 'home.title'
                    fixed pages/home/home.html:14:20 template-unknown-modifier: replace with 'prevent'
                    fixed pages/home/home.html:13:36 template-unknown-store-key: replace with 'count'
                    fixed pages/home/home.js:5:3 script-misspelt-lifecycle-hook: replace with 'onLoad'
                    fixed pages/home/home.js:9:20 script-undeclared-setdata-key: replace with 'count'
                    applied 9 fix-its in 5 files; no errors remain; 1 note hidden by --quiet
                    no errors in 23 files; 1 note hidden by --quiet

                    """)
            for path in paths where path != "pages/home/home.html" {
                #expect(try Data(contentsOf: app.appendingPathComponent(path)) == pristine[path], "\(path)")
            }
            // The misspelt modifier became the one meant.
            let html = String(decoding: try #require(pristine["pages/home/home.html"]), as: UTF8.self)
            #expect(
                try String(contentsOf: app.appendingPathComponent("pages/home/home.html"), encoding: .utf8)
                    == html.replacingOccurrences(of: "@click=\"onTapIncrement()\"", with: "@click.prevent=\"onTapIncrement()\""))
        }
    }

    /// Fixes whose result needs another pass: two pages missing from the manifest insert at
    /// one place, so the second is added after linting again; the misspelt rule in the
    /// configuration above the project is corrected, which turns that rule off, so its note
    /// goes too. The configuration keeps its permissions; paths are shown from the current folder.
    @Test func fixesThatNeedAnotherPassGetIt() async throws {
        try await CLIRunner.withTemporaryFolder { folder in
            let (app, pristine) = try await scaffold(in: folder, keeping: ["manifest.json"])
            for page in ["about", "help"] {
                try FileManager.default.createDirectory(at: app.appendingPathComponent("pages/\(page)"), withIntermediateDirectories: true)
                try write(
                    "<link rel=\"stylesheet\" href=\"../../app.css\">\n<body><h1>\(page)</h1></body>\n",
                    to: app.appendingPathComponent("pages/\(page)/\(page).html"))
            }
            let configuration = folder.appendingPathComponent(".mactl.yml")
            try write("rules:\n  icon-tab-svg-on-andriod: off\n", to: configuration)
            #expect(chmod(configuration.path, 0o640) == 0)

            let result = try await CLIRunner.run(["lint", "--fix", "--quiet", "app"], in: folder)
            #expect(result.status == 0)
            #expect(
                result.standardOutput == """
                    fixed .mactl.yml:2:3 config-unknown-rule: replace with 'icon-tab-svg-on-android'
                    fixed app/manifest.json:17:26 project-unlisted-page: add "pages/about/about" to 'pages'
                    skipped app/manifest.json:17:26 project-unlisted-page: add "pages/help/help" to 'pages' (it overlaps the fix-it of project-unlisted-page at 17:26, applied first)
                    fixed app/manifest.json:17:47 project-unlisted-page: add "pages/help/help" to 'pages'
                    applied 3 fix-its in 2 files; no findings remain
                    no problems found in 25 files

                    """)
            #expect(try String(contentsOf: configuration, encoding: .utf8) == "rules:\n  icon-tab-svg-on-android: off\n")
            #expect(try FileManager.default.attributesOfItem(atPath: configuration.path)[.posixPermissions] as? Int == 0o640)
            let manifest = String(decoding: try #require(pristine["manifest.json"]), as: UTF8.self)
                .replacingOccurrences(
                    of: "\"pages/detail/detail\"\n", with: "\"pages/detail/detail\", \"pages/about/about\", \"pages/help/help\"\n")
            #expect(try String(contentsOf: app.appendingPathComponent("manifest.json"), encoding: .utf8) == manifest)
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == [".mactl.yml", "app"])
        }
    }

    /// With `--format json` or `sarif` the document on standard output is the one `lint`
    /// prints for the fixed project, and what changed goes to standard error.
    @Test(arguments: ["json", "sarif"])
    func withAMachineFormatTheChangesGoToStandardError(format: String) async throws {
        try await CLIRunner.withTemporaryFolder { folder in
            let (app, _) = try await scaffold(in: folder, keeping: [])
            try write(Self.hangingIcon, to: app.appendingPathComponent("icons/home.svg"))
            let fixed = try await CLIRunner.run(["lint", "--fix", "--format", format], in: app)
            #expect(fixed.status == 0)
            #expect(
                fixed.standardError == """
                    fixed icons/home.svg:1:86 icon-tab-hangs-on-ios: write the numbers out
                    applied 1 fix-it in 1 file; 1 finding remains

                    """)
            let plain = try await CLIRunner.run(["lint", "--format", format], in: app)
            #expect(fixed.standardOutput == plain.standardOutput)
            #expect(plain.standardOutput.hasPrefix("{"))
        }
    }

    /// Findings a baseline lists are not reported, so their fix-its are not applied either.
    @Test func aBaselinesFindingsAreLeftAlone() async throws {
        try await CLIRunner.withTemporaryFolder { folder in
            let (app, pristine) = try await scaffold(in: folder, keeping: ["pages/detail/detail.html"])
            try edit(app, "pages/home/home.html", replacing: "<h1 x-text=", with: "<h1 x-txt=")
            #expect(try await CLIRunner.run(["lint", "--write-baseline", "../baseline.json"], in: app).status == 0)
            try edit(app, "pages/detail/detail.html", replacing: "<h1 x-text=", with: "<h1 x-txt=")
            let result = try await CLIRunner.run(["lint", "--fix", "--quiet", "--baseline", "../baseline.json"], in: app)
            #expect(result.status == 0)
            #expect(
                result.standardOutput == """
                    fixed pages/detail/detail.html:10:9 template-unknown-directive: replace with 'x-text'
                    applied 1 fix-it in 1 file; no findings remain
                    no problems found in 23 files

                    """)
            #expect(try Data(contentsOf: app.appendingPathComponent("pages/detail/detail.html")) == pristine["pages/detail/detail.html"])
            #expect(try String(contentsOf: app.appendingPathComponent("pages/home/home.html"), encoding: .utf8).contains("<h1 x-txt="))
        }
    }

    @Test(arguments: [
        (["--watch"], "error: '--fix' cannot be combined with '--watch'; run 'mactl lint --fix' once, then 'mactl lint --watch'\n"),
        (
            ["--write-baseline", "baseline.json"],
            "error: '--fix' cannot be combined with '--write-baseline'; run 'mactl lint --fix' first, then '--write-baseline' to record what remains\n"
        ),
    ])
    func fixIsRefusedWithWatchAndWriteBaseline(options: [String], message: String) async throws {
        try await CLIRunner.withTemporaryFolder { folder in
            let (app, _) = try await scaffold(in: folder, keeping: [])
            try write(Self.hangingIcon, to: app.appendingPathComponent("icons/home.svg"))
            let result = try await CLIRunner.run(["lint", "--fix"] + options, in: app)
            #expect(result.status == 2)
            #expect(result.standardOutput == "")
            #expect(result.standardError == message)
            #expect(try String(contentsOf: app.appendingPathComponent("icons/home.svg"), encoding: .utf8) == Self.hangingIcon)
            #expect(!FileManager.default.fileExists(atPath: app.appendingPathComponent("baseline.json").path))
        }
    }

    /// A file that cannot be replaced is named with the reason, the rest is reported as
    /// usual, and the command exits 2: it did not do what it was asked.
    @Test(.enabled(if: ReadOnlyFolder.isPossible, "this machine cannot make a folder refuse new files"))
    func aFileThatCannotBeWrittenIsAnErrorThatNamesIt() async throws {
        try await CLIRunner.withTemporaryFolder { folder in
            let (app, _) = try await scaffold(in: folder, keeping: [])
            try edit(app, "pages/home/home.html", replacing: "<h1 x-text=", with: "<h1 x-txt=")
            let result = try await ReadOnlyFolder.with(app.appendingPathComponent("pages/home")) {
                try await CLIRunner.run(["lint", "--fix", "--quiet"], in: app)
            }
            #expect(result.status == 2)
            #expect(
                result.standardError
                    == "error: cannot write 'pages/home/home.html': \(ReadOnlyFolder.refusal); its fix-it was not applied\n")
            #expect(
                result.standardOutput.hasPrefix(
                    """
                    applied no fix-its; 1 finding remains; 2 notes hidden by --quiet
                    pages/home/home.html:11:9: error: unknown directive 'x-txt'; did you mean 'x-text'? [template-unknown-directive]

                    """))
            #expect(try String(contentsOf: app.appendingPathComponent("pages/home/home.html"), encoding: .utf8).contains("<h1 x-txt="))
        }
    }
}
