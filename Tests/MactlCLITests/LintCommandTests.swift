import Foundation
import MiniAppKitTestProcess
import Testing
import MiniAppKitGoldenFiles
import MiniAppKitTestSupport

struct LintCommandTests {
    static let wrongTextStyle = CLIRunner.fixtures.appendingPathComponent("wrong-text-style")

    /// The navigation bar text style on line 20 of the fixture's manifest is 'grey'; every
    /// format must say so at 20:34 with the rule id, and exit 1.
    @Test(arguments: ["text", "json", "sarif", "github"])
    func aWrongNavigationBarTextStyleIsReportedAtItsLineInEveryFormat(format: String) async throws {
        let result = try await CLIRunner.run(["lint", "wrong-text-style", "--format", format], in: CLIRunner.fixtures)
        #expect(result.status == 1)
        #expect(result.standardError == "")
        assertMatchesGolden(
            result.standardOutput,
            "wrong-text-style.\(format == "text" ? "txt" : format == "github" ? "github.txt" : format == "sarif" ? "sarif.json" : "json")")
    }

    /// Paths are printed relative to the current folder, as swiftc and eslint print them, so
    /// a terminal or an editor opens them as they are; a folder outside the current one given
    /// absolutely stays absolute.
    @Test(arguments: [
        ("wrong-text-style", "fixtures", "wrong-text-style/manifest.json"),
        ("./wrong-text-style/", "fixtures", "wrong-text-style/manifest.json"),
        ("<absolute>", "fixtures", "wrong-text-style/manifest.json"),
        ("../projects/wrong-text-style", "fixtures", "wrong-text-style/manifest.json"),
        ("<none>", "project", "manifest.json"),
        (".", "project", "manifest.json"),
        ("<none>", "project/i18n", "../manifest.json"),
        ("..", "project/i18n", "../manifest.json"),
        ("../wrong-text-style", "fixtures/hostile-icons", "../wrong-text-style/manifest.json"),
        ("<absolute>", "<elsewhere>", "<absolute>/manifest.json"),
    ])
    func textPathsAreRelativeToTheCurrentFolder(path: String, from folder: String, first: String) async throws {
        // A fresh temporary folder is never above the fixtures.
        let elsewhere = FileManager.default.temporaryDirectory.appendingPathComponent("mactl-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: elsewhere) }
        let current =
            switch folder {
            case "<elsewhere>": elsewhere
            case _ where folder.hasPrefix("fixtures"): CLIRunner.fixtures.appendingPathComponent(String(folder.dropFirst("fixtures".count)))
            default: Self.wrongTextStyle.appendingPathComponent(String(folder.dropFirst("project".count)))
            }
        let arguments =
            switch path {
            case "<none>": ["lint"]
            case "<absolute>": ["lint", Self.wrongTextStyle.path]
            default: ["lint", path]
            }
        let result = try await CLIRunner.run(arguments, in: current)
        let firstLine = result.standardOutput.split(separator: "\n").first.map(String.init)
        let expected = first.replacingOccurrences(of: "<absolute>", with: Self.wrongTextStyle.standardizedFileURL.path)
        #expect(
            firstLine
                == "\(expected):20:34: error: 'window.navigation_bar_text_style' must be 'white' or 'black', found 'grey' [manifest-invalid-value]"
        )
        // The JSON document names the same file.
        let json = try await CLIRunner.run(arguments + ["--format", "json"], in: current)
        #expect(json.standardOutput.contains("\"file\": \"\(expected)\""))
    }

