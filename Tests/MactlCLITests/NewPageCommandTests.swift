import Foundation
import MiniAppKit
import Testing

/// `mactl new page NAME [--tab]`: the files it writes, the manifest and locale edits (text
/// inserted in the file's own style), what it prints, and every refusal.
struct NewPageCommandTests {
    /// A scaffolded app named "shop" in a temporary folder.
    private func withApp(template: String = "tabs", _ body: (URL) async throws -> Void) async throws {
        try await CLIRunner.withTemporaryFolder { folder in
            let app = folder.appendingPathComponent("shop")
            let created = try await CLIRunner.run([
                "new", app.path, "--template", template, "--app-id", "org.example.shop", "--name", "Shop",
            ])
            #expect(created.status == 0, "\(created.standardError)")
            try await body(app)
        }
    }

    private func read(_ app: URL, _ path: String) throws -> String {
        try String(contentsOf: app.appendingPathComponent(path), encoding: .utf8)
    }

    /// Every file of the project and its bytes, to show that a refusal changed nothing.
    private func snapshot(_ folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = try #require(FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey]))
        for case let url as URL in enumerator where (try url.resourceValues(forKeys: [.isRegularFileKey])).isRegularFile == true {
            files[String(url.path.dropFirst(folder.path.count))] = try Data(contentsOf: url)
        }
        let folders = (FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? []).sorted()
        files["(entries)"] = Data(folders.joined(separator: "\n").utf8)
        return files
    }

    /// The ids of what `lint` reports, and its exit status.
    private func lintIDs(_ app: URL) async throws -> (status: Int32, ids: [String]) {
        let result = try await CLIRunner.run(["lint", "--format", "json"], in: app)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let diagnostics = try #require(document["diagnostics"] as? [[String: Any]])
        return (result.status, diagnostics.compactMap { $0["id"] as? String }.sorted())
    }

