import Foundation

/// Markup of another MiniApp platform's templates (WeChat's and its kin's) in an Alpine page:
/// `bindtap`, `wx:if`, `{{ name }}`, `<view>`, `<navigator>`.
public struct TemplateOtherPlatformMarkup: PageRule {
    public static let description = RuleDescription(
        id: "template-other-platform-markup", domain: .template, severity: .error,
        summary: "A page template uses another platform's markup: 'bindtap', 'wx:if', '{{ name }}', '<view>', '<navigator>'.",
        rationale: """
            SkipMiniApp shows a page as HTML in a web view and binds it with Alpine (CSP build). \
            Habits from WeChat's mini programs and their kin (Alipay's `a:`, Baidu's `s-`, \
            ByteDance's `tt:`, QQ's `qq:`) mean nothing there: an event attribute such as \
            `bindtap` or `catch:tap` is an ordinary attribute, so the tap does nothing; `wx:if` \
            and `wx:for` are ignored, so the element always shows, once; `{{ name }}` is shown as \
            written, in text and in attribute values alike (Alpine has no such syntax); \
            `<navigator>` is an unknown element that goes nowhere when tapped (errors). `<view>`, \
            `<text>`, `<scroll-view>` and the other components are unknown elements shown inline \
            with no behaviour of their own, which changes the layout (warnings). Each finding \
            gives the Alpine form, as a fix-it where the change is mechanical: `@click=\"name()\"`, \
            `x-show`, `x-text=\"store.name\"` for a key of the page's `data`, `<div>`, `<span>`. \
            Text inside `x-text`, `x-html`, a `<script>`, a `<style>` or an inert `<template>` is \
            never shown and is not checked.
            """,
        runtimeFacts: ["skip.html-view", "skip.page-root"],
        triggering: [
            RuleExample(
                files: [
                    (
                        "pages/index/index.html",
                        """
                        <body x-data="page">
                          1️⃣<view class="card">
                            <p>Count: 2️⃣{{ count }} 5️⃣<text>times</text></p>
                            <button 3️⃣bindtap="onAdd">Add</button>
                            <p 4️⃣wx:if="{{ count > 9 }}">That is a lot</p>
                          </view>
                        </body>

                        """
                    ),
                    (
                        "pages/index/index.js",
                        "Page({\n  data: { count: 0 },\n  onAdd() {\n    this.setData({ count: this.data.count + 1 });\n  },\n});\n"
                    ),
                ],
                expected: [
                    .at("1️⃣", "'<view>' is a WeChat component, unknown in HTML: it shows its content inline, not as a block; write '<div>'")
                        .severity(.warning),
                    .at(
                        "2️⃣", "'{{ count }}' is shown as written: Alpine has no '{{ }}' syntax; write '<span x-text=\"store.count\"></span>'"
                    )
                    .fixIt("<span x-text=\"store.count\"></span>"),
                    .at(
                        "3️⃣",
                        "'bindtap' is WeChat's event binding, an ordinary attribute here: tapping does nothing; write '@click=\"onAdd()\"'"
                    )
                    .fixIt("@click=\"onAdd()\""),
                    .at(
                        "4️⃣",
                        "'wx:if' is WeChat's and is ignored here: the element always shows; write 'x-show' with an Alpine expression that reads the page's data as 'store.<key>'"
                    ),
                    .at("5️⃣", "'<text>' is a WeChat component, unknown in HTML: it shows its content as plain text; write '<span>'")
                        .severity(.warning).fixIt("<span>times</span>"),
                ]),
            .file(
                "pages/index/index.html",
                """
                <body x-data="page">
                  <ul><li 1️⃣wx:for="{{ items }}">x</li></ul>
                  <img src="2️⃣{{ photo }}">
                  3️⃣<navigator url="/pages/index/index">Home</navigator>
                </body>

                """,
                expected: [
                    .at(
                        "1️⃣",
                        "'wx:for' is WeChat's and is ignored here: the element shows once, not once per item; wrap it in '<template x-for=\"item in store.<key>\">'"
                    ),
                    .at("2️⃣", "'{{ photo }}' in 'src' is kept as written: Alpine has no '{{ }}' syntax; bind the attribute with ':src'"),
                    .at(
                        "3️⃣",
                        "'<navigator>' is a WeChat component, unknown in HTML: tapping it goes nowhere; use '<button @click=\"…\">' with a handler that calls 'skip.nav.navigateTo'"
                    ),
                ]),
        ],
        nonTriggering: [
            // The Alpine forms, and braces that are never shown.
            .file(
                "pages/index/index.html",
                """
                <body x-data="page">
                  <div class="card"><span x-text="store.count"></span></div>
                  <button @click="onAdd()" :class="{ on: store.count > 9 }">Add</button>
                  <p x-text="store.count">{{ count }}</p>
                  <template>{{ inert }}</template>
                  <!-- {{ a comment }} -->
                  <image src="../../icons/app.svg"></image>
                </body>

                """)
        ])

