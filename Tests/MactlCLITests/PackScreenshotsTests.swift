import Foundation
import Testing

/// `mactl pack --screenshots`: every page × locale × colour scheme photographed in headless
/// Chromium, beside the report and listed in it; and what happens when it cannot be done.
@Suite(.serialized) struct PackScreenshotsTests {
    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// A PNG's width and height, from its IHDR chunk.
    static func size(_ png: [UInt8]) -> (Int, Int) {
        func word(_ at: Int) -> Int { png[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (word(16), word(20))
    }

    @Test func theScaffoldsPagesArePhotographedInEachLocaleAndScheme() async throws {
        try await CLIRunner.withTemporaryFolder { folder in
            #expect(try await CLIRunner.run(["new", "app"], in: folder).status == 0)
            let result = try await CLIRunner.run(["pack", "app", "--screenshots"], in: folder)
            #expect(result.status == 0)
            #expect(
                result.standardOutput.hasSuffix(
                    "report app/dist/com.example.app-1.0.0.report.yaml\nscreenshots app/dist/com.example.app-1.0.0.report.screenshots/index.html: 16 pictures\n"
                ))
            let shots = folder.appendingPathComponent("app/dist/com.example.app-1.0.0.report.screenshots")
            let pages = ["home", "explore", "settings", "detail"]
            let names = pages.flatMap { page in ["en", "fr"].flatMap { locale in ["light", "dark"].map { "\(page).\(locale).\($0).png" } } }
            #expect(try FileManager.default.contentsOfDirectory(atPath: shots.path).sorted() == (names + ["index.html"]).sorted())
            for name in names {
                let png = try [UInt8](Data(contentsOf: shots.appendingPathComponent(name)))
                #expect(Array(png.prefix(8)) == Self.pngSignature, "\(name)")
                #expect(Self.size(png) == (780, 1688), "\(name)")
            }
            // The French home says Accueil; dark differs from light (the system bars turn dark).
            let light = try Data(contentsOf: shots.appendingPathComponent("home.fr.light.png"))
            #expect(light != (try Data(contentsOf: shots.appendingPathComponent("home.fr.dark.png"))))
            #expect(light != (try Data(contentsOf: shots.appendingPathComponent("home.en.light.png"))))

            // The report lists them, in the order taken: locale, then page, then scheme.
            let report = try String(
                contentsOf: folder.appendingPathComponent("app/dist/com.example.app-1.0.0.report.yaml"), encoding: .utf8)
            let routes = [
                "home": "pages/home/home", "explore": "pages/explore/explore", "settings": "pages/settings/settings",
                "detail": "pages/detail/detail",
            ]
            var expected = """
                screenshots:
                  folder: "com.example.app-1.0.0.report.screenshots"
                  contact_sheet: "com.example.app-1.0.0.report.screenshots/index.html"
                  viewport: "390x844@2x"
                  shots:

                """
            for locale in ["en", "fr"] {
                for page in pages {
                    for scheme in ["light", "dark"] {
                        expected +=
                            "  - page: \"\(routes[page]!)\"\n    locale: \"\(locale)\"\n    scheme: \"\(scheme)\"\n    file: \"\(page).\(locale).\(scheme).png\"\n"
                    }
                }
            }
            expected += "timings_ms:"
            #expect(report.contains(expected))

            // The contact sheet: a row per page, a column per locale and scheme, each picture linked.
            let sheet = try String(contentsOf: shots.appendingPathComponent("index.html"), encoding: .utf8)
            #expect(sheet.contains("<tr><th>page</th><th>en · light</th><th>en · dark</th><th>fr · light</th><th>fr · dark</th></tr>"))
            #expect(
                sheet.contains(
                    "<tr><th>pages/home/home</th><td><a href=\"home.en.light.png\"><img src=\"home.en.light.png\" alt=\"pages/home/home, en · light\"></a></td>"
                ))
            #expect(sheet.components(separatedBy: "<img ").count - 1 == 16)

            // Taken again, the same pictures, byte for byte.
            let first = try names.map { try Data(contentsOf: shots.appendingPathComponent($0)) }
            #expect(try await CLIRunner.run(["pack", "app", "--screenshots"], in: folder).status == 0)
            #expect(try names.map { try Data(contentsOf: shots.appendingPathComponent($0)) } == first)
        }
    }

