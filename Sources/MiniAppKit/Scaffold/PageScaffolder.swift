import Foundation

/// `mactl new page NAME`: the files and edits that add `pages/NAME/NAME.{html,js,css}` to a
/// project, register the page in the manifest (and in the tab bar, as a tab), and add the
/// translations the new files use to every locale, so the project lints as clean as before.
/// Planning reads only the project; `ProjectChangeWriter` writes the plan.
public enum PageScaffolder {
    public struct Options: Sendable {
        public var name: String
        /// Add the page to `tab_bar.tabs`, with a text and an icon.
        public var asTab: Bool

        public init(name: String, asTab: Bool = false) {
            self.name = name
            self.asTab = asTab
        }
    }

    public struct Plan: Sendable {
        /// `pages/NAME/NAME`.
        public var route: String
        /// New files first, in the order they are listed, then edited files.
        public var changes: [ProjectChange]
    }

    public enum Failure: Error, Equatable, CustomStringConvertible {
        case invalidName(String)
        case alreadyListed(route: String, listed: String)
        case folderExists(String)
        case manifestNotEditable(String)
        case localeNotEditable(path: String, reason: String)
        case tooManyTabs
        case noOtherPageForTabBar
        case webBundle

        public var description: String {
            switch self {
            case .invalidName(let name):
                return
                    "'\(name)' is not a page name: it must start with an ASCII letter, then up to \(PageScaffolder.longestName - 1) letters, digits, '-' or '_' (it becomes the folder, the file names and the route 'pages/NAME/NAME')"
            case .alreadyListed(let route, let listed) where route == listed:
                return "the page '\(route)' is already in the manifest's 'pages'; choose another name"
            case .alreadyListed(let route, let listed):
                return
                    "'\(route)' differs from the listed page '\(listed)' only in letter case, and a Mac's disk takes both for one folder; choose another name"
            case .folderExists(let folder):
                return "'\(folder)' exists; choose another name, or list the page it holds in the manifest's 'pages'"
            case .manifestNotEditable(let reason):
                return "cannot register the page in 'manifest.json': \(reason)"
            case .localeNotEditable(let path, let reason):
                return "cannot add the page's texts to '\(path)': \(reason)"
            case .tooManyTabs:
                return "the tab bar has 5 tabs, the most a phone's tab bar holds; add the page without --tab, or remove a tab first"
            case .webBundle:
                return
                    "this project is a web bundle ('index.html' at its root, no 'pages' list), which has no MiniApp pages: add an HTML file and link it from 'index.html'"
            case .noOtherPageForTabBar:
                return
                    "a tab bar needs 2 tabs and the app has no other page to be the first; add the page without --tab, or add another page first"
            }
        }
    }

    /// The longest page name accepted: a folder and file name on every file system, with room.
    static let longestName = 64

    /// A page name is one path segment the runtime uses as written in a file path, a URL and
    /// a translation key: an ASCII letter, then ASCII letters, digits, `-` or `_`. No `.` (a
    /// route ending in `.html` means something else), no space, `%`, `?` or `#` (which a
    /// URL reads as escapes, a query or a fragment), and no `/` (one folder a page).
    public static func isValidName(_ name: String) -> Bool {
        let scalars = Array(name.unicodeScalars)
        guard let first = scalars.first, scalars.count <= longestName, first.isASCII, first.properties.isAlphabetic else { return false }
        return scalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_") }
    }

    public static func plan(for project: Project, options: Options) throws(Failure) -> Plan {
        let name = options.name
        guard isValidName(name) else { throw .invalidName(name) }
        let route = "pages/\(name)/\(name)"
        let manifest = try editableManifest(in: project)
        guard let pages = manifest.root["pages"] else {
            if project.contains(RakutenBundle.indexPath) { throw .webBundle }
            throw .manifestNotEditable("it has no 'pages' list; add \"pages\": [] to it first")
        }
        guard let pageNodes = pages.elements else {
            throw .manifestNotEditable(
                "'pages' is \(pages.typeName == "object" ? "an object" : "a \(pages.typeName)"), not a list of page paths")
        }
        let listed = pageNodes.compactMap { $0.stringValue.flatMap(ManifestPaths.canonicalRoute) }
        if let same = listed.first(where: { $0.lowercased() == route.lowercased() }) { throw .alreadyListed(route: route, listed: same) }
        // Compared without case: on a Mac's volume `pages/Cart` and `pages/cart` are one folder.
        let folder = "pages/\(name)"
        if let existing = project.paths.first(where: { $0.lowercased().hasPrefix(folder.lowercased() + "/") }) {
            throw .folderExists(String(existing.prefix(folder.count)))
        }

        let locales = try editableLocales(in: project)
        let usesTranslations = !locales.isEmpty
        let title = displayTitle(for: name)
        var texts: [(key: String, text: String)] = []
        let titleKey = "\(name).title"
        if usesTranslations { texts.append((titleKey, title)) }

        var changes: [ProjectChange] = [
            .created(
                route + ".html",
                pageTemplate(
                    name: name, titleKey: usesTranslations ? titleKey : nil, title: title, linksAppStyle: project.contains("app.css"))),
            .created(route + ".js", "Page({\n  data: {},\n});\n"),
            .created(route + ".css", "h1 {\n  margin: 16px;\n}\n"),
        ]
        var manifestEdits = [manifest.editor.appending(.string(route), to: pages)]
        var manifestSummary = "added \"\(route)\" to 'pages'"

        if options.asTab {
            let tabs = try TabBarEdit.plan(
                adding: route, name: name, title: title, manifest: manifest, pages: pageNodes, project: project,
                translated: usesTranslations, locales: locales)
            changes += tabs.icons.map { .created($0.path, $0.svg) }
            manifestEdits.append(tabs.edit)
            manifestSummary += tabs.summary
            texts += tabs.texts
        }
        changes.append(
            .updated(ProjectModel.manifestPath, JSONTextEdit.apply(manifestEdits, to: manifest.document.file.bytes), manifestSummary))
        let defaultTag = defaultLocaleTag(of: manifest.root, among: locales.map(\.tag))
        for locale in locales {
            let missing = texts.filter { text in locale.root.member(text.key) == nil }
            guard !missing.isEmpty else { continue }
            var bytes = locale.document.file.bytes
            // One member at a time, each after the one just added, so they keep their order.
            for text in missing {
                let document = JSONParser.parse(SourceFile(path: locale.path, bytes: bytes))
                guard let root = document.root else { break }
                bytes = JSONTextEdit.apply(
                    [JSONTextEditor(document: document).adding(JSONTextMember(text.key, .string(text.text)), to: root)], to: bytes)
            }
            let keys = missing.map { "'\($0.key)'" }.joined(separator: ", ")
            changes.append(.updated(locale.path, bytes, "added \(keys)" + (locale.tag == defaultTag ? "" : " (to translate)")))
        }
        return Plan(route: route, changes: changes)
    }