    public init() {}

    public func check(page: PageModel, runtime: RuntimeProfile) -> [Finding] {
        guard runtime.pagesAreAlpineHTML, let template = page.template,
            TemplateQuickAppMarkup.finding(template) == nil
        else { return [] }
        let dataKeys = page.script?.dataKeys ?? []
        let bytes = template.file.bytes
        // Pairing the tags is needed only for a component's fix-it and for `{{ }}` in text;
        // most pages have neither.
        let components = template.startTags.map { Self.components[$0.name.lowercased()] }
        let walk = components.contains { $0 != nil } || Self.hasDoubleBrace(bytes) ? TagWalk(template) : nil
        var findings: [Finding] = []
        for (index, tag) in template.startTags.enumerated() {
            if let walk, let component = components[index] {
                findings.append(componentFinding(tag, component, end: walk.endTag[index], template: template))
            }
            for attribute in template.attributes(of: tag) {
                if let finding = attributeFinding(attribute, template: template, dataKeys: dataKeys) {
                    findings.append(finding)
                }
            }
        }
        for text in walk?.shownText ?? [] where Self.hasDoubleBrace(bytes[text]) {
            findings += mustacheFindings(in: text, template: template, dataKeys: dataKeys)
        }
        return Self.withoutOverlappingFixIts(findings).sorted { $0.span?.start.offset ?? 0 < $1.span?.start.offset ?? 0 }
    }

    /// A renamed element's fix-it spans its whole content; when another fix-it lies inside,
    /// the rename keeps its message but loses its fix-it, so that applying every fix-it in
    /// one go never meets two edits of the same bytes.
    static func withoutOverlappingFixIts(_ findings: [Finding]) -> [Finding] {
        let edits = findings.compactMap { $0.fixIt?.span }
        return findings.map { finding in
            guard let outer = finding.fixIt?.span else { return finding }
            let holdsAnother = edits.contains { $0 != outer && outer.start.offset <= $0.start.offset && $0.end.offset <= outer.end.offset }
            guard holdsAnother else { return finding }
            var kept = finding
            kept.fixIt = nil
            return kept
        }
    }

    // MARK: Components

    struct Component {
        var platform = "WeChat"
        /// The HTML element to write instead, when the change is a mechanical rename.
        var html: String?
        /// What the author sees, and what to write.
        var consequence: String
        var severity: Severity = .warning
    }

    static let components: [String: Component] = [
        "view": Component(html: "div", consequence: "it shows its content inline, not as a block; write '<div>'"),
        "text": Component(html: "span", consequence: "it shows its content as plain text; write '<span>'"),
        "block": Component(
            consequence: "it shows its content, and a 'wx:if' or 'wx:for' on it is ignored; use '<template x-if>' or '<template x-for>'"),
        "scroll-view": Component(consequence: "it does not scroll by itself; use a '<div>' with 'overflow: auto' in CSS"),
        "swiper": Component(
            consequence: "it does not swipe; lay the items out in a '<div>' with 'overflow-x: auto' and 'scroll-snap-type' in CSS"),
        "swiper-item": Component(consequence: "it is no slide; use a '<div>'"),
        "rich-text": Component(consequence: "it does not render its 'nodes'; use 'x-html' on a '<div>'"),
        "cover-view": Component(html: "div", consequence: "it shows its content inline; write '<div>'"),
        "navigator": Component(
            consequence: "tapping it goes nowhere; use '<button @click=\"…\">' with a handler that calls 'skip.nav.navigateTo'",
            severity: .error),
    ]

