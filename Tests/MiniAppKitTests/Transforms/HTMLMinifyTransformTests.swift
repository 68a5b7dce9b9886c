import Testing
@testable import MiniAppKit

private func minified(_ text: String) -> String {
    String(decoding: HTMLMinifier.minify(Array(text.utf8)), as: UTF8.self)
}

/// The element tree and directive model of a page, for comparing a page with its minified form.
private func shape(_ text: String) -> PageTemplateShape {
    PageTemplateShape(TemplateParser.parse(SourceFile(path: "pages/a/a.html", text: text)))
}

/// A page with the constructs a minifier is most likely to get wrong.
private let trickyPage = """
    <!DOCTYPE html>
    <!-- a comment before the root -->
    <html>
    <head>
      <meta charset="utf-8">
      <!--[if IE]><p>old browser</p><![endif]-->
      <title>  Spaced   title <!-- not a comment --> </title>
      <style>
        /* <!-- kept --> */
        .a   >   .b { color: red; }
      </style>
    </head>
    <body   x-data="page"
            x-init="onReady">
      <!-- toolbar -->
      <nav class="bar  wide" :class="{ 'is-open':   store.open }"   @click.outside="onClose">
        <b>bold</b>   <i>italic</i>
        <a href="/x?a=1&amp;b=2" title="<!-- not a comment -->   spaced > sign">link</a>
      </nav>
      <template x-for="(item, index) in store.items" :key="item.id">
        <li x-text="item.name + '  ' + index"   @click="onOpen(item.id)"></li>
      </template>
      <pre>
        line one   <!-- kept in pre -->
          <b>  bold  </b>
        <pre>  nested  </pre>   after nested
      </pre>
      <textarea x-model="store.note">  <!-- kept -->  text  </textarea>
      <script>
        // <!-- kept --> <div>   not a tag
        const a = "  two  spaces  ";
      </script>
      <input type=text value=unquoted  disabled  >
      <br class=x />
      <p>5 < 6 and 7 > 6 &amp; a&nbsp;&nbsp;b</p>
      <p>joined<!-- kept: removing it would join the words -->words, &amp<!-- kept -->;</p>
      <svg viewBox="0 0 10 10"><text x="0" y="5">  svg   text  </text></svg>
      <![CDATA[ cdata   stays ]]>
      <?php echo "processing instruction"; ?>
    </body  >
    </html>

    """

extension TransformTests {
    @Suite struct HTMLMinifyTransformTests {
        @Test func collapsesWhitespaceInText() {
            #expect(minified("<p>a   b\n   c\t\td</p>") == "<p>a b\nc d</p>")
            #expect(minified("<p>\r\n  a  \r\n</p>") == "<p>\na\n</p>")
            // Whitespace between inline elements renders: it shrinks but never disappears.
            #expect(minified("<b>a</b>   <i>b</i>\n\n<u>c</u>") == "<b>a</b> <i>b</i>\n<u>c</u>")
            // A non-breaking space is not whitespace to HTML.
            #expect(minified("<p>a \u{A0} b</p>") == "<p>a \u{A0} b</p>")
        }

        @Test func removesComments() {
            #expect(minified("<div>\n  <!-- note -->\n  <span>x</span>\n</div>") == "<div>\n<span>x</span>\n</div>")
            #expect(minified("<p>a <!-- x --> b</p>") == "<p>a b</p>")
            #expect(minified("<p><!-- x -->a</p><!---->") == "<p>a</p>")
            // `--!>` and `<!-->` end comments in browsers but not in libxml2; in a page with
            // one, no comment can be removed without changing what one of them sees.
            #expect(minified("<p>a  <!-- x --!> b <!--> c <!---> d <!-- e --></p>") == "<p>a <!-- x --!> b <!--> c <!---> d <!-- e --></p>")
            #expect(minified("<p>a  <!-- x --> b <!--></p>") == "<p>a <!-- x --> b <!--></p>")
        }

        @Test func keepsCommentsWhoseRemovalWouldJoinText() {
            #expect(minified("<p>a<!-- x -->b</p>") == "<p>a<!-- x -->b</p>")
            #expect(minified("<p>&amp<!-- x -->;</p>") == "<p>&amp<!-- x -->;</p>")
            #expect(minified("<p><<!-- x -->b></p>") == "<p><<!-- x -->b></p>")
        }

