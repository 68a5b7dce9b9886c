import Foundation
import Testing

@testable import MiniAppKit

/// What the cursor is on, read from the buffer, and where the model says it is defined.
@Suite struct ProjectNavigationTests {
    /// The context at the `|` of `text` (which is removed).
    static func context(_ text: String, path: String) -> CursorContext? {
        let marked = Array(text.utf8)
        let offset = try! #require(marked.firstIndex(of: UInt8(ascii: "|")))
        var bytes = marked
        bytes.remove(at: offset)
        return CursorContext.at(offset, in: bytes, path: path)
    }

    @Test func theCursorsContextIsReadFromTheBuffer() {
        let template = "pages/a/a.html"
        #expect(Self.context(#"<p x-text="$t('home.ti|tle')"></p>"#, path: template)?.kind == .translationKey)
        #expect(Self.context(#"<p x-text="$t('home.ti|tle')"></p>"#, path: template)?.text == "home.title")
        #expect(Self.context(#"<p x-text="$t('home.ti|tle')"></p>"#, path: template)?.prefix == "home.ti")
        #expect(Self.context(#"<p x-text="$t('home.|"#, path: template)?.text == "home.")
        #expect(Self.context(#"<p x-text="store.ti|tle"></p>"#, path: template)?.kind == .storeKey)
        #expect(Self.context(#"<p x-text="store.ti|tle"></p>"#, path: template)?.text == "title")
        #expect(Self.context(#"<button @click="onT|ap()"></button>"#, path: template)?.kind == .handler)
        #expect(Self.context(#"<button x-on:click="onT|ap()"></button>"#, path: template)?.text == "onTap")
        #expect(Self.context(#"<button @click="handler('onT|ap', 1)"></button>"#, path: template)?.kind == .handler)
        // A name in another attribute, or text, is no handler.
        #expect(Self.context(#"<p x-text="onT|ap"></p>"#, path: template) == nil)
        #expect(Self.context("<p>onT|ap</p>", path: template) == nil)
        #expect(Self.context(#"<p x-text="user.na|me"></p>"#, path: template) == nil)

        let script = "pages/a/a.js"
        #expect(Self.context("skip.i18n.t('home.ti|tle', { n: 1 });", path: script)?.kind == .translationKey)
        #expect(Self.context("skip.navigateTo({ url: 'pages/b/|b?id=1' });", path: script)?.kind == .pageURL)
        #expect(Self.context("skip.navigateTo({ url: \"pages/b/|b\" });", path: script)?.text == "pages/b/b")
        // An apostrophe inside a "…" string opens nothing.
        #expect(Self.context("const s = \"it's\"; skip.i18n.t('a.|b');", path: script)?.text == "a.b")
        #expect(Self.context("const title = 'home.ti|tle';", path: script) == nil)
        #expect(Self.context(#"{ "pages": ["pages/b/|b"] }"#, path: "manifest.json")?.kind == .pageURL)
        // A rule named by a suppression, in either kind of comment.
        let suppressed = Self.context("<!-- mactl-disable-next-line template-unknown-han|dler -->", path: template)
        #expect(suppressed?.kind == .ruleID)
        #expect(suppressed?.text == "template-unknown-handler")
        #expect(Self.context("// mactl-disable-next-line run-exception, script-br|", path: script)?.prefix == "script-br")
        #expect(Self.context("// mactl-disable-next-l|ine run-exception", path: script) == nil)
    }

