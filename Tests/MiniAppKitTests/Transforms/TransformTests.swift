import Testing
@testable import MiniAppKit

/// Groups the pack transform tests so that `swift test --filter Transform` runs all of them.
@Suite struct TransformTests {}

/// Applies the transform chosen for `path` to `text`.
func transformed(_ text: String, path: String) -> TransformResult {
    PackTransform.apply(to: SourceFile(path: path, text: text))
}

func transformedText(_ text: String, path: String) -> String {
    String(decoding: transformed(text, path: path).bytes, as: UTF8.self)
}

extension TransformTests {
    @Suite struct PackTransformTests {
        @Test func choosesTheTransformByExtension() {
            #expect(transformed("{ \"a\": 1 }", path: "manifest.json").transform == "json-compact")
            #expect(transformed("<p>a   b</p>", path: "pages/home/home.html").transform == "html-minify")
            #expect(transformed("a  {  color: red;  }", path: "app.css").transform == "css-minify")
            #expect(
                transformed("<svg xmlns=\"http://www.w3.org/2000/svg\">\n  <!-- x -->\n</svg>", path: "icons/a.svg").transform
                    == "svg-clean")
            // Extensions compare without case.
            #expect(transformed("{ \"a\": 1 }", path: "i18n/EN.JSON").transform == "json-compact")
        }

        @Test func leavesOtherFilesAsWritten() {
            for path in ["app.js", "pages/home/home.js", "images/logo.png", "fonts/a.woff2", "README", ".json/x", "notes.txt"] {
                let source = "function  f ( ) {  }   // comment\n"
                let result = transformed(source, path: path)
                #expect(result.transform == nil, "\(path)")
                #expect(result.bytes == Array(source.utf8), "\(path)")
            }
        }

        @Test func leavesInvalidUTF8AsWritten() {
            for path in ["a.json", "a.html", "a.css", "a.svg"] {
                var bytes = Array("{  \"a\":   \"x\"  }".utf8)
                bytes.insert(0xFF, at: 10)
                let result = PackTransform.apply(to: SourceFile(path: path, bytes: bytes))
                #expect(result.transform == nil)
                #expect(result.bytes == bytes)
            }
        }

        @Test func leavesFilesThatWouldNotShrinkAsWritten() {
            let compact = "{\"a\":[1,2]}"
            #expect(transformed(compact, path: "a.json") == TransformResult(bytes: Array(compact.utf8), transform: nil))
            let page = "<p>a b</p>"
            #expect(transformed(page, path: "a.html") == TransformResult(bytes: Array(page.utf8), transform: nil))
            let style = "a{color:red}"
            #expect(transformed(style, path: "a.css") == TransformResult(bytes: Array(style.utf8), transform: nil))
            #expect(transformed("", path: "a.css").transform == nil)
            #expect(transformed("", path: "a.svg").transform == nil)
        }

        @Test func isDeterministic() throws {
            let root = fixtureRoot
            for path in realisticFiles {
                let file = try loadFixture(path, root: root)
                #expect(PackTransform.apply(to: file) == PackTransform.apply(to: file), "\(path)")
            }
        }

        @Test func shrinksTheRealisticProjects() throws {
            for path in realisticFiles {
                let file = try loadFixture(path, root: fixtureRoot)
                let result = PackTransform.apply(to: file)
                #expect(result.transform != nil, "\(path) was not transformed")
                #expect(result.bytes.count < file.bytes.count, "\(path)")
            }
        }
    }
}
