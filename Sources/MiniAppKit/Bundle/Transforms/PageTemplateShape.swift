/// What a page means to the runtime and to mactl's rules, without where things sit in the
/// file: the element tree and every attribute as written. The directive model is not part of
/// it because it follows from these: `DirectiveAnalysis` reads each element's attribute names
/// and values and nothing else, so two pages with equal shapes bind the same expressions, and
/// comparing the shapes does not need the minified page's directives analysed again.
struct PageTemplateShape: Hashable {
    struct Element: Hashable {
        var name: String
        var parent: Int?
        var firstChild: Int?
        var nextSibling: Int?
        var attributes: [Attribute]
        var isSelfClosing: Bool
        var hasText: Bool
        var hasSourceTag: Bool
    }

    struct Attribute: Hashable {
        var name: String
        var value: String?
    }

    var elements: [Element]
    var roots: [Int]
    var unmatchedStartTags: [Attribute]

    init(_ template: PageTemplate) {
        elements = template.elements.map { element in
            Element(
                name: element.name, parent: element.parent, firstChild: element.firstChild, nextSibling: element.nextSibling,
                attributes: template.attributes(of: element).map { Attribute(name: $0.name, value: $0.value) },
                isSelfClosing: element.isSelfClosing, hasText: element.hasText, hasSourceTag: element.hasSourceTag)
        }
        roots = template.roots
        // Their names and attribute count: which tags libxml2 left without an element.
        unmatchedStartTags = template.unmatchedStartTags.map { Attribute(name: $0.name, value: String($0.attributeRange.count)) }
    }
}