    private func componentFinding(_ tag: TemplateStartTag, _ component: Component, end: TemplateEndTag?, template: PageTemplate) -> Finding
    {
        let message = "'<\(tag.name)>' is a \(component.platform) component, unknown in HTML: \(component.consequence)"
        var fixIt: FixIt?
        if let html = component.html, let end {
            // Both tags renamed at once, so the fix-it never leaves a '<div>' closed by
            // '</view>'; the content in between is kept byte for byte.
            let whole = tag.range.lowerBound..<end.range.upperBound
            var text = Array(template.file.bytes[whole])
            let endNameStart = end.range.lowerBound + 2 - whole.lowerBound
            text.replaceSubrange(endNameStart..<(endNameStart + end.name.utf8.count), with: Array(html.utf8))
            let startNameStart = tag.nameRange.lowerBound - whole.lowerBound
            text.replaceSubrange(startNameStart..<(startNameStart + tag.nameRange.count), with: Array(html.utf8))
            fixIt = FixIt(message: "write '<\(html)>'", span: template.span(whole), replacement: String(decoding: text, as: UTF8.self))
        }
        return Finding(
            message, at: template.span(tag.range), fixIt: fixIt,
            defaultSeverity: component.severity == .error ? nil : component.severity)
    }

    // MARK: Attributes

    /// `wx:`, and the same directives of WeChat's kin.
    static let controlPrefixes = ["wx:", "a:", "s-", "tt:", "qq:", "jd:"]
    static let eventPrefixes = ["capture-bind:", "capture-catch:", "mut-bind:", "bind:", "catch:", "bind", "catch"]
    /// WeChat event names whose DOM event is the same thing.
    static let domEvents = [
        "tap": "click", "input": "input", "change": "change", "submit": "submit", "blur": "blur", "focus": "focus",
        "touchstart": "touchstart", "touchmove": "touchmove", "touchend": "touchend", "touchcancel": "touchcancel",
        "scroll": "scroll", "confirm": "keyup.enter",
    ]

    /// Whether `{{` occurs: most text and attribute values have none, and the page is read
    /// once more for each that has.
    static func hasDoubleBrace<Bytes: Collection>(_ bytes: Bytes) -> Bool where Bytes.Element == UInt8 {
        var previous: UInt8 = 0
        for byte in bytes {
            if byte == UInt8(ascii: "{"), previous == byte { return true }
            previous = byte
        }
        return false
    }

    private func attributeFinding(_ attribute: TemplateAttribute, template: PageTemplate, dataKeys: Set<String>) -> Finding? {
        let name = attribute.lowercasedName
        // Alpine's own attributes are neither another platform's directives nor events.
        if name.hasPrefix("x-") || name.hasPrefix("@") || name.hasPrefix(":") { return nil }
        var span: SourceSpan { template.span(attribute.nameRange) }
        if let prefix = Self.controlPrefixes.first(where: name.hasPrefix) {
            let directive = name.dropFirst(prefix.count)
            let platform = prefix == "wx:" ? "WeChat's" : "another platform's"
            switch directive {
            case "if", "elif", "else":
                return Finding(
                    "'\(attribute.name)' is \(platform) and is ignored here: the element always shows; write 'x-show' with an Alpine expression that reads the page's data as 'store.<key>'",
                    at: span)
            case "for", "for-items":
                return Finding(
                    "'\(attribute.name)' is \(platform) and is ignored here: the element shows once, not once per item; wrap it in '<template x-for=\"item in store.<key>\">'",
                    at: span)
            default:
                return nil
            }
        }
        if let prefix = Self.eventPrefixes.first(where: { name.hasPrefix($0) && name.count > $0.count }) {
            let event = String(name.dropFirst(prefix.count))
            guard event.allSatisfy({ $0.isLetter }) else { return nil }
            let domEvent = Self.domEvents[event] ?? event
            if let handler = attribute.value, attribute.valueIsVerbatim, ScriptHandlerNameNotIdentifier.isIdentifierName(handler),
                attribute.valueRange != nil
            {
                let (edited, quotes) = Self.attributeRange(attribute, in: template)
                let replacement = "@\(domEvent)" + quotes.before + "\(handler)()" + quotes.after
                return Finding(
                    "'\(attribute.name)' is WeChat's event binding, an ordinary attribute here: \(Self.eventConsequence(event)); write '@\(domEvent)=\"\(handler)()\"'",
                    at: span, fixIt: FixIt(message: "write '@\(domEvent)'", span: template.span(edited), replacement: replacement))
            }
            return Finding(
                "'\(attribute.name)' is WeChat's event binding, an ordinary attribute here: \(Self.eventConsequence(event)); write '@\(domEvent)=\"handler()\"'",
                at: span)
        }
        guard attribute.directive == nil, let value = attribute.value, Self.hasDoubleBrace(value.utf8),
            let braces = Self.firstMustache(in: Array(value.utf8))
        else { return nil }
        let expression = String(decoding: Array(value.utf8)[braces], as: UTF8.self)
        let message =
            "'\(expression)' in '\(attribute.name)' is kept as written: Alpine has no '{{ }}' syntax; bind the attribute with ':\(attribute.name)'"
        guard let valueRange = attribute.valueRange, attribute.valueIsVerbatim, braces == 0..<value.utf8.count,
            let alpine = Self.alpineExpression(of: expression, dataKeys: dataKeys)
        else {
            return Finding(message, at: template.span((attribute.valueRange ?? attribute.nameRange)))
        }
        let (edited, quotes) = Self.attributeRange(attribute, in: template)
        return Finding(
            message, at: template.span(valueRange),
            fixIt: FixIt(
                message: "bind ':\(attribute.name)'", span: template.span(edited),
                replacement: ":\(attribute.name)\(quotes.before)\(alpine)\(quotes.after)"))
    }

