import Testing
@testable import MiniAppKit

/// Parses `text` as `pages/home/home.html`.
private func parse(_ text: String) -> PageTemplate {
    TemplateParser.parse(SourceFile(path: "pages/home/home.html", text: text))
}

private func parse(bytes: [UInt8]) -> PageTemplate {
    TemplateParser.parse(SourceFile(path: "pages/home/home.html", bytes: bytes))
}

/// "line:column" of a byte offset, to compare positions at a glance.
private func location(_ template: PageTemplate, _ offset: Int) -> String {
    let position = template.file.position(at: offset)
    return "\(position.line):\(position.column)"
}

private func text(_ template: PageTemplate, _ range: Range<Int>) -> String {
    String(decoding: template.file.bytes[range], as: UTF8.self)
}

private func issueSummary(_ template: PageTemplate) -> [String] {
    template.issues.map { "\(location(template, $0.range.lowerBound)) \($0.message)" }
}

extension TemplateTests {
    @Suite struct TemplateParserTests {
        static let page = """
            <!DOCTYPE html>
            <html>
            <head>
              <meta charset="utf-8">
            </head>
            <body x-data="page">
              <section class="card">
                <h1 x-text="$t('home.title')"></h1>
                <button type="button"
                        @click="onTapIncrement"
                        :class="{ active: store.on }">Add</button>
                <template x-for="(item, index) in store.items"><li x-text="item"></li></template>
              </section>
            </body>
            </html>
            """

        @Test func buildsTheTreeWithParentsAndChildren() {
            let template = parse(Self.page)
            #expect(template.issues.isEmpty)
            #expect(template.elements.map(\.name) == ["html", "head", "meta", "body", "section", "h1", "button", "template", "li"])
            #expect(template.roots == [0])
            #expect(template.elements.map(\.parent) == [nil, 0, 1, 0, 3, 4, 4, 4, 7])
            #expect(Array(template.children(of: 0)) == [1, 3])
            #expect(Array(template.children(of: 4)) == [5, 6, 7])
            #expect(template.ancestors(of: 8) == [7, 4, 3, 0])
            #expect(template.descendants(of: 3) == 4..<9)
            #expect(template.descendants(of: 5) == 6..<6)
            #expect(template.elements(named: "li") == [8])
            #expect(template.elements.allSatisfy { $0.hasSourceTag })
            #expect(template.unmatchedStartTags.isEmpty)
        }

        @Test func keepsAlpineAttributesWithExactPositions() {
            let template = parse(Self.page)
            let button = template.elements[6]
            #expect(Array(template.attributes(of: button)).map(\.name) == ["type", "@click", ":class"])
            let click = Array(template.attributes(of: button))[1]
            #expect(click.value == "onTapIncrement")
            #expect(location(template, click.nameRange.lowerBound) == "10:13")
            #expect(location(template, click.valueRange!.lowerBound) == "10:21")
            #expect(text(template, click.valueRange!) == "onTapIncrement")
            #expect(location(template, button.range.lowerBound) == "9:5")
            #expect(text(template, button.nameRange) == "button")
            #expect(
                text(template, button.range) == """
                    <button type="button"
                                @click="onTapIncrement"
                                :class="{ active: store.on }">
                    """)
            #expect(template.attribute(named: ":class", of: button)?.value == "{ active: store.on }")
            #expect(template.attributes(of: button).compactMap(\.directive?.kind) == [.on, .bind])
            #expect(button.hasText)
            #expect(!template.elements[7].hasText)
            let span = template.span(click.nameRange)
            #expect(span.start.line == 10 && span.start.column == 13 && span.end.column == 19)
        }

        @Test func uppercaseTagsAndAttributes() {
            let template = parse("<DIV X-Text=\"store.a\" ID=main><SPAN>t</SPAN></DIV>")
            #expect(template.elements.map(\.name) == ["div", "span"])
            #expect(Array(template.attributes(of: template.elements[0])).map(\.name) == ["X-Text", "ID"])
            #expect(template.attribute(named: "x-text", of: template.elements[0])?.value == "store.a")
            #expect(template.attribute(named: "id", of: template.elements[0])?.value == "main")
            #expect(template.issues.isEmpty)
        }

        @Test func topLevelElementsOfAFragmentAreSiblings() {
            let template = parse("<div>a</div>\n<span>b<b>c</b></span>\n<p @click=\"go\">d</p>")
            #expect(template.elements.map(\.name) == ["div", "span", "b", "p"])
            #expect(template.roots == [0, 1, 3])
            #expect(template.elements.map(\.parent) == [nil, nil, 1, nil])
            #expect(Array(template.attributes(of: template.elements[3])).map(\.name) == ["@click"])
        }

        @Test func selfClosingTags() {
            let template = parse("<p>a<br/>b<img src=\"x.png\" /><br></p>")
            #expect(template.elements.map(\.name) == ["p", "br", "img", "br"])
            #expect(template.elements.map(\.isSelfClosing) == [false, true, true, false])
            #expect(template.elements.map(\.parent) == [nil, 0, 0, 0])
            #expect(Array(template.attributes(of: template.elements[2])).map(\.value) == ["x.png"])
        }

