/// The tab-bar part of `mactl new page NAME --tab`: the manifest edit that adds the page's tab
/// (or a whole `tab_bar`, whose first tab is then the launch page, since a tab bar needs two),
/// the tab icons to write, and the tab texts to translate.
struct TabBarEdit {
    var edit: JSONTextEdit
    var icons: [(path: String, svg: String)]
    var texts: [(key: String, text: String)]
    /// What the edit adds, after "added "pages/x/x" to 'pages'".
    var summary: String

    /// The most tabs a tab bar holds (`manifest-tab-count`).
    static let mostTabs = 5

    static func plan(
        adding route: String, name: String, title: String, manifest: PageScaffolder.EditableJSON, pages: [JSONNode],
        project: Project, translated: Bool, locales: [PageScaffolder.EditableJSON]
    ) throws(PageScaffolder.Failure) -> TabBarEdit {
        let tabBar = manifest.root["tab_bar"]
        if let tabBar, tabBar.members == nil {
            throw .manifestNotEditable("'tab_bar' is \(article(tabBar.typeName)), not an object with 'tabs'")
        }
        let tabsNode = tabBar?["tabs"]
        if let tabsNode, tabsNode.elements == nil {
            throw .manifestNotEditable("'tab_bar.tabs' is \(article(tabsNode.typeName)), not a list of tabs")
        }
        let existing = tabsNode?.elements ?? []
        guard existing.count < mostTabs else { throw .tooManyTabs }

        var tabs: [(page: String, name: String, title: String, artwork: String)] = []
        if existing.isEmpty {
            // The launch page opens first, so it becomes the first tab.
            guard let first = pages.first?.stringValue, let firstRoute = ManifestPaths.canonicalRoute(first) else {
                throw .noOtherPageForTabBar
            }
            let firstName = String(firstRoute.split(separator: "/").last ?? "home")
            tabs.append((first, firstName, PageScaffolder.displayTitle(for: firstName), homeArtwork))
        }
        tabs.append((route, name, title, pageArtwork))

        // Texts as the other tabs write them: translation keys when they name keys of a
        // locale (or, with no tab yet, when the app has locales), else the text itself.
        let existingTexts = existing.compactMap { $0["text"]?.stringValue }
        let usesKeys =
            existingTexts.isEmpty ? translated : existingTexts.contains { text in locales.contains { $0.root.member(text) != nil } }
        // Icons beside the other tabs' icons, under a name no file has.
        let iconFolder =
            existing.compactMap { $0["icon"]?.stringValue.flatMap(ManifestPaths.normalized) }.last
            .map { $0.split(separator: "/").dropLast().joined(separator: "/") } ?? "icons"
        var taken = Set(project.paths.map { $0.lowercased() })
        var icons: [(path: String, svg: String)] = []
        var texts: [(key: String, text: String)] = []
        var values: [JSONTextValue] = []
        for tab in tabs {
            let icon = freePath(folder: iconFolder, stem: tab.name, taken: &taken)
            icons.append((icon, tab.artwork))
            let text = usesKeys ? "tab.\(tab.name)" : tab.title
            if usesKeys { texts.append((text, tab.title)) }
            values.append(
                .object([
                    JSONTextMember("page", .string(tab.page)), JSONTextMember("text", .string(text)), JSONTextMember("icon", .string(icon)),
                ]))
        }

        let editor = manifest.editor
        let edit: JSONTextEdit
        let summary: String
        if let tabsNode, let only = values.first, values.count == 1 {
            edit = editor.appending(only, to: tabsNode)
            summary = " and a tab for it to 'tab_bar.tabs'"
        } else {
            let list = tabs.map { "\"\($0.page)\"" }.joined(separator: " and ")
            if let tabsNode {
                edit = editor.replacing(tabsNode, with: .array(values))
                summary = " and tabs for \(list) to 'tab_bar.tabs'"
            } else if let tabBar {
                edit = editor.adding(JSONTextMember("tabs", .array(values)), to: tabBar)
                summary = " and 'tabs' for \(list) to 'tab_bar'"
            } else {
                edit = editor.adding(JSONTextMember("tab_bar", .object([JSONTextMember("tabs", .array(values))])), to: manifest.root)
                summary = " and a tab bar with tabs for \(list)"
            }
        }
        return TabBarEdit(edit: edit, icons: icons, texts: texts, summary: summary)
    }

    private static func article(_ typeName: String) -> String {
        typeName == "object" || typeName == "array" ? "an \(typeName)" : typeName == "null" ? "null" : "a \(typeName)"
    }

    /// `folder/stem.svg`, or `folder/stem-2.svg` and on when a file (in any letter case) has
    /// the name.
    private static func freePath(folder: String, stem: String, taken: inout Set<String>) -> String {
        let prefix = folder.isEmpty ? "" : folder + "/"
        var candidate = prefix + stem + ".svg"
        var number = 2
        while taken.contains(candidate.lowercased()) {
            candidate = prefix + stem + "-\(number).svg"
            number += 1
        }
        taken.insert(candidate.lowercased())
        return candidate
    }

    /// Icons SkipMiniApp's iOS tab bar draws as they are: one filled path of M, L, H, V, C and Z
    /// commands with ` d="…"` after a space, in a space-separated 24 × 24 viewBox
    /// (`icon-tab-*` rules).
    static func icon(path data: String) -> String {
        """
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="24" height="24">
          <path d="\(data)" fill="currentColor"/>
        </svg>

        """
    }

    /// A house, for the launch page.
    static let homeArtwork = icon(path: "M3 10.5L12 3L21 10.5V20C21 20.55 20.55 21 20 21H15V14H9V21H4C3.45 21 3 20.55 3 20Z")
    /// A sheet of paper, for a new page, until the author draws its own.
    static let pageArtwork = icon(path: "M6 2H14L20 8V20C20 21.1 19.1 22 18 22H6C4.9 22 4 21.1 4 20V4C4 2.9 4.9 2 6 2Z")
}
