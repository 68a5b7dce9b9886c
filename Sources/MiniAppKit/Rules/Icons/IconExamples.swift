/// A two-tab app whose first tab uses 'icons/home.svg', for the tab icon rules' examples.
enum IconExample {
    static let tabsManifest = MinimalApp.manifest(with: """
        "pages": ["pages/index/index", "pages/me/me"],
        "tab_bar": { "tabs": [
          { "page": "pages/index/index", "icon": "icons/home.svg" },
          { "page": "pages/me/me", "icon": "icons/app.svg" }
        ] }
        """)

    static func tabIcon(_ svg: String, expected: [ExpectedFinding] = []) -> RuleExample {
        RuleExample(
            files: [("icons/home.svg", svg)],
            supportFiles: ["manifest.json": tabsManifest, "pages/me/me.html": "<body x-data=\"page\"></body>\n"],
            expected: expected)
    }
}