        @Test func commentsAndScriptsHideTheirTags() {
            let template = parse(
                """
                <!-- <div @click="commented"> -->
                <div id="a">
                <script>let s = "<div @click=\\"x\\"></div>";</script>
                <style>p > a { color: red }</style>
                </div>
                """)
            #expect(template.elements.map(\.name) == ["div", "script", "style"])
            #expect(template.elements.map(\.parent) == [nil, 0, 0])
            #expect(Array(template.attributes(of: template.elements[1])).isEmpty)
            #expect(template.elements[1].hasText)
            #expect(template.unmatchedStartTags.isEmpty)
            #expect(template.issues.isEmpty)
        }

        @Test func quotedValuesMayHoldAngleBrackets() {
            let template = parse("<div x-show=\"store.n > 2 && store.n < 5\" @click=\"a > b\"><i :title='\"<b>\"'>x</i></div>")
            #expect(template.elements.map(\.name) == ["div", "i"])
            #expect(Array(template.attributes(of: template.elements[0])).map(\.value) == ["store.n > 2 && store.n < 5", "a > b"])
            #expect(Array(template.attributes(of: template.elements[1])).map(\.value) == ["\"<b>\""])
            #expect(template.elements[1].parent == 0)
            #expect(template.issues.isEmpty)
        }

        @Test func unclosedTagsStillGiveATree() {
            let template = parse("<div x-data=\"page\">\n  <ul>\n    <li @click=\"a\">one\n    <li @click=\"b\">two\n")
            #expect(template.elements.map(\.name) == ["div", "ul", "li", "li"])
            #expect(template.elements.map(\.parent) == [nil, 0, 1, 1])
            #expect(Array(template.attributes(of: template.elements[3])).map(\.value) == ["b"])
            #expect(location(template, Array(template.attributes(of: template.elements[3]))[0].nameRange.lowerBound) == "4:9")
            #expect(template.issues.isEmpty)
        }

