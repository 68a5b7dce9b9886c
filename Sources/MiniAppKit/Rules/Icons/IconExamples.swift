/// A two-tab app whose first tab uses 'icons/home.svg', for the tab icon rules' examples.
enum IconExample {
    static let tabsManifest = "{\n  \"app_id\": \"org.example.demo\",\n  \"name\": \"Demo\",\n  \"icons\": [{ \"src\": \"icons/app.svg\" }],\n  \"version\": { \"code\": 1, \"name\": \"1.0.0\" },\n  \"platform_version\": { \"min_code\": 1 },\n  \"pages\": [\"pages/index/index\", \"pages/me/me\"],\n  \"tab_bar\": { \"tabs\": [\n    { \"page\": \"pages/index/index\", \"icon\": \"icons/home.svg\" },\n    { \"page\": \"pages/me/me\", \"icon\": \"icons/app.svg\" }\n  ] }\n}\n"

    static func tabIcon(_ svg: String, expected: [ExpectedFinding] = []) -> RuleExample {
        RuleExample(
            files: [("icons/home.svg", svg)],
            supportFiles: ["manifest.json": tabsManifest, "pages/me/me.html": "<body x-data=\"page\"></body>\n"],
            expected: expected)
    }
}
