import Foundation
import Testing
@testable import MiniAppKit

/// Every transform keeps the file's meaning: the same template and directive model, the same
/// CSS tokens, the same rendering.
struct TransformTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// Every page template in the repository's templates and fixtures.
    static var realTemplates: [String] {
        let roots = ["Templates", "Examples/showcase"]
        var paths: [String] = []
        for root in roots {
            let url = packageRoot.appendingPathComponent(root)
            guard let enumerator = FileManager.default.enumerator(atPath: url.path) else { continue }
            while let path = enumerator.nextObject() as? String {
                if path.hasSuffix(".html") { paths.append(root + "/" + path) }
            }
        }
        return paths.sorted()
    }

    /// What a template means to mactl and the runtime: elements, nesting, attributes, and
    /// parsed directive values.
    static func meaning(of html: [UInt8]) -> [String] {
        let template = TemplateParser.parse(SourceFile(path: "x.html", bytes: html))
        let elements = template.elements.map { element in
            "\(element.name) parent=\(element.parent.map(String.init) ?? "-") " + element.attributes.map { "\($0.name)=\($0.value ?? "∅")" }.joined(separator: " ")
        }
        let directives = DirectiveAnalysis.uses(in: template).map { use in
            "\(use.element) \(use.directive.kind.directiveName) \(use.expression.map { "\($0.kind)" } ?? use.failure?.message ?? "-")"
        }
        return elements + directives
    }

    @Test(arguments: realTemplates)
    func minifiedTemplatesMeanTheSame(path: String) throws {
        let bytes = [UInt8](try Data(contentsOf: Self.packageRoot.appendingPathComponent(path)))
        let result = PackTransform.apply(to: SourceFile(path: path, bytes: bytes))
        #expect(result.transform == "html-minify")
        #expect(result.bytes.count < bytes.count)
        #expect(Self.meaning(of: result.bytes) == Self.meaning(of: bytes))
    }

    @Test func htmlKeepsWhatRendersAndDropsComments() {
        let source = """
            <body x-data="page">
              <!-- a note -->
              <p>Hello   <b>big</b>   <i>world</i></p>
              <pre>  keep
                 this  </pre>
              <textarea>  <!-- not a comment -->  </textarea>
              <script>if (a  <  b) {}</script>
              <p title="two   spaces" :class="{ a:  b }">x</p>
              <!--[if IE]><p>old</p><![endif]-->
            </body>
            """
        let result = HTMLMinifier.apply(to: Array(source.utf8)).map { String(decoding: $0, as: UTF8.self) }
        #expect(result == """
            <body x-data="page">
            <p>Hello <b>big</b> <i>world</i></p>
            <pre>  keep
                 this  </pre>
            <textarea>  <!-- not a comment -->  </textarea>
            <script>if (a  <  b) {}</script>
            <p title="two   spaces" :class="{ a:  b }">x</p>
            <!--[if IE]><p>old</p><![endif]-->
            </body>
            """)
    }

    @Test func anUnterminatedCommentLeavesTheFileAsWritten() {
        #expect(HTMLMinifier.apply(to: Array("<p>a</p><!-- open".utf8)) == nil)
        #expect(PackTransform.apply(to: SourceFile(path: "a.html", text: "<p>a</p>   <!-- open")).transform == nil)
    }

    @Test func cssKeepsStringsURLsAndSelectorSpaces() {
        let source = """
            /* theme */
            /*! licence: MIT */
            a :hover , .card  .title {
              content: "  /* not a comment */  ";
              background: url( "../img/a b.png" ) no-repeat , url(../img/c.png);
              width: calc(100%  -  2px);
            }
            @media (min-width: 10px) and (max-width: 20px) { p { margin : 0 } }
            """
        let result = CSSMinifier.apply(to: Array(source.utf8)).map { String(decoding: $0, as: UTF8.self) }
        #expect(result == "/*! licence: MIT */ a :hover,.card .title{content: \"  /* not a comment */  \";background: url( \"../img/a b.png\" ) no-repeat,url(../img/c.png);width: calc(100% - 2px);}@media (min-width: 10px) and (max-width: 20px){p{margin : 0}}")
    }

    @Test func cssThatDoesNotTokenizeIsLeftAlone() {
        #expect(CSSMinifier.apply(to: Array("a { content: \"open }".utf8)) == nil)
        #expect(CSSMinifier.apply(to: Array("/* open".utf8)) == nil)
    }

    @Test func otherFilesShipAsWritten() {
        let script = SourceFile(path: "a.js", text: "Page({   data: {} });   // comment\n")
        #expect(PackTransform.apply(to: script) == PackTransform.Result(bytes: script.bytes, transform: nil))
        let latin1 = SourceFile(path: "a.html", bytes: Array("<p>caf".utf8) + [0xE9] + Array("   </p>".utf8))
        #expect(PackTransform.apply(to: latin1).transform == nil)
    }

    @Test func transformsAreDeterministic() {
        let file = SourceFile(path: "a.css", text: "a  {  color : red ;  }\n")
        #expect(PackTransform.apply(to: file) == PackTransform.apply(to: file))
    }
}

struct SVGCleaningTests {
    static let inkscapeIcon = """
        <?xml version="1.0" encoding="UTF-8" standalone="no"?>
        <!-- Created with Inkscape (http://www.inkscape.org/) -->
        <svg xmlns="http://www.w3.org/2000/svg" xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape"
             xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd"
             xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns:dc="http://purl.org/dc/elements/1.1/"
             viewBox="0 0 24 24" width="24" height="24" inkscape:version="1.2" sodipodi:docname="home.svg">
          <title>Home</title>
          <sodipodi:namedview id="base" pagecolor="#ffffff" inkscape:zoom="8"/>
          <metadata><rdf:RDF><dc:title>Home</dc:title></rdf:RDF></metadata>
          <g inkscape:label="Layer 1" inkscape:groupmode="layer">
            <!-- the roof -->
            <path d="M3 11l9-8 9 8v10H3z" fill="currentColor" sodipodi:nodetypes="ccccc"/>
          </g>
        </svg>
        """

    @Test func editorCruftIsRemovedAndTheIconRendersTheSame() throws {
        let file = SourceFile(path: "icons/home.svg", text: Self.inkscapeIcon)
        let result = PackTransform.apply(to: file)
        #expect(result.transform == "svg-clean")
        let cleaned = String(decoding: result.bytes, as: UTF8.self)
        for cruft in ["inkscape", "sodipodi", "<metadata", "<!--", "<?xml"] { #expect(!cleaned.contains(cruft), "\(cruft)") }
        #expect(cleaned.contains("<title>Home</title>"))
        let before = try #require(IconRenderer.measure(file.bytes, size: 48, currentColor: "#ff0000"))
        let after = try #require(IconRenderer.measure(result.bytes, size: 48, currentColor: "#ff0000"))
        #expect(before == after)
        #expect(before.inkInside > 500)
    }

    @Test func unsafeOrBrokenSVGShipsAsWritten() {
        let entities = SourceFile(path: "a.svg", text: "<!DOCTYPE svg [<!ENTITY a \"b\">]><svg xmlns=\"http://www.w3.org/2000/svg\"><!-- x --></svg>")
        #expect(PackTransform.apply(to: entities).transform == nil)
        let broken = SourceFile(path: "a.svg", text: "<svg xmlns=\"http://www.w3.org/2000/svg\"><!-- x --><g></svg>")
        #expect(PackTransform.apply(to: broken).transform == nil)
    }
}
