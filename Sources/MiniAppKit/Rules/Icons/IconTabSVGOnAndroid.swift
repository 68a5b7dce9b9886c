/// SVG tab icons, which SkipMiniApp on Android cannot decode.
public struct IconTabSVGOnAndroid: Rule {
    public static let description = RuleDescription(
        id: "icon-tab-svg-on-android", domain: .icon, severity: .note,
        summary: "SkipMiniApp on Android shows a placeholder for every SVG tab icon.",
        rationale: """
            On Android, SkipMiniApp loads a tab icon with `UIImage(data:)`, which decodes with \
            Android's bitmap decoders; they have no SVG support, so each SVG tab icon shows a \
            question-mark placeholder. iOS reads only SVG, so no file format draws on both \
            today: this note says once per app what Android users will see.
            """,
        runtimeFacts: ["skip.tab-icon-android"],
        triggering: [
            .manifest(
                members: """
                    "pages": ["pages/index/index", "pages/me/me"],
                    "tab_bar": { "tabs": [
                      { "page": "pages/index/index", "text": "Home", "icon": 1️⃣"icons/app.svg" },
                      { "page": "pages/me/me", "text": "Me", "icon": "icons/app.svg" }
                    ] }
                    """, files: ["pages/me/me.html": "<body x-data=\"page\"></body>\n"],
                expected: [.at("1️⃣", "on Android, SkipMiniApp cannot decode SVG: the 2 SVG tab icons show a question-mark placeholder")])
        ],
        nonTriggering: [
            .manifest(
                members: """
                    "pages": ["pages/index/index", "pages/me/me"],
                    "tab_bar": { "tabs": [
                      { "page": "pages/index/index", "text": "Home" },
                      { "page": "pages/me/me", "text": "Me", "icon": "" }
                    ] }
                    """, files: ["pages/me/me.html": "<body x-data=\"page\"></body>\n"]),
            RuleExample(
                files: [("manifest.json", IconExample.tabsManifest)],
                supportFiles: [
                    "icons/home.svg": MinimalApp.files["icons/app.svg"]!, "pages/me/me.html": "<body x-data=\"page\"></body>\n",
                ],
                configuration: IconExample.w3c),
        ])

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] {
        guard model.runtime.has(.svgTabIconsNotDecodedOnAndroid) else { return [] }
        let icons = model.tabNodes.compactMap { _, tab -> JSONNode? in
            guard let node = tab["icon"], let path = node.stringValue.flatMap(ManifestPaths.normalized),
                path.lowercased().hasSuffix(".svg")
            else { return nil }
            return node
        }
        guard let first = icons.first else { return [] }
        let count = icons.count == 1 ? "the SVG tab icon shows" : "the \(icons.count) SVG tab icons show"
        return [
            Finding("on Android, SkipMiniApp cannot decode SVG: \(count) a question-mark placeholder", at: model.manifestSpan(first.range))
        ]
    }
}
