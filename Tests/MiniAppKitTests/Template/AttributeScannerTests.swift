import Testing
@testable import MiniAppKit

/// A scanned start tag with its attributes copied out of the scan's one array, so that an
/// assertion reads the tag's own attributes from index 0.
@dynamicMemberLookup
private struct ScannedTag {
    var tag: TemplateStartTag
    var attributes: [TemplateAttribute]

    subscript<Value>(dynamicMember keyPath: KeyPath<TemplateStartTag, Value>) -> Value { tag[keyPath: keyPath] }
}

private func scan(_ text: String) -> [ScannedTag] {
    scan(Array(text.utf8))
}

private func scan(_ bytes: [UInt8]) -> [ScannedTag] {
    let result = StartTagScanner.scan(bytes)
    return result.startTags.map { ScannedTag(tag: $0, attributes: Array(result.attributes(of: $0))) }
}

/// Each attribute as `name=value` (`name` alone when valueless) with its ranges' source text.
private func describe(_ tag: ScannedTag, in text: String) -> [String] {
    let bytes = Array(text.utf8)
    return tag.attributes.map { attribute in
        let name = String(decoding: bytes[attribute.nameRange], as: UTF8.self)
        guard let value = attribute.value, let range = attribute.valueRange else { return "\(name)" }
        return "\(name)=\(value)|\(String(decoding: bytes[range], as: UTF8.self))"
    }
}

extension TemplateTests {
    @Suite struct AttributeScannerTests {
        @Test func namesValuesAndRanges() {
            let text = #"<Button  type="button" @click.prevent='onTap' :fooBar=store.x x-cloak data-n = "1">"#
            let tags = scan(text)
            #expect(tags.count == 1)
            let tag = tags[0]
            #expect(tag.name == "Button")
            #expect(tag.nameRange == 1..<7)
            #expect(tag.range == 0..<text.utf8.count)
            #expect(tag.attributes.map(\.name) == ["type", "@click.prevent", ":fooBar", "x-cloak", "data-n"])
            #expect(
                describe(tag, in: text) == [
                    "type=button|button", "@click.prevent=onTap|onTap", ":fooBar=store.x|store.x", "x-cloak", "data-n=1|1",
                ])
            #expect(tag.attributes[1].nameRange == 23..<37)
            #expect(tag.attributes[1].valueRange == 39..<44)
            #expect(tag.attributes[3].value == nil && tag.attributes[3].valueRange == nil)
            #expect(!tag.isSelfClosing)
        }

        @Test func characterReferencesAreDecoded() {
            let text = #"<p title="a &amp; b &lt;c&gt; &quot;d&quot; &#39;e&#39; &#x41;&#66 &apos; &nbsp; &hellip; &#0; & &&">"#
            let attribute = scan(text)[0].attributes[0]
            #expect(attribute.value == "a & b <c> \"d\" 'e' AB ' \u{A0} &hellip; \u{FFFD} & &&")
            #expect(!attribute.valueIsVerbatim)
            #expect(scan(#"<p title="plain">"#)[0].attributes[0].valueIsVerbatim)
        }

        @Test func quotedValuesHoldAngleBracketsAndOtherQuotes() {
            let text = #"<div x-show="a > b && c < d" :title='"x"' @click="f('>')"><span>"#
            let tags = scan(text)
            #expect(tags.map(\.name) == ["div", "span"])
            #expect(tags[0].attributes.map(\.value) == ["a > b && c < d", "\"x\"", "f('>')"])
        }

        @Test func unusualAttributeSyntax() {
            let text = #"<a b= c d=>e"f"=g h=i/j/>"#
            let tag = scan(text)[0]
            // `d=>` has an empty value and the `>` ends the tag; the rest is text.
            #expect(tag.attributes.map(\.name) == ["b", "d"])
            #expect(tag.attributes.map(\.value) == ["c", ""])
            #expect(tag.attributes[1].valueRange == 10..<10)
            #expect(tag.range == 0..<11)

            let second = scan(#"<a x="1"y='2' =z /k>"#)[0]
            #expect(second.attributes.map(\.name) == ["x", "y", "=z", "k"])
            #expect(second.attributes.map(\.value) == ["1", "2", nil, nil])
        }

        @Test func selfClosingAndUnterminatedTags() {
            let tags = scan("<br/><img src=x /><div / ><p")
            #expect(tags.map(\.name) == ["br", "img", "div", "p"])
            #expect(tags.map(\.isSelfClosing) == [true, true, false, false])
            #expect(tags[1].attributes.map(\.value) == ["x"])
            #expect(tags[3].range == 26..<28)
        }

        @Test func skipsCommentsDeclarationsAndEndTags() {
            let text = """
                <!DOCTYPE html><?xml version="1.0"?><!-- <a x="1"> --><!--><b><!---><i>\
                <![CDATA[<c>]]><!-- x --!><d></e title=">"><f></ g>< h><1x>
                """
            #expect(scan(text).map(\.name) == ["b", "i", "d", "f"])
            #expect(scan("<!-- <a> never closed <b>").isEmpty)
        }

        @Test func rawTextOfScriptAndStyle() {
            let text = """
                <script>if (a<b) { s = "<div @click=\\"x\\">" }</scripts></SCRIPT ><p>\
                <style>a > b { }</style><i><script/><u></script><textarea><b></textarea>
                """
            #expect(scan(text).map(\.name) == ["script", "p", "style", "i", "script", "textarea", "b"])
            #expect(scan("<script>never closed <div>").map(\.name) == ["script"])
        }

        @Test func invalidUTF8AndNonASCII() {
            let bytes = Array("<p title=\"".utf8) + [0xC3, 0x28, 0xFF] + Array("\" data-é=ü><i>".utf8)
            let tags = scan(bytes)
            #expect(tags.map(\.name) == ["p", "i"])
            #expect(tags[0].attributes.map(\.name) == ["title", "data-é"])
            #expect(tags[0].attributes.map(\.value) == ["\u{FFFD}(\u{FFFD}", "ü"])
            #expect(tags[0].attributes[0].valueRange == 10..<13)
        }
    }
}
