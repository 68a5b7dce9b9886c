/// A two-tab app whose first tab uses 'icons/home.svg', for the tab icon rules' examples.
enum IconExample {
    static let tabsManifest = MinimalApp.manifest(
        with: """
            "pages": ["pages/index/index", "pages/me/me"],
            "tab_bar": { "tabs": [
              { "page": "pages/index/index", "text": "Home", "icon": "icons/home.svg" },
              { "page": "pages/me/me", "text": "Me", "icon": "icons/app.svg" }
            ] }
            """)

    static func tabIcon(_ svg: String, expected: [ExpectedFinding] = [], configuration: String? = nil) -> RuleExample {
        RuleExample(
            files: [("icons/home.svg", svg)],
            supportFiles: ["manifest.json": tabsManifest, "pages/me/me.html": "<body x-data=\"page\"></body>\n"],
            configuration: configuration, expected: expected)
    }

    /// Under the W3C profile, where no runtime reads tab icons as SkipMiniApp's iOS reader does.
    static let w3c = "runtime: w3c\n"
}