        @Test func reportsBrokenMarkupWithPositions() {
            let template = parse(
                """
                <div id="a" id="b" @click="x" @click="y">
                  <p>one <b>two</p>
                  </span>
                  <a title="&#0;">link</a>
                </div>
                <div
                """)
            #expect(
                issueSummary(template) == [
                    "1:13 attribute 'id' redefined",
                    "1:31 attribute '@click' redefined",
                    "2:16 opening and ending tag mismatch: 'p' and 'b'",
                    "3:3 unexpected end tag 'span'",
                    "4:13 character reference: invalid xmlchar value 0",
                    "6:5 couldn't find end of start tag 'div'",
                ])
            #expect(
                template.issues.map(\.kind) == [
                    .markup(code: 42), .markup(code: 42), .markup(code: 76), .markup(code: 76), .markup(code: 9), .markup(code: 73),
                ])
            #expect(template.issues[3].range.count == "</span>".utf8.count)
            #expect(template.issues[4].range.count == "&#0;".utf8.count)
            // The duplicates are all kept, in source order, for rules to report as they see fit.
            #expect(Array(template.attributes(of: template.elements[0])).map(\.name) == ["id", "id", "@click", "@click"])
        }

        @Test func unreadableAttributeNames() {
            let template = parse("<div class=\"x\"<p>\n<span =a>t</span></div>")
            #expect(issueSummary(template) == ["1:15 error parsing attribute name '<p'", "2:7 error parsing attribute name '=a'"])
            #expect(template.issues.map(\.range) == [14..<16, 24..<26])
            #expect(template.elements.map(\.name) == ["div", "span"])
            #expect(template.elements.map { template.attributes(of: $0).map(\.name) } == [["class", "<p"], ["=a"]])
        }

        @Test func html5ElementsAndShorthandsAreNotErrors() {
            let template = parse(
                "<main><section><nav #ref @keyup.enter=\"go\"><template x-if=\"a\"><span></span></template></nav></section></main>")
            #expect(template.issues.isEmpty)
            #expect(Array(template.attributes(of: template.elements[2])).map(\.name) == ["#ref", "@keyup.enter"])
            #expect(Array(template.attributes(of: template.elements[2])).map(\.value) == [nil, "go"])
        }

        @Test func impliedElementsHaveNoSourceTag() {
            // libxml2 wraps stray top-level text in a <p> that is not in the source.
            let template = parse("hello <p @click=\"a\">x</p>")
            #expect(template.elements.map(\.name) == ["p", "p"])
            #expect(template.elements.map(\.hasSourceTag) == [false, true])
            #expect(Array(template.attributes(of: template.elements[0])).isEmpty)
            #expect(Array(template.attributes(of: template.elements[1])).map(\.name) == ["@click"])
            #expect(template.elements[0].range == 6..<6)
            #expect(template.unmatchedStartTags.isEmpty)
        }

        @Test func invalidUTF8IsReportedAndPositionsHold() {
            var bytes = Array("<div title=\"caf".utf8) + [0xFF] + Array("\">\n".utf8)
            bytes += Array("<p title=\"é\" @click=\"go\">ü</p>\u{0}<i>x</i></div>".utf8)
            let template = parse(bytes: bytes)
            #expect(issueSummary(template) == ["1:16 invalid UTF-8 byte 0xFF; page templates must be UTF-8"])
            #expect(template.issues[0].kind == .invalidUTF8(count: 1))
            #expect(template.elements.map(\.name) == ["div", "p", "i"])
            #expect(template.elements.map(\.parent) == [nil, 0, 0])
            #expect(Array(template.attributes(of: template.elements[0]))[0].value == "caf\u{FFFD}")
            #expect(Array(template.attributes(of: template.elements[1])).map(\.value) == ["é", "go"])
            #expect(location(template, Array(template.attributes(of: template.elements[1]))[1].nameRange.lowerBound) == "2:14")
            #expect(template.elements[1].hasText)
        }

        @Test func byteOrderMarkDoesNotShiftPositions() {
            let template = parse(bytes: [0xEF, 0xBB, 0xBF] + Array("<div><p @click=\"a\"></p><p></p></div>".utf8))
            #expect(template.elements.map(\.name) == ["div", "p", "p"])
            #expect(template.elements.allSatisfy { $0.hasSourceTag })
            #expect(Array(template.attributes(of: template.elements[1])).map(\.name) == ["@click"])
            #expect(template.elements[1].range == 8..<22)
        }

        @Test func emptyPage() {
            let template = parse("")
            #expect(template.elements.isEmpty)
            #expect(template.roots.isEmpty)
            let blank = parse("  \n")
            #expect(blank.elements.isEmpty)
            #expect(issueSummary(blank) == ["2:1 document is empty"])
        }

        @Test func deepNestingStopsLibXMLButNotUs() {
            let depth = 200_000
            let text = String(repeating: "<div>", count: depth) + String(repeating: "</div>", count: depth)
            let template = parse(text)
            #expect(template.elements.count == Limits.htmlNesting)
            #expect(template.elements.last?.parent == 255)
            #expect(template.unmatchedStartTags.count == depth - Limits.htmlNesting)
            #expect(template.issues.count == 1)
            let issue = template.issues[0]
            #expect(issue.kind == .nestingTooDeep)
            #expect(issue.message == "elements nest more than 257 levels deep; the HTML parser stopped here")
            // The 258th <div>, the first one libxml2 refused.
            #expect(issue.range == 1285..<1290)
            #expect(template.ancestors(of: 256).count == 256)
            #expect(template.descendants(of: 0) == 1..<257)
        }

        @Test func tenMegabytePage() {
            let row = "<div class=\"row\" @click=\"onTap\"><span x-text=\"store.a\">héllo</span><br/><p>t</p></div>\n"
            let rows = 10_000_000 / row.utf8.count + 1
            let template = parse(String(repeating: row, count: rows))
            #expect(template.elements.count == rows * 4)
            #expect(template.roots.count == rows)
            #expect(template.issues.isEmpty)
            #expect(template.unmatchedStartTags.isEmpty)
            let last = template.elements[template.roots.last!]
            #expect(Array(template.attributes(of: last)).map(\.name) == ["class", "@click"])
            #expect(template.file.position(at: Array(template.attributes(of: last))[1].nameRange.lowerBound).line == rows)
            #expect(template.file.position(at: Array(template.attributes(of: last))[1].nameRange.lowerBound).column == 18)
            #expect(template.elements[template.elements.count - 2].name == "br")
            #expect(template.elements.allSatisfy { $0.hasSourceTag })
        }

        @Test func issuesAreCapped() {
            let template = parse(String(repeating: "</span>", count: 500))
            #expect(template.issues.count == Limits.templateIssues)
            #expect(template.omittedIssueCount == 400)

            // Errors that only HTML 4 sees do not count towards the cap.
            let html5 = parse(String(repeating: "<section x-show=\"a && b\"></section>", count: 150) + "</b>")
            #expect(html5.issues.map(\.message) == ["unexpected end tag 'b'"])
            #expect(html5.omittedIssueCount == 0)
        }

        @Test func parsesOnManyThreadsAtOnce() async {
            let pages = (0..<64).map { index in
                "<div id=\"p\(index)\" @click=\"on\(index)\"><span></div></b>\(String(repeating: "<i>x</i>", count: index))"
            }
            let expected = pages.map(parse)
            let results = await withTaskGroup(of: (Int, PageTemplate).self) { group in
                for (index, page) in pages.enumerated() {
                    group.addTask { (index, parse(page)) }
                }
                var results = [PageTemplate?](repeating: nil, count: pages.count)
                for await (index, template) in group { results[index] = template }
                return results
            }
            #expect(results == expected)
            #expect(expected[3].issues.map(\.message) == ["unexpected end tag 'b'"])
        }
    }
}
