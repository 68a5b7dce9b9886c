import Foundation
import Testing

/// Every file of `Tests/Fixtures/hostile/` through the real `mactl`, one test case each: it
/// must exit 1 (a finding) or 2 (unusable input), never by a signal (a run that hangs is
/// killed), within a memory bound, print the exact diagnostic that names the problem, write
/// nothing and show nothing of a file outside the project or archive. The fixtures and what
/// each attacks are listed in `Tests/Fixtures/hostile/README.md`; `make-corpus.py` writes them.
/// How long each takes is measured by `Benchmarks/hostile-corpus.sh`, not asserted here.
///
/// Memory bounds are for a debug build, about 3 times what was measured (most runs take 40–70 MB).
struct HostileCorpusTests {
    static let hostile = CLIRunner.packageRoot.appendingPathComponent("Tests/Fixtures/hostile")

    struct Case: CustomTestStringConvertible, Sendable {
        var fixture: String
        var status: Int32
        /// Lines the output (stdout and stderr) must contain, exactly.
        var lines: [String]
        var megabytes: Int = 256
        var testDescription: String { fixture }

        var isArchive: Bool { fixture.hasPrefix("archives/") }
    }

    static func verifyFailure(
        _ fixture: String, _ failure: String, _ id: String, signature: String = "unsigned", megabytes: Int = 256
    ) -> Case {
        Case(
            fixture: "archives/\(fixture).ma", status: 1,
            lines: ["\(fixture).ma: error: \(failure) [\(id)]", "FAILED \(fixture).ma", "signature: \(signature)"],
            megabytes: megabytes)
    }

    static func lintError(_ fixture: String, _ diagnostic: String, megabytes: Int = 256) -> Case {
        Case(fixture: "projects/\(fixture)", status: 1, lines: [diagnostic], megabytes: megabytes)
    }

    static let malformed = "a signing block is present but malformed"
    static let entities =
        "icons/app.svg:2:1: error: the DOCTYPE declares entities, which no icon needs and which attacks on XML parsers use; remove it [icon-entity-declarations]"
    static let unclosed =
        "'<div>' is never closed; '</body>' on line 9 closes it, so everything before that ends up inside it [template-unclosed-element]"