    // MARK: The manifest and the locales, as edited

    struct EditableJSON {
        var document: JSONDocument
        var root: JSONNode
        var editor: JSONTextEditor
        var path: String { document.file.path }
        var tag: String { LocaleCatalog.tag(forPath: path) ?? "" }
    }

    private static func editableManifest(in project: Project) throws(Failure) -> EditableJSON {
        guard let file = project.file(ProjectModel.manifestPath) else { throw .manifestNotEditable("the project has no manifest.json") }
        switch editable(file) {
        case .success(let json): return json
        case .failure(let reason): throw .manifestNotEditable(reason.text)
        }
    }

    /// Every locale file with a well-formed tag; one that is not a JSON object stops the page
    /// from being added (its texts could not be added, and i18n coverage would drop).
    private static func editableLocales(in project: Project) throws(Failure) -> [EditableJSON] {
        var locales: [EditableJSON] = []
        for path in project.paths {
            guard let tag = LocaleCatalog.tag(forPath: path), LanguageTag.isWellFormed(tag), let file = project.file(path) else { continue }
            switch editable(file) {
            case .success(let json): locales.append(json)
            case .failure(let reason): throw .localeNotEditable(path: path, reason: reason.text)
            }
        }
        return locales
    }

    struct NotEditable: Error {
        var text: String
    }

    private static func editable(_ file: SourceFile) -> Result<EditableJSON, NotEditable> {
        let document = JSONParser.parse(file)
        if let issue = document.issues.first(where: { $0.kind == .syntax }) {
            let position = file.span(issue.range).start
            return .failure(
                NotEditable(
                    text:
                        "it is not valid JSON (line \(position.line), column \(position.column): \(issue.message)); fix it first, 'mactl lint' shows where"
                ))
        }
        guard let root = document.root, root.members != nil else {
            return .failure(NotEditable(text: "it is not a JSON object"))
        }
        return .success(EditableJSON(document: document, root: root, editor: JSONTextEditor(document: document)))
    }

    /// The tag of the locale the runtime falls back to, as `LocaleSet` resolves it.
    private static func defaultLocaleTag(of manifest: JSONNode, among tags: [String]) -> String? {
        LocaleResolver.resolve(manifest["lang"]?.stringValue ?? "en", available: tags) ?? LocaleResolver.resolve("en", available: tags)
    }

    // MARK: Texts and files

    /// `order-history` → `Order history`: a first text for the author to replace.
    static func displayTitle(for name: String) -> String {
        if name.lowercased() == "index" { return "Home" }  // the conventional name of an entry page, not a title
        let words = name.replacingOccurrences(of: "_", with: " ").replacingOccurrences(of: "-", with: " ")
        return words.prefix(1).uppercased() + words.dropFirst()
    }

    static func pageTemplate(name: String, titleKey: String?, title: String, linksAppStyle: Bool) -> String {
        let heading = titleKey.map { "<h1 x-text=\"$t('\($0)')\"></h1>" } ?? "<h1>\(title)</h1>"
        return """
            <!DOCTYPE html>
            <html>
            <head>
              <meta charset="utf-8">
              <meta name="viewport" content="width=device-width, initial-scale=1">
            \(linksAppStyle ? "  <link rel=\"stylesheet\" href=\"../../app.css\">\n" : "")  <link rel="stylesheet" href="\(name).css">
            </head>
            <body x-data="page">
              \(heading)
            </body>
            </html>

            """
    }
}
