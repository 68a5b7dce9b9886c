import Testing
@testable import MiniAppKit

private func cleaned(_ text: String) -> TransformResult {
    transformed(text, path: "icons/tab.svg")
}

private func cleanedText(_ text: String) -> String {
    transformedText(text, path: "icons/tab.svg")
}

/// An icon as Inkscape saves it: XML declaration, comments, RDF metadata, a named view, and
/// editor attributes on the drawing itself.
private let inkscapeIcon = #"""
    <?xml version="1.0" encoding="UTF-8" standalone="no"?>
    <!-- Created with Inkscape (http://www.inkscape.org/) -->

    <svg
       width="24"
       height="24"
       viewBox="0 0 24 24"
       version="1.1"
       id="svg5"
       inkscape:version="1.2.2 (b0a8486541, 2022-12-01)"
       sodipodi:docname="cart.svg"
       xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape"
       xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd"
       xmlns:xlink="http://www.w3.org/1999/xlink"
       xmlns="http://www.w3.org/2000/svg"
       xmlns:svg="http://www.w3.org/2000/svg"
       xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"
       xmlns:cc="http://creativecommons.org/ns#"
       xmlns:dc="http://purl.org/dc/elements/1.1/">
      <title
         id="title1">Cart</title>
      <desc id="desc1">A shopping cart</desc>
      <sodipodi:namedview
         id="namedview7"
         pagecolor="#ffffff"
         bordercolor="#666666"
         inkscape:pageshadow="2"
         inkscape:zoom="22.627417"
         inkscape:cx="11.5"
         inkscape:current-layer="layer1">
        <inkscape:grid
           type="xygrid"
           id="grid9" />
      </sodipodi:namedview>
      <defs
         id="defs2">
        <linearGradient
           inkscape:collect="always"
           id="fade">
          <stop style="stop-color:#0a66ff;stop-opacity:1" offset="0" id="stop1" />
          <stop style="stop-color:#0a66ff;stop-opacity:0.4" offset="1" id="stop2" />
        </linearGradient>
      </defs>
      <metadata
         id="metadata5">
        <rdf:RDF>
          <cc:Work
             rdf:about="">
            <dc:format>image/svg+xml</dc:format>
            <dc:type
               rdf:resource="http://purl.org/dc/dcmitype/StillImage" />
            <dc:title>Cart</dc:title>
          </cc:Work>
        </rdf:RDF>
      </metadata>
      <g
         inkscape:label="Layer 1"
         inkscape:groupmode="layer"
         id="layer1">
        <!-- the basket -->
        <path
           style="fill:url(#fade);stroke:none"
           d="M 3,4 H 6 L 8,15 H 19 L 21,7 H 7"
           id="path1"
           sodipodi:nodetypes="cccccc"
           inkscape:connector-curvature="0" />
        <circle
           cx="9"
           cy="19"
           r="2"
           fill="currentColor"
           id="wheel1" />
        <use xlink:href="#wheel1" x="9" id="wheel2" />
        <text x="2" y="23" font-size="3" xml:space="preserve" fill="currentColor">  2   items </text>
      </g>
    </svg>

    """#

extension TransformTests {
    @Suite struct SVGCleanTransformTests {
        @Test func removesCommentsDeclarationAndLayoutWhitespace() {
            let source = """
                <?xml version="1.0" encoding="UTF-8"?>
                <!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">
                <!-- icon -->
                <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">
                  <title>Home</title>
                  <g fill="none">
                    <!-- roof -->
                    <path d="M3 11l9-8 9 8"/>
                  </g>
                </svg>

                """
            #expect(
                cleanedText(source) == #"""
                    <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><title>Home</title><g fill="none"><path d="M3 11l9-8 9 8"/></g></svg>

                    """#)
            #expect(cleaned(source).transform == "svg-clean")
        }

        @Test func removesEditorDataAndKeepsAccessibleText() {
            let output = cleanedText(inkscapeIcon)
            #expect(
                output == #"""
                    <svg xmlns:xlink="http://www.w3.org/1999/xlink" xmlns="http://www.w3.org/2000/svg" xmlns:svg="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" version="1.1" id="svg5"><title id="title1">Cart</title><desc id="desc1">A shopping cart</desc><defs id="defs2"><linearGradient id="fade"><stop style="stop-color:#0a66ff;stop-opacity:1" offset="0" id="stop1"/><stop style="stop-color:#0a66ff;stop-opacity:0.4" offset="1" id="stop2"/></linearGradient></defs><g id="layer1"><path style="fill:url(#fade);stroke:none" d="M 3,4 H 6 L 8,15 H 19 L 21,7 H 7" id="path1"/><circle cx="9" cy="19" r="2" fill="currentColor" id="wheel1"/><use xlink:href="#wheel1" x="9" id="wheel2"/><text x="2" y="23" font-size="3" xml:space="preserve" fill="currentColor">  2   items </text></g></svg>

                    """#)
            for gone in ["inkscape", "sodipodi", "metadata", "rdf", "dc:", "cc:", "<!--", "<?xml"] {
                #expect(!output.contains(gone), "\(gone)")
            }
        }

        @Test func removesOtherEditorsNamespaces() {
            let source = """
                <svg xmlns="http://www.w3.org/2000/svg" xmlns:sketch="http://www.bohemiancoding.com/sketch/ns"
                     xmlns:i="http://ns.adobe.com/AdobeIllustrator/10.0/" viewBox="0 0 8 8" i:viewOrigin="0 0">
                  <g sketch:type="MSArtboardGroup" fill="red"><rect width="8" height="8" sketch:type="MSShapeGroup"/></g>
                  <i:pgf id="adobe_illustrator_pgf">private data</i:pgf>
                </svg>
                """
            #expect(
                cleanedText(source) == """
                    <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><g fill="red"><rect width="8" height="8"/></g></svg>

                    """)
        }

        @Test func rendersPixelIdentically() throws {
            let icons =
                [inkscapeIcon] + (try realisticFiles.filter { $0.hasSuffix(".svg") }.map { try loadFixture($0, root: fixtureRoot).text })
            for icon in icons {
                let result = cleaned(icon)
                #expect(result.transform == "svg-clean")
                for color in ["#000000", "#ff8800"] {
                    let before = try #require(IconRenderer.measure(Array(icon.utf8), size: 48, currentColor: color))
                    let after = try #require(IconRenderer.measure(result.bytes, size: 48, currentColor: color))
                    #expect(before.inkInside > 0)
                    #expect(after.inkInside == before.inkInside)
                    #expect(after.inkOutside == before.inkOutside)
                    #expect(after.pixelDigest == before.pixelDigest)
                }
            }
        }

        @Test func refusesEntitiesAndOtherEncodings() {
            let sources = [
                // Entity declarations are never parsed, let alone expanded.
                """
                <?xml version="1.0"?>
                <!DOCTYPE svg [ <!ENTITY fill "red"> ]>
                <svg xmlns="http://www.w3.org/2000/svg">  <rect fill="&fill;"/>  </svg>
                """,
                // A DOCTYPE with declarations could set defaults; it is not dropped.
                """
                <!DOCTYPE svg [ <!ATTLIST rect fill CDATA "red"> ]>
                <svg xmlns="http://www.w3.org/2000/svg">  <rect/>  </svg>
                """,
                // The output has no declaration to name another encoding in.
                """
                <?xml version="1.0" encoding="ISO-8859-1"?>
                <svg xmlns="http://www.w3.org/2000/svg">  <rect/>  </svg>
                """,
                // Not well-formed, and not SVG.
                "<svg xmlns=\"http://www.w3.org/2000/svg\">  <rect>  </svg>",
                "<html>  <!-- x -->  </html>",
                "<svg>  <!-- no SVG namespace -->  </svg>",
            ]
            for source in sources {
                let result = cleaned(source)
                #expect(result.transform == nil, "\(source)")
                #expect(result.bytes == Array(source.utf8))
            }
        }

        @Test func keepsWhitespaceWhereTextRenders() {
            let source = """
                <svg xmlns="http://www.w3.org/2000/svg">
                  <text x="1" y="9"> a <tspan> b </tspan> <a href="#x"> c </a> </text>
                  <style> rect { fill: red } </style>
                </svg>
                """
            #expect(
                cleanedText(source) == """
                    <svg xmlns="http://www.w3.org/2000/svg"><text x="1" y="9"> a <tspan> b </tspan> <a href="#x"> c </a> </text><style> rect { fill: red } </style></svg>

                    """)
        }
    }
}