    static let cases: [Case] = [
        verifyFailure(
            "slip-dotdot", "entry '../evil.txt' at offset 998 contains '..' and would leave the extraction folder", "archive-name"),
        verifyFailure("slip-absolute", "entry '/etc/evil.txt' at offset 998 is an absolute path", "archive-name"),
        verifyFailure("slip-backslash", "entry 'pages\\..\\..\\evil.txt' at offset 998 contains a backslash", "archive-name"),
        verifyFailure("slip-drive-letter", "entry 'C:/evil.txt' at offset 998 starts with a drive letter", "archive-name"),
        verifyFailure(
            "bomb-declared-size",
            "entry 'assets/big.bin' declares 4294967280 bytes, over the limit of 67108864 bytes for one file (a zip bomb?)",
            "archive-zip-bomb"),
        verifyFailure(
            "bomb-ratio", "entry 'assets/zeros.bin' inflates to 52428800 bytes from 50970, a ratio over the limit of 200:1 (a zip bomb)",
            "archive-zip-bomb"),
        verifyFailure(
            "bomb-lying-size", "entry 'assets/liar.bin' (data at offset 1043) inflates to more than the 10 bytes it declares",
            "archive-data"),
        verifyFailure("duplicate-entry", "entry 'app.css' at offset 998 is in the archive twice", "archive-duplicate-name"),
        verifyFailure(
            "local-header-mismatch", "the local header of entry 'app.js' at offset 295 disagrees with its central header: name 'evl.js'",
            "archive-local-header"),
        verifyFailure("encrypted-entry", "entry 'app.js' is encrypted; MiniApp packages must not use ZIP encryption", "archive-flags"),
        verifyFailure("non-utf8-name", "entry 'assets/\u{FFFD}\u{FFFD}.txt' at offset 998 is not valid UTF-8", "archive-name"),
        verifyFailure("non-utf8-name-no-flag", "entry 'assets/\u{FFFD}\u{FFFD}.txt' at offset 998 is not valid UTF-8", "archive-name"),
        verifyFailure(
            "symlink-entry",
            "entry 'assets/passwd' is a symbolic link (file type 0o120000, made by host 3); a package holds regular files only, and an extractor that follows links can write outside its folder",
            "archive-file-type"),
        verifyFailure(
            "block-size-past-start", "the signing block's size 8384 at offset 1568 points outside the file", "signature-block",
            signature: malformed),
        verifyFailure(
            "block-size-overflow", "the signing block's size 18446744073709551615 at offset 1568 points outside the file",
            "signature-block", signature: malformed),
        verifyFailure(
            "block-pair-length-past-end", "an ID-value pair at offset 997 claims 9223372036854775807 bytes, past the end of the block",
            "signature-block", signature: malformed),
        verifyFailure("truncated", "not a ZIP package: no end of central directory record", "archive-not-a-package"),
        verifyFailure("no-end-record", "not a ZIP package: no end of central directory record", "archive-not-a-package"),
        verifyFailure(
            "directory-offset-past-end", "the end record at offset 1480 puts the central directory at offset 2502, after itself",
            "archive-end-record"),
        verifyFailure(
            "bomb-nested",
            "entry 'assets/nested.zip' is an archive that holds archives; a package may carry a ZIP file as data, but nested archives are how recursive zip bombs pass one-level checks",
            "archive-nested"),

        lintError("billion-laughs-icon", entities),
        lintError("xxe-icon", entities),
        lintError("xxe-parameter-entity-icon", entities),
        lintError("deep-json-manifest", "manifest.json:1:129: error: nesting is deeper than 128 levels [json-too-deep]"),
        lintError("deep-json-locale", "i18n/fr.json:1:641: error: nesting is deeper than 128 levels [json-too-deep]"),
        Case(
            fixture: "projects/deep-html-page", status: 1,
            lines: [
                "pages/index/index.html:9:1: error: \(unclosed)",
                "pages/index/index.html:9:499996: error: \(unclosed)",
                "100001 errors, 2 warnings and 0 notes in 8 files",
            ], megabytes: 768),
        lintError(
            "invalid-utf8-manifest",
            "manifest.json:1:131: error: invalid UTF-8 byte 0xFF (3 invalid bytes in the file); JSON text must be UTF-8 [json-invalid-utf8]"
        ),
        lintError(
            "invalid-utf8-page",
            "pages/index/index.html:9:4: error: invalid UTF-8 byte 0xFF (3 invalid bytes in the file); page templates must be UTF-8 [template-markup-error]"
        ),
        lintError(
            "invalid-utf8-script",
            "pages/index/index.js:1:4: error: invalid UTF-8 byte 0xFF (3 invalid bytes in the file); scripts must be UTF-8, and the runtime does not load this one [script-load-error]"
        ),
        lintError(
            "invalid-utf8-locale",
            "i18n/en.json:1:13: error: invalid UTF-8 byte 0xFF (3 invalid bytes in the file); JSON text must be UTF-8 [json-invalid-utf8]"),
        lintError(
            "invalid-utf8-icon",
            "icons/app.svg:1:61: error: input is not proper UTF-8, indicate encoding (bytes: 0xff 0xfe 0xc3 0x28) [icon-invalid-svg]"),
        lintError("endless-script", "pages/index/index.js: error: script did not finish loading within 1 s [script-load-error]"),
        lintError("endless-script-in-page", "pages/index/index.js: error: script did not finish loading within 1 s [script-load-error]"),
    ]

    /// A line of the machine's password file, which no output may show.
    static let secretLine = (try? String(contentsOfFile: "/etc/passwd", encoding: .utf8))?.split(separator: "\n").first.map(String.init)

