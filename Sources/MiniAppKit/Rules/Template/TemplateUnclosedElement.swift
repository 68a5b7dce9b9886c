/// An element that is never closed, or "closed" with `/>` where HTML ignores the slash.
public struct TemplateUnclosedElement: PageRule {
    public static let description = RuleDescription(
        id: "template-unclosed-element", domain: .template, severity: .error,
        summary: "An element is opened but never closed, or written '<div/>', which HTML does not close.",
        rationale: """
            A browser closes a forgotten `</span>` only when an enclosing element ends, so \
            everything in between moves inside the span: directives bind to the wrong element \
            and styles spill over. HTML also ignores the `/` of `<div/>` on elements that are \
            not void (`br`, `img`, `input`, ...), so `<div/>` opens a div that swallows the \
            rest of the page. Elements whose end tag HTML lets you omit (`p`, `li`, `td`, \
            `option`, ...) and SVG or MathML elements are not reported.
            """,
        triggering: [
            .file(
                "pages/index/index.html",
                "<body x-data=\"page\">\n  <div>1️⃣<span x-text=\"store.title\">\n  </div>\n  2️⃣<i class=\"icon\"/> text\n</body>\n",
                expected: [
                    .at("1️⃣", "'<span>' is never closed; '</div>' on line 3 closes it, so everything before that ends up inside it"),
                    .at(
                        "2️⃣",
                        "'<i/>' does not close the element: HTML ignores '/>' on '<i>', so what follows ends up inside it; write '<i></i>'"),
                ])
        ],
        nonTriggering: [
            .file(
                "pages/index/index.html",
                "<body x-data=\"page\">\n  <ul><li>one<li>two</ul>\n  <p>para\n  <img src=\"a.svg\"><br/><input type=\"text\">\n  <svg viewBox=\"0 0 1 1\"><path d=\"M0 0\"/></svg>\n</body>\n"
            )
        ])

    /// Elements with no content and no end tag.
    static let voidElements: Set<String> = [
        "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr", "param", "keygen",
    ]

    /// Elements whose end tag HTML lets the author omit; the parser closes them by rule.
    static let optionalEndElements: Set<String> = [
        "html", "head", "body", "p", "li", "dt", "dd", "option", "optgroup", "tr", "td", "th", "thead", "tbody",
        "tfoot", "colgroup", "caption", "rt", "rp", "rb", "rtc",
    ]

    public init() {}

    public func check(page: PageModel, runtime: RuntimeProfile) -> [Finding] {
        guard let template = page.template else { return [] }
        return Self.findings(in: template)
    }

    private enum Tag {
        case start(TemplateStartTag)
        case end(TemplateEndTag)

        var offset: Int {
            switch self {
            case .start(let tag): tag.range.lowerBound
            case .end(let tag): tag.range.lowerBound
            }
        }
    }

    static func findings(in template: PageTemplate) -> [Finding] {
        let tags = (template.startTags.map(Tag.start) + template.endTags.map(Tag.end)).sorted { $0.offset < $1.offset }
        var open: [(tag: TemplateStartTag, selfClosed: Bool)] = []
        var findings: [Finding] = []
        // Inside <svg> and <math>, `/>` closes, as in XML.
        var foreignDepth = 0
        func report(_ entry: (tag: TemplateStartTag, selfClosed: Bool), closedBy end: TemplateEndTag?) {
            guard !optionalEndElements.contains(entry.tag.name) else { return }
            let name = entry.tag.name
            let span = template.span(entry.tag.range.lowerBound..<entry.tag.nameRange.upperBound)
            if entry.selfClosed {
                findings.append(
                    Finding(
                        "'<\(name)/>' does not close the element: HTML ignores '/>' on '<\(name)>', so what follows ends up inside it; write '<\(name)></\(name)>'",
                        at: span))
            } else if let end {
                let line = template.file.position(at: end.range.lowerBound).line
                findings.append(
                    Finding(
                        "'<\(name)>' is never closed; '</\(end.name)>' on line \(line) closes it, so everything before that ends up inside it",
                        at: span))
            } else {
                findings.append(Finding("'<\(name)>' is never closed, so everything after it ends up inside it", at: span))
            }
        }
        for tag in tags {
            switch tag {
            case .start(let start):
                if voidElements.contains(start.name) { continue }
                if start.name == "svg" || start.name == "math" { foreignDepth += 1 }
                if start.isSelfClosing {
                    if foreignDepth > 0 { if start.name == "svg" || start.name == "math" { foreignDepth -= 1 }; continue }
                    open.append((start, true))
                } else {
                    open.append((start, false))
                }
            case .end(let end):
                // A stray end tag: libxml2 reports it.
                guard let match = open.lastIndex(where: { $0.tag.name == end.name }) else { continue }
                for entry in open[(match + 1)...] { report(entry, closedBy: end) }
                if end.name == "svg" || end.name == "math" { foreignDepth = max(0, foreignDepth - 1) }
                open.removeSubrange(match...)
            }
        }
        for entry in open { report(entry, closedBy: nil) }
        return findings.sorted { $0.span?.start.offset ?? 0 < $1.span?.start.offset ?? 0 }
    }
}
