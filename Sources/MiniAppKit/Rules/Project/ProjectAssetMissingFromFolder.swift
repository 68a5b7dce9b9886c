/// A page loads a project file that SkipMiniApp does not copy when it runs the app from a
/// folder: the image, font, stylesheet or script works from a packed `.ma` only.
public struct ProjectAssetMissingFromFolder: Rule {
    public static let description = RuleDescription(
        id: "project-asset-missing-from-folder", domain: .project, severity: .note,
        summary: "A page loads a file that SkipMiniApp does not copy when it runs the app from a folder.",
        rationale: """
            A host can run a SkipMiniApp app from a packed `.ma`, which it extracts whole, or \
            from a folder (an expanded app in the host's bundle, a development copy). From a \
            folder it copies only `manifest.json`, `app.js`, `app.css`, the `.html`, `.js` and \
            `.css` of each `pages` entry and the tab icons, and serves the pages from that copy: \
            an image, font, stylesheet or script a page loads from anywhere else (`assets/`, \
            `common/`, a library under `lib/`) is missing there, though the same app packed \
            works. The references checked are those the packer follows: `src`, `srcset`, \
            `poster`, `<object data>`, `<link rel="stylesheet" href>`, `<use href>`, `<image href>` \
            in a listed page's template (a `<link>` for an icon or a preload shows nothing), and `url(…)` and `@import` in `app.css` or a page's stylesheet \
            that a listed page links. Ship the app as a `.ma` (`mactl pack`) to keep such \
            files, or move what a page needs into its own files (its `.css`, an inline `data:` \
            URL). A file that is not in the project at all is `package-missing-asset`'s; a \
            root-relative reference (`/assets/x.png`) names the phone's file system root, \
            missing from a package too, and is not reported here.
            """,
        runtimeFacts: ["skip.directory-whitelist", "skip.package-extracted-whole"],
        triggering: [
            RuleExample(
                files: [
                    (
                        "pages/index/index.html",
                        """
                        <!DOCTYPE html>
                        <html>
                        <head>
                          <link rel="stylesheet" href="../../app.css">
                          <link rel="stylesheet" href="index.css">
                          <script src="1️⃣../../lib/dayjs.min.js"></script>
                        </head>
                        <body x-data="page">
                          <img src="2️⃣../../assets/logo.png" srcset="../../icons/home.svg 1x, 3️⃣../../assets/logo@2x.png 2x">
                        </body>
                        </html>

                        """
                    ),
                    ("pages/index/index.css", ".hero { background: url(4️⃣../../assets/hero.jpg); }\n"),
                ],
                supportFiles: [
                    "manifest.json": MinimalApp.manifest(
                        with: """
                            "pages": ["pages/index/index", "pages/me/me"],
                            "tab_bar": { "tabs": [
                              { "page": "pages/index/index", "text": "Home", "icon": "icons/home.svg" },
                              { "page": "pages/me/me", "text": "Me", "icon": "icons/app.svg" }
                            ] }
                            """),
                    "pages/me/me.html": "<body x-data=\"page\"></body>\n",
                    "icons/home.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 24 24\"><path d=\"M0 0h24v24H0z\"/></svg>\n",
                    "lib/dayjs.min.js": "window.dayjs = function () {};\n",
                    "assets/logo.png": "png",
                    "assets/logo@2x.png": "png",
                    "assets/hero.jpg": "jpg",
                ],
                expected: [
                    .at(
                        "1️⃣",
                        "'../../lib/dayjs.min.js' (lib/dayjs.min.js) works from a .ma, but is missing when the host loads the app from a folder: SkipMiniApp copies only manifest.json, app.js, app.css, the files of each 'pages' entry and the tab icons"
                    ),
                    .at(
                        "2️⃣",
                        "'../../assets/logo.png' (assets/logo.png) works from a .ma, but is missing when the host loads the app from a folder: SkipMiniApp copies only manifest.json, app.js, app.css, the files of each 'pages' entry and the tab icons"
                    ),
                    .at(
                        "3️⃣",
                        "'../../assets/logo@2x.png' (assets/logo@2x.png) works from a .ma, but is missing when the host loads the app from a folder: SkipMiniApp copies only manifest.json, app.js, app.css, the files of each 'pages' entry and the tab icons"
                    ),
                    .at(
                        "4️⃣",
                        "'../../assets/hero.jpg' (assets/hero.jpg) works from a .ma, but is missing when the host loads the app from a folder: SkipMiniApp copies only manifest.json, app.js, app.css, the files of each 'pages' entry and the tab icons"
                    ),
                ]),
            // The app icon is decoded, never copied.
            .file(
                "pages/index/index.html", "<body x-data=\"page\">\n  <img src=\"1️⃣../../icons/app.svg\">\n</body>\n",
                expected: [
                    .at(
                        "1️⃣",
                        "'../../icons/app.svg' (icons/app.svg) works from a .ma, but is missing when the host loads the app from a folder: SkipMiniApp copies only manifest.json, app.js, app.css, the files of each 'pages' entry and the tab icons"
                    )
                ]),
        ],
        nonTriggering: [
            // app.css, the page's own stylesheet and script, another listed page's stylesheet
            // and a tab icon are all copied; a remote image is not a project file.
            RuleExample(
                files: [
                    (
                        "pages/index/index.html",
                        """
                        <head>
                          <link rel="stylesheet" href="../../app.css">
                          <link rel="stylesheet" href="../me/me.css">
                          <script src="index.js"></script>
                        </head>
                        <body x-data="page">
                          <link rel="icon" href="../../icons/app.svg">
                          <img src="../../icons/me.svg" srcset="./../../icons/me.svg 2x">
                          <img src="https://cdn.example.com/logo.png">
                        </body>

                        """
                    ),
                    ("pages/me/me.css", "@import \"../../app.css\";\n"),
                ],
                supportFiles: [
                    "manifest.json": MinimalApp.manifest(
                        with: """
                            "pages": ["pages/index/index", "pages/me/me"],
                            "tab_bar": { "tabs": [
                              { "page": "pages/index/index", "text": "Home", "icon": "icons/app.svg" },
                              { "page": "pages/me/me", "text": "Me", "icon": "./icons/me.svg" }
                            ] }
                            """),
                    "pages/me/me.html": "<body x-data=\"page\"></body>\n",
                    "icons/me.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 24 24\"><path d=\"M0 0h24v24H0z\"/></svg>\n",
                ]),
            // A stylesheet no listed page links is never loaded, a page left out of `pages` is
            // `project-unlisted-page`'s, and a root-relative path is missing from a package too.
            RuleExample(
                files: [
                    ("pages/index/index.html", "<body x-data=\"page\"><img src=\"/assets/bg.png\"></body>\n"),
                    ("common/theme.css", ".x { background: url(../assets/bg.png); }\n"),
                    ("pages/about/about.html", "<body><img src=\"../../assets/bg.png\"></body>\n"),
                ],
                supportFiles: ["assets/bg.png": "png"]),
            // A W3C host loads packages only.
            RuleExample(
                files: [("pages/index/index.html", "<body x-data=\"page\"><img src=\"../../assets/logo.png\"></body>\n")],
                supportFiles: ["assets/logo.png": "png"],
                configuration: "runtime: w3c\n"),
        ])

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] {
        guard model.runtime.copiesOnlyListedPages, let manifest = model.manifest else { return [] }
        let copied = Self.filesCopiedFromFolder(manifest)
        // The templates the folder copy holds (a route written with `.html` names another file).
        var loading = Set(model.pages.map(\.templatePath).filter(copied.contains))
        // Copied stylesheets count when a copied page (or a stylesheet it loads) links them.
        var added = true
        while added {
            added = false
            for reference in model.assetReferences
            where loading.contains(reference.source) && Self.isLoaded(reference)
                && reference.path.hasSuffix(".css") && copied.contains(reference.path) && model.project.contains(reference.path)
            {
                added = loading.insert(reference.path).inserted || added
            }
        }
        var seen: Set<String> = []
        return model.assetReferences.compactMap { reference in
            // A page is a `file:` URL on the device: a root-relative `/assets/x` names the
            // phone's file system root, missing from a package too, so it is not this rule's.
            guard loading.contains(reference.source), Self.isLoaded(reference), !reference.written.trimmingWhitespace.hasPrefix("/"),
                !copied.contains(reference.path), model.project.contains(reference.path),
                seen.insert("\(reference.source):\(reference.range.lowerBound)").inserted,
                let file = model.project.file(reference.source)
            else { return nil }
            let shown = reference.written == reference.path ? "'\(reference.path)'" : "'\(reference.written)' (\(reference.path))"
            return Finding(
                "\(shown) works from a .ma, but is missing when the host loads the app from a folder: SkipMiniApp copies only manifest.json, app.js, app.css, the files of each 'pages' entry and the tab icons",
                at: file.span(reference.range))
        }
    }

    /// Whether the page uses what the reference names. A `<link>` that is not a stylesheet
    /// (an icon, a preload) shows nothing in the page's web view: its file missing changes
    /// nothing the user sees, and a stylesheet it preloads applies only through a real link.
    static func isLoaded(_ reference: AssetReference) -> Bool {
        guard let relation = reference.linkRelation else { return true }
        return relation.split(whereSeparator: \.isWhitespace).contains("stylesheet")
    }

    /// The files SkipMiniApp copies when it loads the app from a folder, as package paths
    /// (`buildFileList`): the root files, `<entry>.html/.js/.css` for each string of `pages`
    /// as written, and each tab's non-empty `icon`. The paths are appended to the folder's
    /// URL, so a leading `/` or `./` names the same file.
    static func filesCopiedFromFolder(_ manifest: JSONNode) -> Set<String> {
        func packagePath(_ path: String) -> String? {
            ManifestPaths.normalized(String(path.drop { $0 == "/" }))
        }
        var files: Set<String> = ["manifest.json", "app.js", "app.css"]
        for entry in manifest["pages"]?.elements ?? [] {
            guard let route = entry.stringValue else { continue }
            for suffix in [".html", ".js", ".css"] { packagePath(route + suffix).map { _ = files.insert($0) } }
        }
        for tab in manifest["tab_bar"]?["tabs"]?.elements ?? [] {
            if let icon = tab["icon"]?.stringValue, !icon.isEmpty, let path = packagePath(icon) { files.insert(path) }
        }
        return files
    }
}