        @Test func keepsConditionalComments() {
            let source = "<head>\n  <!--[if lt IE 9]><script src=\"a.js\"></script><![endif]-->\n  <!--<![endif]-->\n</head>"
            #expect(minified(source) == "<head>\n<!--[if lt IE 9]><script src=\"a.js\"></script><![endif]-->\n<!--<![endif]-->\n</head>")
        }

        @Test func keepsVerbatimElementsByteForByte() {
            let pre = "<pre>  a  <!-- c -->\n   <b>  b  </b>  <pre> x  </pre>  y  </pre>"
            #expect(minified(pre + "  <p>  z  </p>") == pre + " <p> z </p>")
            let textarea = "<textarea>  <!-- c -->  </textarea>"
            #expect(minified(textarea + "  x") == textarea + " x")
            let script = "<script>\n  // <!-- c -->\n  if (a  <b) {}\n</script>"
            #expect(minified(script + "\n\n") == script + "\n")
            let style = "<style>\n  a   >   b { }  /* <!-- c --> */\n</style>"
            #expect(minified(style) == style)
            let title = "<title> a  <!-- b --> </title>"
            #expect(minified(title) == title)
        }

        @Test func keepsAttributeValuesAndCollapsesTheRestOfTheTag() {
            #expect(
                minified("<div   class=\"a   b\"\n     @click=\"onTap\"    >x</div   >")
                    == "<div class=\"a   b\" @click=\"onTap\">x</div>")
            #expect(minified("<a title='<!-- x -->  >  y'  href=\"#\">") == "<a title='<!-- x -->  >  y' href=\"#\">")
            #expect(minified("<input value=a   disabled\t>") == "<input value=a disabled>")
            // `a=b/>` would make the value `b/`: the space before `/>` stays.
            #expect(minified("<br class=x   />") == "<br class=x />")
            #expect(minified("<img src=\"a.png\"  />") == "<img src=\"a.png\" />")
            // An end tag holding more than whitespace is left alone.
            #expect(minified("</div  class=\"x\"  >") == "</div  class=\"x\"  >")
        }

        @Test func keepsDeclarationsAndCDATA() {
            #expect(minified("<!DOCTYPE   html>\n\n<html></html>") == "<!DOCTYPE   html>\n<html></html>")
            #expect(minified("<svg><![CDATA[  a  ]]></svg>") == "<svg><![CDATA[  a  ]]></svg>")
        }

        @Test func trickyPageKeepsItsElementsAndDirectives() throws {
            let output = minified(trickyPage)
            #expect(output.utf8.count < trickyPage.utf8.count)
            #expect(shape(output) == shape(trickyPage))
            // The directive model follows from the attributes the shape compares: both pages
            // bind the same expressions.
            func directiveModel(_ text: String) -> [String] {
                DirectiveAnalysis.uses(in: TemplateParser.parse(SourceFile(path: "pages/a/a.html", text: text))).map { use in
                    "\(use.element) \(use.attribute.name)=\(use.attribute.value ?? "") \(String(describing: use.expression)) "
                        + "\(String(describing: use.failure)) \(String(describing: use.loop))"
                }
            }
            #expect(directiveModel(output) == directiveModel(trickyPage))
            #expect(directiveModel(trickyPage).count > 5)
            // Spot checks on what the page needs kept.
            #expect(output.contains(":class=\"{ 'is-open':   store.open }\""))
            #expect(output.contains("<!--[if IE]><p>old browser</p><![endif]-->"))
            #expect(!output.contains("toolbar"))
            #expect(output.contains("<title>  Spaced   title <!-- not a comment --> </title>"))
            #expect(output.contains("<b>bold</b> <i>italic</i>"))
            #expect(output.contains("joined<!-- kept: removing it would join the words -->words"))
            #expect(output.contains("<input type=text value=unquoted disabled>"))
            #expect(output.contains("</body>"))
            #expect(minified(output) == output, "minifying twice changes nothing more")
            #expect(PackTransform.apply(to: SourceFile(path: "a.html", text: trickyPage)).transform == "html-minify")
        }