    @Test func withoutABrowserNothingIsWritten() async throws {
        try await CLIRunner.withTemporaryFolder { folder in
            #expect(try await CLIRunner.run(["new", "app"], in: folder).status == 0)
            let result = try await CLIRunner.run(
                ["pack", "app", "--screenshots"], in: folder, environment: ["MACTL_CHROMIUM": "/nonexistent/chromium"])
            #expect(result.status == 2)
            #expect(
                result.standardError.hasSuffix(
                    "error: cannot start Chromium for the screenshots: cannot start '/nonexistent/chromium': No such file or directory; nothing was written\n"
                ))
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("app/dist").path))
        }
    }

    @Test func withoutAlpineItSaysHowToGetItBeforeLinting() async throws {
        try await CLIRunner.withTemporaryFolder { folder in
            #expect(try await CLIRunner.run(["new", "app"], in: folder).status == 0)
            let result = try await CLIRunner.run(["pack", "app", "--screenshots", "--alpine", "missing.js"], in: folder)
            #expect(result.status == 2)
            #expect(result.standardOutput == "")
            #expect(
                result.standardError
                    == "error: --screenshots needs Alpine.js, which is not at 'missing.js': run scripts/setup.sh (it installs it from PyPI) or pass --alpine PATH\n"
            )
        }
    }

    /// A page pushed with a query is shot with the query `.mactl.yml` gives it; and with stderr
    /// not a terminal (a log, CI), no progress is written there.
    @Test func aPushedPageIsShotWithItsQueryFromTheConfigurationAndNoProgressOutsideATerminal() async throws {
        try await CLIRunner.withTemporaryFolder { folder in
            try await ServeCommandTests.detailWithQuery(folder)
            let shots = folder.appendingPathComponent("app/dist/com.example.app-1.0.0.report.screenshots")
            func take(_ query: String) async throws -> [String: Data] {
                try "screenshots:\n  queries:\n    pages/detail/detail: \"\(query)\"\n".write(
                    to: folder.appendingPathComponent("app/.mactl.yml"), atomically: true, encoding: .utf8)
                let result = try await CLIRunner.run(["pack", "app", "--screenshots"], in: folder)
                #expect(result.status == 0)
                #expect(result.standardError == "")
                let names = ["home", "detail"].map { "\($0).en.light.png" }
                return try Dictionary(uniqueKeysWithValues: names.map { ($0, try Data(contentsOf: shots.appendingPathComponent($0))) })
            }
            let three = try await take("id=3")
            let four = try await take("id=4")
            // The detail page shows its query; the home page, a tab's, is opened with none.
            #expect(three["detail.en.light.png"] != four["detail.en.light.png"])
            #expect(three["home.en.light.png"] == four["home.en.light.png"])
        }
    }

    @Test func aQueryForARouteThatIsNoPageIsAnErrorAtItsPlace() async throws {
        try await CLIRunner.withTemporaryFolder { folder in
            #expect(try await CLIRunner.run(["new", "app"], in: folder).status == 0)
            try "screenshots:\n  queries:\n    pages/recipe/recipe: \"id=3\"\n".write(
                to: folder.appendingPathComponent("app/.mactl.yml"), atomically: true, encoding: .utf8)
            let result = try await CLIRunner.run(["pack", "app", "--screenshots"], in: folder)
            #expect(result.status == 2)
            #expect(
                result.standardError.hasSuffix(
                    "error: app/.mactl.yml:3:5: screenshots.queries: 'pages/recipe/recipe' is not a page of the app; the manifest's pages are "
                        + "'pages/home/home', 'pages/explore/explore', 'pages/settings/settings', 'pages/detail/detail'; nothing was written\n"
                ))
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("app/dist").path))
        }
    }

    /// On a terminal, each picture is announced on one line that the next rewrites, cleared
    /// before the pack's own output. Python's pty module gives mactl the terminal.
    @Test func onATerminalEachPictureIsAnnouncedOnOneRewrittenLine() async throws {
        try await CLIRunner.withTemporaryFolder { folder in
            #expect(try await CLIRunner.run(["new", "app"], in: folder).status == 0)
            let spawn = "import os, pty, sys; os.dup2(os.open(os.devnull, os.O_RDONLY), 0); sys.exit(pty.spawn(sys.argv[1:]) >> 8)"
            let result = try await CLIRunner.run(
                ["python3", "-c", spawn, CLIRunner.executable.path, "pack", "app", "--screenshots"], in: folder,
                executable: URL(fileURLWithPath: "/usr/bin/env"))
            #expect(result.status == 0)
            var expected = ""
            var index = 0
            for locale in ["en", "fr"] {
                for page in ["pages/home/home", "pages/explore/explore", "pages/settings/settings", "pages/detail/detail"] {
                    for scheme in ["light", "dark"] {
                        index += 1
                        expected += "\r\u{1B}[Kshooting \(index)/16 \(page) (\(locale), \(scheme))"
                    }
                }
            }
            #expect(result.standardOutput.contains(expected + "\r\u{1B}[Kpacked app/dist/com.example.app-1.0.0.ma: "))
        }
    }
}