    /// Several projects in one call: each project's findings under its own folder, a coverage
    /// table per project, one summary; a folder named twice is linted once.
    @Test func severalProjectsAreLintedInOneCall() async throws {
        try await CLIRunner.withTemporaryFolder { folder in
            #expect(try await CLIRunner.run(["new", "one", "--template", "blank"], in: folder).status == 0)
            #expect(try await CLIRunner.run(["new", "two", "--template", "blank"], in: folder).status == 0)
            let page = folder.appendingPathComponent("two/pages/index/index.html")
            let html = try String(contentsOf: page, encoding: .utf8)
            try Data(html.replacingOccurrences(of: "index.greeting", with: "index.greetin").utf8).write(to: page)
            let result = try await CLIRunner.run(["lint", "one", "two", "./one/"], in: folder)
            #expect(result.status == 1)
            #expect(
                result.standardOutput.hasPrefix(
                    "two/i18n/en.json:3:3: note: translation key 'index.greeting' is not used anywhere [i18n-unused-key]\n"))
            #expect(result.standardOutput.contains("\ntwo/pages/index/index.html:10:18: error: translation key 'index.greetin'"))
            #expect(
                result.standardOutput.hasSuffix(
                    """
                    i18n coverage of one (default locale 'en', 2 keys):
                      en  2 present, 0 missing, 0 extra
                    i18n coverage of two (default locale 'en', 2 keys):
                      en  2 present, 1 missing, 0 extra
                    1 error, 0 warnings and 1 note in 18 files in 2 projects

                    """), "\(result.standardOutput)")
            let clean = try await CLIRunner.run(["lint", "one", folder.appendingPathComponent("one").path], in: folder)
            #expect(clean.status == 0)
            #expect(clean.standardOutput.hasSuffix("no problems found in 9 files\n"))
            let baseline = try await CLIRunner.run(["lint", "one", "two", "--baseline", "b.json"], in: folder)
            #expect(baseline.status == 2)
            #expect(baseline.standardError.contains("Error: --baseline works on one project; give one path"))
        }
    }

    /// `--quiet` shows what fails the command: errors, and warnings with `--strict`; no
    /// notes, no coverage table; the summary counts what it hid.
    @Test func quietShowsOnlyWhatFails() async throws {
        try await CLIRunner.withTemporaryFolder { folder in
            let app = folder.appendingPathComponent("quiet")
            #expect(try await CLIRunner.run(["new", app.path]).status == 0)
            try Data("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 24 24\"><path d=\"M2 2L22 2 22 22 .5.5z\"/></svg>\n".utf8)
                .write(to: app.appendingPathComponent("icons/home.svg"))
            try Data(
                "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 24 24\"><path d=\"M2 2h20v10H2z M4 16h16a2 2 0 0 1 0 4H4z\"/></svg>\n"
                    .utf8
            )
            .write(to: app.appendingPathComponent("icons/explore.svg"))
            let quiet = try await CLIRunner.run(["lint", "--quiet", "quiet"], in: folder)
            #expect(quiet.status == 1)
            #expect(
                quiet.standardOutput == """
                    quiet/icons/home.svg:1:86: error: the iOS app hangs drawing tab icon 'icons/home.svg': its reader cannot read '.5.5' as a number and never moves past it; write the numbers out: '.5 .5' [icon-tab-hangs-on-ios]
                    1 | <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M2 2L22 2 22 22 .5.5z"/></svg>
                      |                                                                                      ^~~~
                      = fix-it: write the numbers out
                    1 error, 0 warnings and 0 notes in 23 files; 1 warning and 1 note hidden by --quiet

                    """)
            let strict = try await CLIRunner.run(["lint", "-q", "--strict", app.path])
            #expect(strict.status == 1)
            #expect(strict.standardOutput.contains("warning: tab icon 'icons/explore.svg' loses part of its drawing on iOS"))
            #expect(strict.standardOutput.hasSuffix("1 error, 1 warning and 0 notes in 23 files; 1 note hidden by --quiet\n"))
            #expect(!strict.standardOutput.contains("i18n coverage"))
        }
    }

    /// Without a path, lint finds the project upward from the current folder, as git does;
    /// an empty folder with none above gets one error that says what to run.
    @Test func withoutAPathTheProjectIsFoundUpward() async throws {
        try await CLIRunner.withTemporaryFolder { folder in
            let app = folder.appendingPathComponent("found")
            #expect(try await CLIRunner.run(["new", app.path]).status == 0)
            let inside = try await CLIRunner.run(["lint"], in: app.appendingPathComponent("pages/home"))
            #expect(inside.status == 0)
            #expect(inside.standardOutput.hasSuffix("0 errors, 0 warnings and 1 note in 23 files\n"), "\(inside.standardOutput)")
            let empty = folder.appendingPathComponent("empty")
            try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: false)
            let nothing = try await CLIRunner.run(["lint"], in: empty)
            #expect(nothing.status == 1)
            #expect(
                nothing.standardOutput == """
                    manifest.json: error: the folder is empty, so there is no 'manifest.json'; 'mactl new .' creates a MiniApp here [project-missing-manifest]
                    1 error, 0 warnings and 0 notes in 0 files

                    """)
        }
    }

    @Test func aCleanProjectExitsZero() async throws {
        try await CLIRunner.withTemporaryFolder { folder in
            let app = folder.appendingPathComponent("clean").path
            #expect(try await CLIRunner.run(["new", app]).status == 0)
            let result = try await CLIRunner.run(["lint", "clean"], in: folder)
            #expect(result.status == 0)
            // Clean but for the note every app with SVG tab icons gets under SkipMiniApp.
            #expect(
                result.standardOutput == """
                    clean/manifest.json:28:64: note: on Android, SkipMiniApp cannot decode SVG: the 3 SVG tab icons show a question-mark placeholder [icon-tab-svg-on-android]
                    28 |       { "page": "pages/home/home", "text": "tab.home", "icon": "icons/home.svg" },
                       |                                                                ^~~~~~~~~~~~~~~~
                    i18n coverage (default locale 'en', 14 keys):
                      en  14 present, 0 missing, 0 extra
                      fr  14 present, 0 missing, 0 extra
                    0 errors, 0 warnings and 1 note in 23 files

                    """)
        }
    }

    @Test func warningsFailOnlyWithStrict() async throws {
        try await CLIRunner.withTemporaryFolder { folder in
            let app = folder.appendingPathComponent("warn")
            #expect(try await CLIRunner.run(["new", app.path, "--template", "blank"]).status == 0)
            let manifest = app.appendingPathComponent("manifest.json")
            let text = try String(contentsOf: manifest, encoding: .utf8).replacingOccurrences(
                of: "\"lang\"", with: "\"theme_color\": \"#fff\",\n  \"lang\"")
            try Data(text.utf8).write(to: manifest)
            let relaxed = try await CLIRunner.run(["lint", app.path])
            #expect(relaxed.status == 0)
            #expect(
                relaxed.standardOutput.contains(
                    "warning: 'theme_color' is a web app manifest member that MiniApp runtimes do not support; it is ignored [manifest-unknown-member]"
                ))
            #expect(try await CLIRunner.run(["lint", app.path, "--strict"]).status == 1)
        }
    }

    @Test func aPathThatDoesNotExistExitsTwo() async throws {
        let result = try await CLIRunner.run(["lint", "/nonexistent/mactl-project"])
        #expect(result.status == 2)
        #expect(result.standardOutput == "")
        #expect(result.standardError == "error: no such folder '/nonexistent/mactl-project'\n")
    }

    @Test func aFileInsteadOfAFolderExitsTwo() async throws {
        let manifest = Self.wrongTextStyle.appendingPathComponent("manifest.json").path
        let result = try await CLIRunner.run(["lint", manifest])
        #expect(result.status == 2)
        #expect(result.standardError == "error: '\(manifest)' is not a folder; expected a MiniApp project folder\n")
    }

    @Test func anUnknownFormatIsAUsageErrorThatExitsTwo() async throws {
        let result = try await CLIRunner.run(["lint", Self.wrongTextStyle.path, "--format", "xml"])
        #expect(result.status == 2)
        #expect(result.standardError.hasPrefix("Error: The value 'xml' is invalid for '--format <format>'."))
    }

    /// `--runtime` chooses the profile over `.mactl.yml`: an app without `app.js` is a warning
    /// under SkipMiniApp, which runs without it, and an error under the W3C specs.
    @Test func theRuntimeOptionChoosesTheProfile() async throws {
        try await CLIRunner.withTemporaryFolder { folder in
            let app = folder.appendingPathComponent("portable")
            #expect(try await CLIRunner.run(["new", app.path, "--template", "blank"]).status == 0)
            try FileManager.default.removeItem(at: app.appendingPathComponent("app.js"))
            let skip = try await CLIRunner.run(["lint", app.path])
            #expect(skip.status == 0)
            #expect(
                skip.standardOutput.contains(
                    "app.js: warning: the project has no 'app.js' at its root; SkipMiniApp runs without it, but W3C MiniApp Packaging requires it [project-missing-root-file]\n"
                ))
            try Data("runtime: skip\n".utf8).write(to: app.appendingPathComponent(".mactl.yml"))
            let w3c = try await CLIRunner.run(["lint", app.path, "--runtime", "w3c"])
            #expect(w3c.status == 1)
            #expect(
                w3c.standardOutput.contains(
                    "app.js: error: the project has no 'app.js' at its root; W3C MiniApp Packaging requires it [project-missing-root-file]\n"
                ))
            let unknown = try await CLIRunner.run(["lint", app.path, "--runtime", "quickapp"])
            #expect(unknown.status == 2)
            #expect(unknown.standardError.contains("unknown runtime 'quickapp'; expected 'skip', 'w3c' or 'rakuten'"))
        }
    }

    @Test func anUnknownOptionExitsTwo() async throws {
        #expect(try await CLIRunner.run(["lint", "--frmat", "json"]).status == 2)
        #expect(try await CLIRunner.run(["frobnicate"]).status == 2)
    }

    @Test func anUnwritableOutputExitsTwoAndWritesNothing() async throws {
        let result = try await CLIRunner.run([
            "lint", Self.wrongTextStyle.path, "--output", "/nonexistent/dir/out.sarif", "--format", "sarif",
        ])
        #expect(result.status == 2)
        #expect(result.standardOutput == "")
        #expect(result.standardError.hasPrefix("error: cannot write '/nonexistent/dir/out.sarif': "))
    }

    @Test func outputGoesToTheNamedFile() async throws {
        try await CLIRunner.withTemporaryFolder { folder in
            let out = folder.appendingPathComponent("lint.json")
            let result = try await CLIRunner.run(["lint", Self.wrongTextStyle.path, "--format", "json", "-o", out.path])
            #expect(result.status == 1)
            #expect(result.standardOutput == "")
            let written = try String(contentsOf: out, encoding: .utf8)
            #expect(written.contains("\"id\": \"manifest-invalid-value\""))
        }
    }

    @Test func aMissingManifestExitsOne() async throws {
        try await CLIRunner.withTemporaryFolder { folder in
            try Data("App({});\n".utf8).write(to: folder.appendingPathComponent("app.js"))
            try Data("".utf8).write(to: folder.appendingPathComponent("app.css"))
            let result = try await CLIRunner.run(["lint"], in: folder)
            #expect(result.status == 1)
            #expect(
                result.standardOutput
                    == "manifest.json: error: the project has no 'manifest.json' at its root [project-missing-manifest]\n1 error, 0 warnings and 0 notes in 2 files\n"
            )
        }
    }

    @Test func colourIsUsedOnlyWhenAskedOrOnATerminal() async throws {
        let piped = try await CLIRunner.run(["lint", Self.wrongTextStyle.path])
        #expect(!piped.standardOutput.contains("\u{1B}["))
        let forced = try await CLIRunner.run(["lint", Self.wrongTextStyle.path, "--color", "always"])
        #expect(forced.standardOutput.contains("\u{1B}[1;31merror:\u{1B}[0m"))
    }

    // `script` (util-linux) gives the command a pseudo-terminal, as an interactive shell would.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), "needs script(1) for a pseudo-terminal"))
    func noColorTurnsColourOffOnATerminal() async throws {
        let command = "\(CLIRunner.executable.path) lint \(Self.wrongTextStyle.path)"
        let onTerminal = try await runScript(command, environment: [:])
        #expect(onTerminal.contains("\u{1B}["))
        let withNoColor = try await runScript(command, environment: ["NO_COLOR": "1"])
        #expect(!withNoColor.contains("\u{1B}["))
        #expect(withNoColor.contains("manifest.json:20:34: error:"))
    }

    private func runScript(_ command: String, environment: [String: String]) async throws -> String {
        var merged: [String: String?] = ["NO_COLOR": nil, "TERM": "xterm"]
        for (name, value) in environment { merged[name] = value }
        return try await TestProcess.run(
            URL(fileURLWithPath: "/usr/bin/script"), ["-qec", command, "/dev/null"], environment: merged, timeout: .seconds(120)
        ).standardOutput
    }

    @Test func versionPrintsTheToolVersion() async throws {
        let result = try await CLIRunner.run(["--version"])
        #expect(result.status == 0)
        #expect(result.standardOutput == "0.1.0\n")
        // Only on the root command: a subcommand neither offers nor runs with it.
        let misplaced = try await CLIRunner.run(["lint", "--version"])
        #expect(misplaced.status == 2)
        #expect(misplaced.standardError == "error: '--version' is an option of mactl itself: mactl --version\n")
        for command in ["new", "lint", "pack", "inspect", "verify", "keygen", "rules", "explain"] {
            #expect(!(try await CLIRunner.run([command, "--help"]).standardOutput.contains("--version")), "\(command)")
        }
    }
}