    /// On a fresh scaffold of every template, with and without a tab, the project lints as
    /// clean as before: `--strict` passes and no rule reports anything new, except the note
    /// every app with SVG tab icons gets, when the page brought the app its first tab bar.
    /// (A web bundle has no pages: `RakutenBundleCommandTests`.)
    @Test(arguments: EmbeddedTemplates.names.filter { $0 != "rakuten" }, [false, true])
    func aNewPageLintsAsCleanAsTheScaffold(template: String, tab: Bool) async throws {
        try await withApp(template: template) { app in
            let before = try await lintIDs(app)
            #expect(before.status == 0)
            let result = try await CLIRunner.run(["new", "page", "order-history"] + (tab ? ["--tab"] : []), in: app)
            #expect(result.status == 0, "\(result.standardError)")
            #expect(result.standardError == "")
            let after = try await lintIDs(app)
            #expect(after.status == 0)
            let hadTabBar = before.ids.contains("icon-tab-svg-on-android")
            let expected = tab && !hadTabBar ? (before.ids + ["icon-tab-svg-on-android"]).sorted() : before.ids
            #expect(after.ids == expected)
            #expect(try await CLIRunner.run(["lint", "--strict"], in: app).status == 0)
            for suffix in [".html", ".js", ".css"] {
                #expect(
                    FileManager.default.fileExists(atPath: app.appendingPathComponent("pages/order-history/order-history" + suffix).path))
            }
            // The page ships: pack takes the manifest's pages.
            let pack = try await CLIRunner.run(["pack", "-o", "../shop.ma"], in: app)
            #expect(pack.status == 0, "\(pack.standardError)")
            let inspect = try await CLIRunner.run(["inspect", "../shop.ma"], in: app)
            #expect(inspect.standardOutput.contains("\npages/order-history/order-history.html "))
        }
    }

    @Test func theTabsTemplateGetsAFourthTabInTheStyleOfTheOthers() async throws {
        try await withApp { app in
            let manifest = try read(app, "manifest.json")
            let english = try read(app, "i18n/en.json")
            let french = try read(app, "i18n/fr.json")
            let result = try await CLIRunner.run(["new", "page", "profile", "--tab"], in: app)
            #expect(result.status == 0)
            #expect(
                result.standardOutput == """
                    created pages/profile/profile.html
                    created pages/profile/profile.js
                    created pages/profile/profile.css
                    created icons/profile.svg
                    updated manifest.json: added "pages/profile/profile" to 'pages' and a tab for it to 'tab_bar.tabs'
                    updated i18n/en.json: added 'profile.title', 'tab.profile'
                    updated i18n/fr.json: added 'profile.title', 'tab.profile' (to translate)
                    next: mactl lint

                    """)
            // Inserted text only: every other byte of the manifest is as it was.
            #expect(
                try read(app, "manifest.json")
                    == manifest
                    .replacingOccurrences(
                        of: """
                                "pages/detail/detail"
                            """,
                        with: """
                                "pages/detail/detail",
                                "pages/profile/profile"
                            """
                    )
                    .replacingOccurrences(
                        of: """
                                  { "page": "pages/settings/settings", "text": "tab.settings", "icon": "icons/settings.svg" }
                            """,
                        with: """
                                  { "page": "pages/settings/settings", "text": "tab.settings", "icon": "icons/settings.svg" },
                                  { "page": "pages/profile/profile", "text": "tab.profile", "icon": "icons/profile.svg" }
                            """))
            #expect(
                try read(app, "i18n/en.json")
                    == english.replacingOccurrences(
                        of: "  \"detail.back\": \"Back\"\n",
                        with: "  \"detail.back\": \"Back\",\n  \"profile.title\": \"Profile\",\n  \"tab.profile\": \"Profile\"\n"))
            #expect(
                try read(app, "i18n/fr.json")
                    == french.replacingOccurrences(
                        of: "  \"detail.back\": \"Retour\"\n",
                        with: "  \"detail.back\": \"Retour\",\n  \"profile.title\": \"Profile\",\n  \"tab.profile\": \"Profile\"\n"))
            #expect(
                try read(app, "pages/profile/profile.html") == """
                    <!DOCTYPE html>
                    <html>
                    <head>
                      <meta charset="utf-8">
                      <meta name="viewport" content="width=device-width, initial-scale=1">
                      <link rel="stylesheet" href="../../app.css">
                      <link rel="stylesheet" href="profile.css">
                    </head>
                    <body x-data="page">
                      <h1 x-text="$t('profile.title')"></h1>
                    </body>
                    </html>

                    """)
            #expect(try read(app, "pages/profile/profile.js") == "Page({\n  data: {},\n});\n")
            #expect(try read(app, "pages/profile/profile.css") == "h1 {\n  margin: 16px;\n}\n")
            #expect(
                try read(app, "icons/profile.svg") == """
                    <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="24" height="24">
                      <path d="M6 2H14L20 8V20C20 21.1 19.1 22 18 22H6C4.9 22 4 21.1 4 20V4C4 2.9 4.9 2 6 2Z" fill="currentColor"/>
                    </svg>

                    """)
            // The fifth tab fits; a sixth does not.
            #expect(try await CLIRunner.run(["new", "page", "cart", "--tab"], in: app).status == 0)
            let before = try snapshot(app)
            let sixth = try await CLIRunner.run(["new", "page", "more", "--tab"], in: app)
            #expect(sixth.status == 2)
            #expect(
                sixth.standardError
                    == "error: the tab bar has 5 tabs, the most a phone's tab bar holds; add the page without --tab, or remove a tab first\n"
            )
            #expect(try snapshot(app) == before)
        }
    }

    /// A tab bar needs two tabs: an app without one gets a tab bar whose first tab is its
    /// launch page, each tab with a text in every locale and an icon the iOS tab bar draws.
    @Test func theBlankTemplateGetsATabBarWhoseFirstTabIsTheLaunchPage() async throws {
        try await withApp(template: "blank") { app in
            let result = try await CLIRunner.run(["new", "page", "order-history", "--tab"], in: app)
            #expect(result.status == 0)
            #expect(
                result.standardOutput == """
                    created pages/order-history/order-history.html
                    created pages/order-history/order-history.js
                    created pages/order-history/order-history.css
                    created icons/index.svg
                    created icons/order-history.svg
                    updated manifest.json: added "pages/order-history/order-history" to 'pages' and a tab bar with tabs for "pages/index/index" and "pages/order-history/order-history"
                    updated i18n/en.json: added 'order-history.title', 'tab.index', 'tab.order-history'
                    next: mactl lint

                    """)
            #expect(
                try read(app, "manifest.json") == """
                    {
                      "app_id": "org.example.shop",
                      "name": "Shop",
                      "lang": "en",
                      "icons": [
                        { "src": "icons/app.svg", "sizes": "any" }
                      ],
                      "version": { "code": 1, "name": "1.0.0" },
                      "platform_version": { "min_code": 1 },
                      "pages": [
                        "pages/index/index",
                        "pages/order-history/order-history"
                      ],
                      "window": {
                        "navigation_bar_title_text": "app.title"
                      },
                      "tab_bar": {
                        "tabs": [
                          { "page": "pages/index/index", "text": "tab.index", "icon": "icons/index.svg" },
                          { "page": "pages/order-history/order-history", "text": "tab.order-history", "icon": "icons/order-history.svg" }
                        ]
                      }
                    }

                    """)
            #expect(
                try read(app, "i18n/en.json") == """
                    {
                      "app.title": "Shop",
                      "index.greeting": "Hello from Shop",
                      "order-history.title": "Order history",
                      "tab.index": "Home",
                      "tab.order-history": "Order history"
                    }

                    """)
            #expect(try read(app, "icons/index.svg").contains(" d=\"M3 10.5L12 3L21 10.5V20"))
        }
    }

    /// Run inside the project, the page is found as `lint` finds it, from any subfolder;
    /// paths are printed relative to the current folder. With `--project`, the hint names it.
    @Test func theProjectIsFoundUpwardOrNamedWithProject() async throws {
        try await withApp(template: "blank") { app in
            let inside = try await CLIRunner.run(["new", "page", "about"], in: app.appendingPathComponent("pages/index"))
            #expect(inside.status == 0)
            #expect(
                inside.standardOutput == """
                    created ../../pages/about/about.html
                    created ../../pages/about/about.js
                    created ../../pages/about/about.css
                    updated ../../manifest.json: added "pages/about/about" to 'pages'
                    updated ../../i18n/en.json: added 'about.title'
                    open it from a page's script: skip.nav.navigateTo({ url: 'pages/about/about' })
                    next: mactl lint

                    """)
            let spaced = app.deletingLastPathComponent().appendingPathComponent("my shop")
            try FileManager.default.moveItem(at: app, to: spaced)
            let named = try await CLIRunner.run(
                ["new", "page", "help_center", "--project", "my shop"], in: spaced.deletingLastPathComponent())
            #expect(named.status == 0)
            #expect(
                named.standardOutput == """
                    created my shop/pages/help_center/help_center.html
                    created my shop/pages/help_center/help_center.js
                    created my shop/pages/help_center/help_center.css
                    updated my shop/manifest.json: added "pages/help_center/help_center" to 'pages'
                    updated my shop/i18n/en.json: added 'help_center.title'
                    open it from a page's script: skip.nav.navigateTo({ url: 'pages/help_center/help_center' })
                    next: mactl lint 'my shop'

                    """)
            #expect(
                try read(spaced, "i18n/en.json").hasSuffix("  \"about.title\": \"About\",\n  \"help_center.title\": \"Help center\"\n}\n"))
            #expect(try await CLIRunner.run(["lint", "my shop", "--strict"], in: spaced.deletingLastPathComponent()).status == 0)
        }
    }

    /// Without locale files, the page shows its title as text and the tab names it as written.
    @Test func anAppWithoutLocalesGetsPlainTexts() async throws {
        try await withApp(template: "blank") { app in
            try FileManager.default.removeItem(at: app.appendingPathComponent("i18n"))
            try Data(
                #"{ "app_id": "org.example.shop", "name": "Shop", "icons": [{ "src": "icons/app.svg" }], "version": { "code": 1, "name": "1.0.0" }, "platform_version": { "min_code": 1 }, "pages": ["pages/index/index"] }"#
                    .utf8
            )
            .write(to: app.appendingPathComponent("manifest.json"))
            try Data(
                "<!DOCTYPE html>\n<html>\n<head>\n  <link rel=\"stylesheet\" href=\"../../app.css\">\n  <link rel=\"stylesheet\" href=\"index.css\">\n</head>\n<body x-data=\"page\">\n  <h1>Shop</h1>\n</body>\n</html>\n"
                    .utf8
            )
            .write(to: app.appendingPathComponent("pages/index/index.html"))
            let before = try await lintIDs(app)
            let result = try await CLIRunner.run(["new", "page", "cart", "--tab"], in: app)
            #expect(result.status == 0)
            #expect(
                result.standardOutput == """
                    created pages/cart/cart.html
                    created pages/cart/cart.js
                    created pages/cart/cart.css
                    created icons/index.svg
                    created icons/cart.svg
                    updated manifest.json: added "pages/cart/cart" to 'pages' and a tab bar with tabs for "pages/index/index" and "pages/cart/cart"
                    next: mactl lint

                    """)
            // A manifest on one line gets one line more of the same.
            #expect(
                try read(app, "manifest.json")
                    == #"{ "app_id": "org.example.shop", "name": "Shop", "icons": [{ "src": "icons/app.svg" }], "version": { "code": 1, "name": "1.0.0" }, "platform_version": { "min_code": 1 }, "pages": ["pages/index/index", "pages/cart/cart"], "tab_bar": { "tabs": [{ "page": "pages/index/index", "text": "Home", "icon": "icons/index.svg" }, { "page": "pages/cart/cart", "text": "Cart", "icon": "icons/cart.svg" }] } }"#
            )
            #expect(try read(app, "pages/cart/cart.html").contains("\n<body x-data=\"page\">\n  <h1>Cart</h1>\n</body>\n"))
            #expect(try await lintIDs(app).ids == (before.ids + ["icon-tab-svg-on-android"]).sorted())
        }
    }

    @Test func refusalsExitTwoWithOneLineAndChangeNothing() async throws {
        try await withApp { app in
            try FileManager.default.createDirectory(at: app.appendingPathComponent("pages/Draft"), withIntermediateDirectories: true)
            try Data("<body x-data=\"page\"></body>\n".utf8).write(to: app.appendingPathComponent("pages/Draft/Draft.html"))
            let before = try snapshot(app)
            let nameRule =
                "it must start with an ASCII letter, then up to 63 letters, digits, '-' or '_' (it becomes the folder, the file names and the route 'pages/NAME/NAME')"
            let cases: [([String], String)] = [
                (["home"], "the page 'pages/home/home' is already in the manifest's 'pages'; choose another name"),
                (
                    ["Home"],
                    "'pages/Home/Home' differs from the listed page 'pages/home/home' only in letter case, and a Mac's disk takes both for one folder; choose another name"
                ),
                (["draft"], "'pages/Draft' exists; choose another name, or list the page it holds in the manifest's 'pages'"),
                (["my page"], "'my page' is not a page name: \(nameRule)"),
                (["9lives"], "'9lives' is not a page name: \(nameRule)"),
                (["a.b"], "'a.b' is not a page name: \(nameRule)"),
                (["shop/cart"], "'shop/cart' is not a page name: \(nameRule)"),
                (["é"], "'é' is not a page name: \(nameRule)"),
                ([String(repeating: "a", count: 65)], "'\(String(repeating: "a", count: 65))' is not a page name: \(nameRule)"),
                (["x", "--project", "nowhere"], "no such folder 'nowhere'; --project names a MiniApp project folder"),
                (["x", "--project", "pages"], "no manifest.json in 'pages'; --project names a MiniApp project folder"),
            ]
            for (arguments, message) in cases {
                let result = try await CLIRunner.run(["new", "page"] + arguments, in: app)
                #expect(result.status == 2, "\(arguments)")
                #expect(result.standardError == "error: \(message)\n")
                #expect(result.standardOutput == "")
            }
            #expect(try snapshot(app) == before)
        }
    }

    @Test func aManifestOrLocaleItCannotEditIsRefused() async throws {
        try await withApp { app in
            let manifestURL = app.appendingPathComponent("manifest.json")
            let manifest = try read(app, "manifest.json")
            let cases: [(String, String, String)] = [
                (
                    "manifest.json", manifest.replacingOccurrences(of: "\"pages\": [", with: "\"routes\": ["),
                    "cannot register the page in 'manifest.json': it has no 'pages' list; add \"pages\": [] to it first"
                ),
                (
                    "manifest.json",
                    manifest.replacingOccurrences(of: "\"pages\": [", with: "\"pages\": \"pages/home/home\", \"routes\": ["),
                    "cannot register the page in 'manifest.json': 'pages' is a string, not a list of page paths"
                ),
                ("manifest.json", "[\"pages/home/home\"]\n", "cannot register the page in 'manifest.json': it is not a JSON object"),
                (
                    "manifest.json", "{\n  \"pages\": [\n",
                    "cannot register the page in 'manifest.json': it is not valid JSON (line 3, column 1: unexpected end of file; expected a value); fix it first, 'mactl lint' shows where"
                ),
                ("i18n/fr.json", "[]\n", "cannot add the page's texts to 'i18n/fr.json': it is not a JSON object"),
                (
                    "manifest.json", manifest.replacingOccurrences(of: "\"tab_bar\": {", with: "\"tab_bar\": [], \"old_tab_bar\": {"),
                    "cannot register the page in 'manifest.json': 'tab_bar' is an array, not an object with 'tabs'"
                ),
            ]
            for (path, text, message) in cases {
                let url = app.appendingPathComponent(path)
                let original = try Data(contentsOf: url)
                try Data(text.utf8).write(to: url)
                let before = try snapshot(app)
                let result = try await CLIRunner.run(["new", "page", "profile", "--tab"], in: app)
                #expect(result.status == 2)
                #expect(result.standardError == "error: \(message)\n")
                #expect(try snapshot(app) == before)
                try original.write(to: url)
            }
            // No other page to be the first tab of a new tab bar.
            try Data(
                manifest.replacingOccurrences(of: "\"tab_bar\"", with: "\"x_tab_bar\"")
                    .replacingOccurrences(
                        of:
                            "\"pages/home/home\",\n    \"pages/explore/explore\",\n    \"pages/settings/settings\",\n    \"pages/detail/detail\"\n",
                        with: ""
                    ).utf8
            )
            .write(to: manifestURL)
            let alone = try await CLIRunner.run(["new", "page", "profile", "--tab"], in: app)
            #expect(alone.status == 2)
            #expect(
                alone.standardError
                    == "error: a tab bar needs 2 tabs and the app has no other page to be the first; add the page without --tab, or add another page first\n"
            )
        }
    }

    @Test func outsideAProjectItSaysWhereToRunIt() async throws {
        try await CLIRunner.withTemporaryFolder { folder in
            let result = try await CLIRunner.run(["new", "page", "profile"], in: folder)
            #expect(result.status == 2)
            #expect(
                result.standardError
                    == "error: no manifest.json here or in any folder above; run mactl new page inside a MiniApp project, or name one with --project\n"
            )
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
        }
    }

    /// A write that fails halfway removes what was written: the project is as it was.
    @Test func aFailedWriteLeavesTheProjectAsItWas() async throws {
        try await withApp(template: "blank") { app in
            // A file named 'icons' where the tab icons' folder would go.
            try FileManager.default.removeItem(at: app.appendingPathComponent("icons"))
            try Data("not a folder\n".utf8).write(to: app.appendingPathComponent("icons"))
            let before = try snapshot(app)
            let result = try await CLIRunner.run(["new", "page", "profile", "--tab"], in: app)
            #expect(result.status == 2)
            #expect(
                result.standardError
                    == "error: cannot write 'icons/index.svg': a part of its path is a file, not a folder; nothing was changed\n")
            #expect(result.standardOutput == "")
            #expect(try snapshot(app) == before)
        }
    }

    /// `page` is the page form; an app folder named "page" is `./page`, and a missing name is
    /// ArgumentParser's usage error.
    @Test func anAppFolderNamedPageIsWrittenDotSlashPage() async throws {
        try await CLIRunner.withTemporaryFolder { folder in
            let missing = try await CLIRunner.run(["new", "page"], in: folder)
            #expect(missing.status == 2)
            #expect(missing.standardError.hasPrefix("Error: Missing expected argument '<name>'\n"))
            #expect(
                missing.standardError.hasSuffix(
                    "Usage: mactl new page <name> [--tab] [--project <project>]\n  See 'mactl new page --help' for more information.\n"))
            // Options of a new project are refused, before `page` or after it.
            for arguments in [["new", "page", "x", "--template", "blank"], ["new", "--name", "X", "page", "x", "--lang", "fr"]] {
                let misplaced = try await CLIRunner.run(arguments, in: folder)
                #expect(misplaced.status == 2)
                #expect(
                    misplaced.standardError.hasPrefix(
                        arguments.count == 5
                            ? "Error: --template is an option of a new project, not of 'mactl new page'\n"
                            : "Error: --name and --lang are options of a new project, not of 'mactl new page'\n"))
            }
            let app = try await CLIRunner.run(["new", "./page", "--template", "blank"], in: folder)
            #expect(app.status == 0)
            #expect(
                app.standardOutput
                    == "created './page' from the 'blank' template (10 files)\nnext: mactl lint ./page, then mactl test ./page\n")
            let noPath = try await CLIRunner.run(["new"], in: folder)
            #expect(noPath.status == 2)
            #expect(
                noPath.standardError.hasSuffix(
                    "Usage: mactl new <path> [--template <template>] [--app-id <app-id>] [--name <name>] [--lang <lang>]\n  See 'mactl new --help' for more information.\n"
                ))
        }
    }
}