    /// The attribute's bytes from its name to its closing quote, and the text around the
    /// value as written (`="` and `"`), so a rewritten attribute keeps the author's quoting.
    static func attributeRange(
        _ attribute: TemplateAttribute, in template: PageTemplate
    ) -> (Range<Int>, quotes: (before: String, after: String)) {
        let bytes = template.file.bytes
        guard let valueRange = attribute.valueRange else { return (attribute.nameRange, ("", "")) }
        let before = String(decoding: bytes[attribute.nameRange.upperBound..<valueRange.lowerBound], as: UTF8.self)
        let quote = valueRange.upperBound < bytes.count && [UInt8(ascii: "\""), UInt8(ascii: "'")].contains(bytes[valueRange.upperBound])
        let end = quote ? valueRange.upperBound + 1 : valueRange.upperBound
        return (attribute.nameRange.lowerBound..<end, (before, quote ? String(UnicodeScalar(bytes[valueRange.upperBound])) : ""))
    }

    static func eventConsequence(_ event: String) -> String {
        event == "tap" ? "tapping does nothing" : "the '\(event)' event calls nothing"
    }

    // MARK: Text

    private func mustacheFindings(in range: Range<Int>, template: PageTemplate, dataKeys: Set<String>) -> [Finding] {
        var findings: [Finding] = []
        var bytes = Array(template.file.bytes[range])
        Self.blankComments(&bytes)
        var start = 0
        while let found = Self.firstMustache(in: bytes, from: start) {
            let expression = String(decoding: bytes[found], as: UTF8.self)
            let absolute = (range.lowerBound + found.lowerBound)..<(range.lowerBound + found.upperBound)
            if let alpine = Self.alpineExpression(of: expression, dataKeys: dataKeys) {
                let span = "<span x-text=\"\(alpine)\"></span>"
                findings.append(
                    Finding(
                        "'\(expression)' is shown as written: Alpine has no '{{ }}' syntax; write '\(span)'",
                        at: template.span(absolute),
                        fixIt: FixIt(message: "write '\(span)'", span: template.span(absolute), replacement: span)))
            } else {
                findings.append(
                    Finding(
                        "'\(expression)' is shown as written: Alpine has no '{{ }}' syntax; show the value with 'x-text' on an element, reading the page's data as 'store.<key>'",
                        at: template.span(absolute)))
            }
            start = found.upperBound
        }
        return findings
    }