    @Test(arguments: cases)
    func aHostileFixtureGivesItsExactDiagnosticWithinBounds(_ testCase: Case) async throws {
        try await CLIRunner.withTemporaryFolder { folder in
            let source = Self.hostile.appendingPathComponent(testCase.fixture)
            var arguments: [String]
            var prefix = ""
            if testCase.isArchive {
                try FileManager.default.copyItem(at: source, to: folder.appendingPathComponent(source.lastPathComponent))
                arguments = ["verify", source.lastPathComponent]
            } else {
                arguments = ["lint", source.path]
                prefix = source.standardizedFileURL.path + "/"
            }
            let before = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
            let outcome = try await BoundedProcess.run(CLIRunner.executable, arguments, in: folder)
            try Self.check(outcome, testCase, folder: folder, filesBefore: before, projectPrefix: prefix)
        }
    }

    /// `projectPrefix` is the project folder as lint prints it before each path (relative to
    /// where it ran); the cases' lines are written relative to the project.
    static func check(
        _ outcome: BoundedProcess.Outcome, _ testCase: Case, folder: URL, filesBefore: [String], projectPrefix: String = ""
    ) throws {
        #expect(
            outcome.signal == nil,
            "killed by signal \(outcome.signal ?? 0)\(outcome.signal == SIGKILL ? " (still running after the hang limit)" : "")")
        #expect(outcome.status == testCase.status)
        #expect(outcome.peakMemory < testCase.megabytes * 1024 * 1024, "peak memory \(outcome.peakMemory / 1024 / 1024) MB")
        let output = outcome.standardOutput + outcome.standardError
        let lines = Set(output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
        let expected = testCase.lines.map { line in
            line.range(of: #"^[^\s:]+(:[0-9]+:[0-9]+)?: (error|warning|note): "#, options: .regularExpression) == nil
                ? line : projectPrefix + line
        }
        let missing = expected.filter { !lines.contains($0) }
        #expect(missing == [], "output began: \(output.prefix(600))")
        #expect(!output.contains("Fatal error") && !output.contains("Stack dump"))
        if let secret = secretLine { #expect(!output.contains(secret)) }
        // Nothing written where mactl ran (verify extracts nothing; lint writes nothing).
        let after = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(after == filesBefore)
    }

    // MARK: - Inputs too big, or too odd, to commit: made here

    /// A blank app to attack, made by `mactl new`.
    static func blankApp(in folder: URL) async throws -> URL {
        let app = folder.appendingPathComponent("app")
        let made = try await CLIRunner.run(["new", app.path, "--template", "blank", "--name", "Hostile", "--app-id", "org.example.hostile"])
        #expect(made.status == 0)
        return app
    }

    static func lintInFreshFolder(_ prepare: (URL) async throws -> Void, expecting testCase: Case) async throws {
        try await CLIRunner.withTemporaryFolder { folder in
            let app = try await blankApp(in: folder)
            try await prepare(app)
            let work = folder.appendingPathComponent("work")
            try FileManager.default.createDirectory(at: work, withIntermediateDirectories: false)
            let outcome = try await BoundedProcess.run(CLIRunner.executable, ["lint", "../app"], in: work)
            try check(outcome, testCase, folder: work, filesBefore: [], projectPrefix: "../app/")
        }
    }

    @Test func aFiftyMegabyteSingleLineScriptIsLintedWithinBounds() async throws {
        try await Self.lintInFreshFolder(
            { app in
                // 50 MB of one statement list on one line: `x=1;x=1;...`, then a valid page.
                var script = [UInt8](repeating: 0, count: 0)
                script.reserveCapacity(50 * 1024 * 1024 + 64)
                let statement = Array("x=1;".utf8)
                while script.count < 50 * 1024 * 1024 { script += statement }
                script += Array("Page({ data: {} })\n".utf8)
                try Data(script).write(to: app.appendingPathComponent("pages/index/index.js"))
            },
            expecting: Case(
                fixture: "generated/50-mb-script", status: 1,
                lines: [
                    "pages/index/index.js: error: the script is 52428819 bytes, over the limit of 16777216 bytes for one script (no MiniApp platform takes a package that large); it was not run [script-load-error]"
                ],
                megabytes: 512))
    }

    @Test func aFileOverTheReadLimitIsReportedAndNotRead() async throws {
        try await Self.lintInFreshFolder(
            { app in
                // Sparse: 65 MB that take no disk.
                let big = app.appendingPathComponent("assets/huge.bin")
                try FileManager.default.createDirectory(at: big.deletingLastPathComponent(), withIntermediateDirectories: true)
                #expect(FileManager.default.createFile(atPath: big.path, contents: nil))
                let handle = try FileHandle(forWritingTo: big)
                try handle.truncate(atOffset: 65 * 1024 * 1024)
                try handle.close()
            },
            expecting: Case(
                fixture: "generated/over-read-limit", status: 1,
                lines: [
                    "assets/huge.bin: error: 'assets/huge.bin' is 68157440 bytes, over the limit of 67108864 bytes; it was not read [project-file-too-large]"
                ],
                megabytes: 256))
    }

    @Test func aSymlinkOutOfTheProjectIsReportedAndNotFollowed() async throws {
        try await Self.lintInFreshFolder(
            { app in
                try FileManager.default.createSymbolicLink(
                    at: app.appendingPathComponent("i18n/fr.json"), withDestinationURL: URL(fileURLWithPath: "/etc/passwd"))
            },
            expecting: Case(
                fixture: "generated/symlink-outside", status: 1,
                lines: [
                    "i18n/fr.json: error: 'i18n/fr.json' is a symbolic link to '/etc/passwd', outside the project; it is not followed [project-symlink-outside-root]"
                ]))
    }

    @Test func threeThousandMisspeltHandlersAreLintedWithinBounds() async throws {
        try await Self.lintInFreshFolder(
            { app in
                let page = app.appendingPathComponent("pages/index/index")
                var html = try String(contentsOf: page.appendingPathExtension("html"), encoding: .utf8)
                let buttons = (0..<3000).map { String(format: "<button @click=\"onHandlerNumber%05dx\">b</button>\n", $0) }.joined()
                html = html.replacingOccurrences(of: "</body>", with: buttons + "</body>")
                try html.write(to: page.appendingPathExtension("html"), atomically: true, encoding: .utf8)
                let handlers = (0..<3000).map { String(format: "  onHandlerNumber%05dy() {},\n", $0) }.joined()
                try "Page({\n  data: {},\n\(handlers)})\n".write(to: page.appendingPathExtension("js"), atomically: true, encoding: .utf8)
            },
            expecting: Case(
                fixture: "generated/many-handlers", status: 1,
                lines: ["3000 errors, 0 warnings and 3000 notes in 9 files"]))
    }

    @Test func aOneGibibyteSparseFileIsRefusedWithoutBeingRead() async throws {
        try await CLIRunner.withTemporaryFolder { folder in
            let package = folder.appendingPathComponent("huge.ma")
            #expect(FileManager.default.createFile(atPath: package.path, contents: nil))
            let handle = try FileHandle(forWritingTo: package)
            try handle.truncate(atOffset: 1 << 30)
            try handle.close()
            let outcome = try await BoundedProcess.run(CLIRunner.executable, ["verify", "huge.ma"], in: folder)
            try Self.check(
                outcome,
                Case(
                    fixture: "generated/sparse-1-gib", status: 1,
                    lines: [
                        "huge.ma: error: the package is 1073741824 bytes, over the limit of 268435456 bytes for a package; nothing was read [archive-too-large]",
                        "FAILED huge.ma", "signature: not checked",
                    ],
                    megabytes: 64), folder: folder, filesBefore: ["huge.ma"])
        }
    }
}