        @Test func realisticPagesKeepTheirElementsAndDirectives() throws {
            for page in try realisticPages() {
                let output = HTMLMinifier.minify(page.bytes)
                let before = TemplateParser.parse(page)
                let after = TemplateParser.parse(SourceFile(path: page.path, bytes: output))
                #expect(output.count < page.bytes.count, "\(page.path)")
                #expect(PageTemplateShape(after) == PageTemplateShape(before), "\(page.path)")
                // The directive model, spelled out: names, values and parsed expressions.
                let beforeUses = DirectiveAnalysis.uses(in: before)
                let afterUses = DirectiveAnalysis.uses(in: after)
                #expect(beforeUses.map(\.attribute.name) == afterUses.map(\.attribute.name), "\(page.path)")
                #expect(beforeUses.map(\.attribute.value) == afterUses.map(\.attribute.value), "\(page.path)")
                #expect(beforeUses.map(\.expression) == afterUses.map(\.expression), "\(page.path)")
                #expect(beforeUses.contains { $0.expression != nil }, "\(page.path)")
                #expect(before.elements.map(\.name) == after.elements.map(\.name), "\(page.path)")
                #expect(after.issues.count == before.issues.count, "\(page.path)")
            }
        }

        /// Markup fragments, valid and not, glued at random: whatever the page, the minifier's
        /// output must parse to the same elements and directives.
        @Test func generatedPagesKeepTheirElementsAndDirectives() {
            let pieces = [
                "<div>", "</div>", " ", "\n  ", "\t\r\n", "<!-- c -->", "  <!-- c -->  ", "<!-- a -- b -->",
                "<!--[if x]>y<![endif]-->", "<pre>", "</pre>", "<p>", "</p>", "text", "&amp", ";", "<", ">", "<!", "<?x?>",
                "<b x=\"1  2\" @click=\"onTap\"  >", "</b >", "<script>", "</script>", "<textarea>", "</textarea>",
                "<template x-for=\"a in b\">", "</template>", "<li x-text=\"a.b\">", "<!DOCTYPE html>", "<html>", "</html>",
                "<head>", "</head>", "<body>", "</body>", "<title>", "</title>", "<table>", "<tr>", "<td>", "<select>",
                "<option>", "<ul>", "<br/>", "<input value=a/>", "-->", "<!-->", "=", "'", "\"", "<meta charset=x>",
                "<span>", "</span>", "<style>", "</style>", "<![CDATA[ x ]]>", "<xmp>", "</xmp>", "<a href=x>", "</a>",
                "<noscript>", "</noscript>", "<svg>", "</svg>",
            ]
            for page in generatedTexts(from: pieces, count: 1500, length: 30, seed: 2024) {
                let output = HTMLMinifier.minify(Array(page.utf8))
                #expect(PageTemplateShape(TemplateParser.parse(SourceFile(path: "a.html", bytes: output))) == shape(page), "\(page)")
            }
        }

        @Test func shapeTellsPagesApart() {
            let page = shape("<div class=\"a b\" @click=\"onTap\"><p x-text=\"store.n\"></p></div>")
            #expect(page == shape("<div  class=\"a b\"\n@click=\"onTap\">\n<p x-text=\"store.n\">  </p></div>"))
            #expect(page != shape("<div class=\"a  b\" @click=\"onTap\"><p x-text=\"store.n\"></p></div>"))
            #expect(page != shape("<div class=\"a b\" @click=\"onTap2\"><p x-text=\"store.n\"></p></div>"))
            #expect(page != shape("<div class=\"a b\" @click=\"onTap\"></div><p x-text=\"store.n\"></p>"))
            #expect(page != shape("<div class=\"a b\" @click=\"onTap\"><p x-text=\"store.m\"></p></div>"))
        }

        @Test func shipsOnlyWhatParsesToTheSamePage() {
            // The transform parses its output again and ships it only with an equal shape,
            // which this page keeps.
            let page = "<ul>\n  <li   x-text=\"a\">  </li>\n</ul>\n"
            let result = transformed(page, path: "pages/a/a.html")
            #expect(result.transform == "html-minify")
            #expect(String(decoding: result.bytes, as: UTF8.self) == "<ul>\n<li x-text=\"a\"> </li>\n</ul>\n")
        }
    }
}