    /// The first `{{ … }}` on one piece of text, braces included.
    static func firstMustache(in bytes: [UInt8], from start: Int = 0) -> Range<Int>? {
        var index = start
        while index + 1 < bytes.count {
            if bytes[index] == UInt8(ascii: "{"), bytes[index + 1] == UInt8(ascii: "{") {
                var end = index + 2
                while end + 1 < bytes.count {
                    if bytes[end] == UInt8(ascii: "}"), bytes[end + 1] == UInt8(ascii: "}") { return index..<(end + 2) }
                    end += 1
                }
                return nil
            }
            index += 1
        }
        return nil
    }

    /// Spaces over `<!-- … -->`, which the page never shows.
    static func blankComments(_ bytes: inout [UInt8]) {
        let open = Array("<!--".utf8), close = Array("-->".utf8)
        var index = 0
        while index + open.count <= bytes.count {
            guard bytes[index..<(index + open.count)].elementsEqual(open) else { index += 1; continue }
            var end = index + open.count
            while end + close.count <= bytes.count, !bytes[end..<(end + close.count)].elementsEqual(close) { end += 1 }
            let stop = min(bytes.count, end + close.count)
            for position in index..<stop { bytes[position] = UInt8(ascii: " ") }
            index = stop
        }
    }

    /// `store.a.b` for `{{ a.b }}` (or `!store.a` for `{{ !a }}`) when `a` is a key of the
    /// page's `data`: the one translation that is certainly right. Nil for anything else.
    static func alpineExpression(of mustache: String, dataKeys: Set<String>) -> String? {
        var inner = mustache.dropFirst(2).dropLast(2).trimmingCharacters(in: .whitespaces)
        var negation = ""
        if inner.hasPrefix("!") { negation = "!"; inner = String(inner.dropFirst()) }
        let parts = inner.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard let root = parts.first, dataKeys.contains(root), parts.allSatisfy(ScriptHandlerNameNotIdentifier.isIdentifierName) else {
            return nil
        }
        return negation + "store." + inner
    }
}

/// The page's tags in source order, paired: which end tag closes each start tag, and the
/// stretches of text the page shows (outside `<script>`, `<style>`, an inert `<template>` and
/// elements whose content `x-text` or `x-html` replaces).
private struct TagWalk {
    /// For each of `template.startTags`, the end tag that closes it, if any.
    var endTag: [TemplateEndTag?]
    var shownText: [Range<Int>] = []

    init(_ template: PageTemplate) {
        let starts = template.startTags, ends = template.endTags
        endTag = Array(repeating: nil, count: starts.count)
        var open: [(index: Int, name: String, hidesText: Bool)] = []
        var hiddenDepth = 0
        var textStart = 0
        var s = 0, e = 0
        while s < starts.count || e < ends.count {
            let takeStart = e >= ends.count || (s < starts.count && starts[s].range.lowerBound < ends[e].range.lowerBound)
            let tagRange = takeStart ? starts[s].range : ends[e].range
            if hiddenDepth == 0, textStart < tagRange.lowerBound { shownText.append(textStart..<tagRange.lowerBound) }
            textStart = max(textStart, tagRange.upperBound)
            if takeStart {
                let tag = starts[s]
                let name = tag.name.lowercased()
                if !tag.isSelfClosing, !TemplateUnclosedElement.voidElements.contains(name) {
                    let hides = Self.hidesText(template.attributes(of: tag), name: name)
                    open.append((s, name, hides))
                    if hides { hiddenDepth += 1 }
                }
                s += 1
            } else {
                let name = ends[e].name.lowercased()
                if let match = open.lastIndex(where: { $0.name == name }) {
                    endTag[open[match].index] = ends[e]
                    for closed in open[match...] where closed.hidesText { hiddenDepth -= 1 }
                    open.removeSubrange(match...)
                }
                e += 1
            }
        }
        if hiddenDepth == 0, textStart < template.file.bytes.count { shownText.append(textStart..<template.file.bytes.count) }
    }

    static func hidesText(_ attributes: ArraySlice<TemplateAttribute>, name: String) -> Bool {
        if ["script", "style"].contains(name) { return true }
        let names = Set(attributes.map(\.lowercasedName))
        if name == "template" { return !names.contains("x-if") && !names.contains("x-for") }
        return names.contains("x-text") || names.contains("x-html")
    }
}