struct HostileInputTests {
    /// Billion laughs, XXE, an SVG that is not XML and a Latin-1 locale file: one diagnostic
    /// each, exit 1, and nothing of /etc/passwd in the output.
    @Test func hostileIconsAndLocalesGetOneDiagnosticEach() async throws {
        let result = try await CLIRunner.run(["lint", "hostile-icons", "--format", "json"], in: CLIRunner.fixtures)
        #expect(result.status == 1)
        #expect(!result.standardOutput.contains("root:"))
        assertMatchesGolden(result.standardOutput, "hostile-icons.json")
    }
}

struct BaselineTests {
    @Test func aBaselineHidesKnownFindingsAndOnlyNewOnesFail() async throws {
        try await CLIRunner.withTemporaryFolder { folder in
            let app = folder.appendingPathComponent("app")
            #expect(try await CLIRunner.run(["new", app.path, "--template", "blank"]).status == 0)
            let manifest = app.appendingPathComponent("manifest.json")
            func edit(_ old: String, _ new: String) throws {
                let text = try String(contentsOf: manifest, encoding: .utf8).replacingOccurrences(of: old, with: new)
                try Data(text.utf8).write(to: manifest)
            }
            try edit("\"window\": {", "\"window\": {\n    \"orientation\": \"sideways\",")
            let baseline = folder.appendingPathComponent("baseline.json")
            let written = try await CLIRunner.run(["lint", app.path, "--write-baseline", baseline.path])
            #expect(written.status == 0)
            #expect(written.standardOutput == "wrote 1 diagnostics to the baseline '\(baseline.path)'\n")
            // Lines move: the finding is still known.
            try edit("\"window\": {", "\"window\": {\n    \"fullscreen\": false,")
            let known = try await CLIRunner.run(["lint", app.path, "--baseline", baseline.path])
            #expect(known.status == 0)
            try edit("\"fullscreen\": false", "\"fullscreen\": \"no\"")
            let new = try await CLIRunner.run(["lint", app.path, "--baseline", baseline.path, "--format", "json"])
            #expect(new.status == 1)
            #expect(
                new.standardOutput.contains(
                    "\"message\": \"'window.fullscreen' must be a boolean, found string 'no': SkipMiniApp cannot decode the manifest"))
            #expect(!new.standardOutput.contains("sideways"))
        }
    }

    @Test func aFileThatIsNotABaselineExitsTwo() async throws {
        let result = try await CLIRunner.run([
            "lint", LintCommandTests.wrongTextStyle.path, "--baseline",
            LintCommandTests.wrongTextStyle.appendingPathComponent("manifest.json").path,
        ])
        #expect(result.status == 2)
        #expect(result.standardError.hasSuffix("is not a mactl baseline (written by 'mactl lint --write-baseline')\n"))
    }
}

