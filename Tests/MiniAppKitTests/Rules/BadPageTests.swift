import Testing
@testable import MiniAppKit

/// The hostile pages and scripts the template issue lists: each gets one diagnostic with a
/// location, and the lint finishes.
struct BadPageTests {
    /// The minimal app with one more page, `pages/bad/bad`, made of these files.
    private func lint(page files: [String: [UInt8]]) -> [String] {
        var contents = MinimalApp.files.map { SourceFile(path: $0.key, text: $0.value) }
        contents.removeAll { $0.path == "manifest.json" }
        contents.append(
            SourceFile(
                path: "manifest.json",
                text: MinimalApp.manifest.replacingOccurrences(
                    of: "\"pages\": [\"pages/index/index\"]", with: "\"pages\": [\"pages/index/index\", \"pages/bad/bad\"]")))
        for (name, bytes) in files { contents.append(SourceFile(path: "pages/bad/\(name)", bytes: bytes)) }
        // The bad pages link no stylesheet; that rule is not what these tests are about.
        return Linter.lint(Project(files: contents)).diagnostics.filter { $0.id != "template-missing-stylesheet" }.map {
            DiagnosticSummary($0).description
        }
    }

    private func text(_ string: String) -> [UInt8] { Array(string.utf8) }

    @Test func anUnclosedTagIsFound() {
        #expect(
            lint(page: [
                "bad.html": text("<body x-data=\"page\">\n  <div><span x-text=\"store.a\">\n  </div>\n</body>\n"),
                "bad.js": text("Page({ data: { a: 1 } });\n"),
            ]) == [
                "pages/bad/bad.html:2:8: '<span>' is never closed; '</div>' on line 3 closes it, so everything before that ends up inside it [template-unclosed-element]"
            ])
    }

    @Test func invalidUTF8InATemplateIsFound() {
        #expect(
            lint(page: ["bad.html": Array("<body x-data=\"page\">\n  <p>caf".utf8) + [0xE9] + Array("</p>\n</body>\n".utf8)])
                == ["pages/bad/bad.html:2:9: invalid UTF-8 byte 0xE9; page templates must be UTF-8 [template-markup-error]"])
    }

    @Test func twoHundredThousandDeepNestingIsOneDiagnostic() {
        let depth = 200_000
        let html =
            "<body x-data=\"page\">" + String(repeating: "<div>", count: depth) + String(repeating: "</div>", count: depth) + "</body>\n"
        #expect(
            lint(page: ["bad.html": text(html)])
                == [
                    "pages/bad/bad.html:1:1301: elements nest more than 257 levels deep; the HTML parser stopped here [template-markup-error]"
                ])
    }

    @Test func aTenMegabyteOneLineScriptLoads() {
        let script = "Page({ data: { s: '" + String(repeating: "x", count: 10_000_000) + "' } });\n"
        #expect(lint(page: ["bad.html": text("<body x-data=\"page\"><p x-text=\"store.s\"></p></body>\n"), "bad.js": text(script)]) == [])
    }

    @Test func aScriptThatNeverReturnsIsStoppedAndReported() {
        #expect(
            lint(page: [
                "bad.html": text("<body x-data=\"page\"><button @click=\"onMissing\"></button></body>\n"),
                "bad.js": text("Page({ data: {} });\nwhile (true) {}\n"),
            ]) == ["pages/bad/bad.js:0:0: script did not finish loading within 1 s [script-load-error]"])
    }

    @Test func aScriptThatThrowsIsReportedAtTheThrowAndTheTemplateIsNotCrossChecked() {
        // `var`: a top-level `const` would also fail the page's second visit (script-global-on-revisit).
        #expect(
            lint(page: [
                "bad.html": text("<body x-data=\"page\"><button @click=\"onMissing\"></button></body>\n"),
                "bad.js": text("Page({ data: {} });\nvar config = undefined;\nconfig.load();\n"),
            ]) == ["pages/bad/bad.js:3:7: TypeError: undefined is not an object (evaluating 'config.load') [script-load-error]"])
    }

    @Test func aPageWithoutXDataIsFound() {
        #expect(
            lint(page: ["bad.html": text("<body>\n  <p x-text=\"store.a\"></p>\n</body>\n")])
                == [
                    "pages/bad/bad.html:1:1: the page has no 'x-data=\"page\"' root; nothing in it binds to the page's data or handlers [template-missing-page-root]"
                ])
    }
}