    @Test func aSuppressedRuleIsHoveredAndCompleted() throws {
        let navigation = ProjectNavigation(model: Self.model())
        let script = "pages/index/index.js"
        let rule = try #require(Self.context("// mactl-disable-next-line run-exce|ption", path: script))
        #expect(
            navigation.hover(for: rule)
                == "**run-exception** (warning by default)\n\n\(RunException.description.summary)\n\n"
                + "[docs/rules.md](https://github.com/mactl/mactl/blob/v\(MactlVersion.current)/docs/rules.md#run-exception)")
        let typed = try #require(Self.context("// mactl-disable-next-line script-navigation-q|", path: script))
        #expect(
            navigation.completions(for: typed, in: script).map(\.label) == [
                "script-navigation-query-ignored", "script-navigation-query-in-path", "script-navigation-query-not-string",
            ])
        #expect(navigation.definitions(of: rule, in: script).isEmpty)
    }

    static func model() -> ProjectModel {
        var files = MinimalApp.files
        files["manifest.json"] = MinimalApp.manifest(with: #""pages": ["pages/index/index", "pages/b/b"], "lang": "en""#)
        files["pages/index/index.js"] =
            "Page({\n  data: { title: 'Hello' },\n  onTap() {\n    this.setData({ count: 1 });\n    skip.navigateTo({ url: 'pages/b/b' });\n  },\n});\n"
        files["pages/b/b.html"] = files["pages/index/index.html"]
        files["i18n/en.json"] = "{\n  \"home.title\": \"Welcome\",\n  \"home.count\": \"Count\"\n}\n"
        files["i18n/fr.json"] = "{\n  \"home.title\": \"Bienvenue\"\n}\n"
        return Linter.lint(Project(contents: files)).model
    }

    @Test func definitionsHoverAndCompletionsComeFromTheModel() throws {
        let model = Self.model()
        let navigation = ProjectNavigation(model: model)
        let template = "pages/index/index.html"
        let script = try #require(model.project.file("pages/index/index.js"))
        func text(_ target: ProjectNavigation.Target) -> String {
            String(decoding: model.project.file(target.path)!.bytes[target.range], as: UTF8.self)
        }

        let handler = try #require(Self.context(#"<button @click="onT|ap()">"#, path: template))
        let handlerTargets = navigation.definitions(of: handler, in: template)
        #expect(handlerTargets.map(\.path) == ["pages/index/index.js"])
        #expect(handlerTargets.map(text) == ["onTap"])
        #expect(script.position(at: handlerTargets[0].range.lowerBound).line == 3)

        let key = try #require(Self.context(#"<p x-text="$t('home.ti|tle')">"#, path: template))
        #expect(navigation.definitions(of: key, in: template).map(\.path) == ["i18n/en.json", "i18n/fr.json"])
        #expect(navigation.definitions(of: key, in: template).map(text) == [#""home.title""#, #""home.title""#])
        #expect(navigation.hover(for: key) == "**home.title**\n\n- `en` (default): Welcome\n- `fr`: Bienvenue")
        let count = try #require(Self.context(#"<p x-text="$t('home.cou|nt')">"#, path: template))
        #expect(navigation.hover(for: count) == "**home.count**\n\n- `en` (default): Count\n- `fr`: missing, shows the default's text")

        let stored = try #require(Self.context(#"<p x-text="store.cou|nt">"#, path: template))
        #expect(navigation.definitions(of: stored, in: template).map(text) == ["count"])
        #expect(
            navigation.completions(for: Self.context(#"<p x-text="store.|">"#, path: template)!, in: template).map(\.label) == [
                "title", "count",
            ])

        let url = try #require(Self.context("skip.navigateTo({ url: 'pages/b/|b' });", path: "pages/index/index.js"))
        #expect(
            navigation.definitions(of: url, in: "pages/index/index.js") == [ProjectNavigation.Target(path: "pages/b/b.html", range: 0..<0)])
        let typedURL = try #require(Self.context("skip.navigateTo({ url: 'pages/|' });", path: "pages/index/index.js"))
        #expect(navigation.completions(for: typedURL, in: "pages/index/index.js").map(\.label) == ["pages/index/index", "pages/b/b"])

        let typedKey = try #require(Self.context(#"<p x-text="$t('home.t|')">"#, path: template))
        #expect(navigation.completions(for: typedKey, in: template).map(\.label) == ["home.title"])
        #expect(navigation.completions(for: typedKey, in: template).map(\.detail) == ["Welcome"])
        let typedHandler = try #require(Self.context(#"<button @click="|">"#, path: template))
        #expect(navigation.completions(for: typedHandler, in: template).map(\.label) == ["onTap"])
        // Nowhere: a key no locale has.
        let unknown = try #require(Self.context(#"<p x-text="$t('nope|')">"#, path: template))
        #expect(navigation.definitions(of: unknown, in: template).isEmpty)
        #expect(navigation.hover(for: unknown) == nil)
    }

    @Test func editorPositionsCountUTF16Units() {
        let file = SourceFile(path: "a.html", text: "é😀x\r\nab")
        // é is 2 bytes and 1 unit; 😀 4 bytes and 2 units.
        #expect(file.editorPosition(at: 2) == EditorPosition(line: 0, character: 1))
        #expect(file.editorPosition(at: 6) == EditorPosition(line: 0, character: 3))
        #expect(file.editorPosition(at: 4) == EditorPosition(line: 0, character: 1))  // inside 😀: its start
        #expect(file.offset(of: EditorPosition(line: 0, character: 3)) == 6)
        #expect(file.offset(of: EditorPosition(line: 0, character: 99)) == 7)  // the line's end, before \r\n
        #expect(file.offset(of: EditorPosition(line: 1, character: 1)) == 10)
        #expect(file.offset(of: EditorPosition(line: 5, character: 0)) == 11)
    }

    @Test func aSuppressionGoesAboveTheLineOrJoinsTheOneThere() throws {
        var files = MinimalApp.files
        files["pages/index/index.js"] =
            "Page({\n  data: { title: 'Hello' },\n  onTap() {\n    // mactl-disable-next-line script-browser-global\n    document.title = 'x'; window.alert('y');\n  },\n});\n"
        let model = Linter.lint(Project(contents: files)).model
        let script = try #require(model.project.file("pages/index/index.js"))
        let onLine5 = Diagnostic(id: "script-other", severity: .error, message: "m", span: script.span(104..<112))
        #expect(script.span(104..<112).start.line == 5)
        let joined = try #require(Suppression.fixIt(silencing: onLine5, in: model))
        #expect(joined.replacement == "// mactl-disable-next-line script-browser-global script-other")
        #expect(joined.span.start.line == 4)
        let onLine3 = Diagnostic(id: "script-other", severity: .warning, message: "m", span: script.span(37..<42))
        let inserted = try #require(Suppression.fixIt(silencing: onLine3, in: model))
        #expect(inserted.replacement == "  // mactl-disable-next-line script-other\n")
        #expect(inserted.span.start.offset == script.lineStarts[2])
        // No comment can go into the manifest.
        let manifest = Diagnostic(id: "manifest-x", severity: .error, message: "m", span: model.manifestFile!.span(2..<8))
        #expect(Suppression.fixIt(silencing: manifest, in: model) == nil)
    }
}