struct WatchTests {
    /// Starts `mactl lint app --watch` in `folder` and hands the running mactl to `body`.
    private func watching(_ folder: URL, _ body: (TestProcess.Running) async throws -> Void) async throws {
        try await Self.running(["lint", "app", "--watch", "--watch-interval", "100"], in: folder, body)
    }

    /// Starts mactl with `arguments` in `folder`, hands it to `body`, and stops it: a `--watch`
    /// run that never ends by itself. Tests wait for the line that ends a run
    /// (`TestProcess.Running.waitFor`), never for a time.
    static func running(_ arguments: [String], in folder: URL, _ body: (TestProcess.Running) async throws -> Void) async throws {
        let mactl = try await TestProcess.start(CLIRunner.executable, arguments, in: folder)
        defer { mactl.stop() }
        try await body(mactl)
    }

    @Test func editingAFileShowsTheNewDiagnostic() async throws {
        try await CLIRunner.withTemporaryFolder { folder in
            let app = folder.appendingPathComponent("app")
            #expect(try await CLIRunner.run(["new", app.path, "--template", "blank"]).status == 0)
            try await watching(folder) { mactl in
                try await mactl.waitFor("no problems found")
                try await mactl.waitFor("] watching 'app' for changes (Ctrl-C to stop)\n")
                let page = app.appendingPathComponent("pages/index/index.html")
                let text = try String(contentsOf: page, encoding: .utf8).replacingOccurrences(of: "x-text=", with: "x-txt=")
                try Data(text.utf8).write(to: page)
                try await mactl.waitFor(
                    "+ app/pages/index/index.html:10:7: error: unknown directive 'x-txt'; did you mean 'x-text'? [template-unknown-directive]"
                )
                try await mactl.waitFor("1 error, 0 warnings and 1 note")
                // Each run is stamped with the time, `[hh:mm:ss]`.
                let stamped = mactl.standardOutput.split(separator: "\n").filter { $0.hasSuffix("change detected; linted again:") }
                #expect(stamped.count == 1)
                #expect(
                    stamped.first.map { $0.wholeMatch(of: /\[[0-9]{2}:[0-9]{2}:[0-9]{2}\] change detected; linted again:/) != nil } == true)
            }
        }
    }

    /// A burst of changes (a formatter rewriting every file, a `git checkout`) is linted once,
    /// after the project has been quiet for a moment.
    @Test func aBurstOfChangesIsLintedOnce() async throws {
        try await CLIRunner.withTemporaryFolder { folder in
            let app = folder.appendingPathComponent("app")
            #expect(try await CLIRunner.run(["new", app.path, "--template", "blank"]).status == 0)
            try await watching(folder) { mactl in
                try await mactl.waitFor("watching 'app' for changes")
                for name in ["app.css", "pages/index/index.css", "app.js", "pages/index/index.js", "i18n/en.json"] {
                    let url = app.appendingPathComponent(name)
                    try Data((try Data(contentsOf: url)) + Data("\n".utf8)).write(to: url)
                }
                try await mactl.waitFor("linted again:")
                // One more change after the burst's run, which its own run reports with an
                // error: a second run for the burst would come before it.
                let page = app.appendingPathComponent("pages/index/index.html")
                let text = try String(contentsOf: page, encoding: .utf8).replacingOccurrences(of: "x-text=", with: "x-txt=")
                try Data(text.utf8).write(to: page)
                try await mactl.waitFor("1 error, 0 warnings and 1 note")
                let runs = mactl.standardOutput.components(separatedBy: "change detected; linted again:")
                #expect(runs.count == 3, "\(mactl.standardOutput)")
                #expect(runs.last?.contains("error: unknown directive 'x-txt'") == true, "\(mactl.standardOutput)")
            }
        }
    }
}
