/// A tab's `icon` is not an SVG file.
public struct ManifestTabIconNotSVG: Rule {
    public static let description = RuleDescription(
        id: "manifest-tab-icon-not-svg", domain: .manifest, severity: .error,
        summary: "A tab's 'icon' is not an SVG file.",
        rationale:
            "Tab bars take SVG icons (SkipMiniApp's `tab_bar`), which scale to every screen and take the tab bar's colour through `currentColor`; a PNG or a file that is not SVG inside is not shown.",
        triggering: [
            .manifest(
                members: """
                    "pages": ["pages/index/index", "pages/me/me"],
                    "tab_bar": { "tabs": [
                      { "page": "pages/index/index", "text": "Home", "icon": "icons/app.svg" },
                      { "page": "pages/me/me", "text": "Me", "icon": 1️⃣"icons/me.png" }
                    ] }
                    """, files: ["pages/me/me.html": "<body x-data=\"page\"></body>\n", "icons/me.png": "PNG"],
                expected: [.at("1️⃣", "tab icon 'icons/me.png' is not an SVG file")])
        ],
        nonTriggering: [
            .manifest(
                members: """
                    "pages": ["pages/index/index", "pages/me/me"],
                    "tab_bar": { "tabs": [
                      { "page": "pages/index/index", "text": "Home", "icon": "icons/app.svg" },
                      { "page": "pages/me/me", "text": "Me", "icon": "icons/me.SVG" }
                    ] }
                    """,
                files: [
                    "pages/me/me.html": "<body x-data=\"page\"></body>\n",
                    "icons/me.SVG": "<?xml version=\"1.0\"?>\n" + MinimalApp.files["icons/app.svg"]!,
                ])
        ])

    public init() {}

    public func check(_ model: ProjectModel) -> [Finding] {
        model.tabNodes.compactMap { _, tab in
            guard let node = tab["icon"], let icon = node.stringValue, let path = ManifestPaths.normalized(icon) else { return nil }
            if !path.lowercased().hasSuffix(".svg") {
                return Finding("tab icon '\(icon)' is not an SVG file", at: model.manifestSpan(node.range))
            }
            if let file = model.project.file(path), !Self.looksLikeXML(file.bytes) {
                return Finding("tab icon '\(icon)' is named '.svg' but its content is not SVG", at: model.manifestSpan(node.range))
            }
            return nil
        }
    }

    /// SVG is XML: after an optional BOM and whitespace, the file starts with '<'.
    static func looksLikeXML(_ bytes: [UInt8]) -> Bool {
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        return index < bytes.count && bytes[index] == UInt8(ascii: "<")
    }
}
