/// What a page means to the runtime and to mactl's rules, without where things sit in the
/// file: the element tree, every attribute as written, and each directive's parsed value.
/// Two pages with equal shapes render the same elements and bind the same expressions.
struct PageTemplateShape: Hashable {
    struct Element: Hashable {
        var name: String
        var parent: Int?
        var children: [Int]
        var attributes: [Attribute]
        var isSelfClosing: Bool
        var hasText: Bool
        var hasSourceTag: Bool
    }

    struct Attribute: Hashable {
        var name: String
        var value: String?
    }

    struct Directive: Hashable {
        var element: Int
        var attribute: Attribute
        var directive: AlpineDirective
        var expression: AlpineExpression?
        var failure: AlpineExpressionParser.Failure?
        var loop: AlpineForExpression?
    }

    var elements: [Element]
    var roots: [Int]
    var unmatchedStartTags: [Attribute]
    var directives: [Directive]

    init(_ template: PageTemplate) {
        self.init(template, uses: DirectiveAnalysis.uses(in: template))
    }

    /// The shape of a template whose directives are analysed already (`DirectiveAnalysis.uses`).
    init(_ template: PageTemplate, uses: [DirectiveUse]) {
        elements = template.elements.map { element in
            Element(
                name: element.name, parent: element.parent, children: element.children,
                attributes: element.attributes.map { Attribute(name: $0.name, value: $0.value) },
                isSelfClosing: element.isSelfClosing, hasText: element.hasText, hasSourceTag: element.hasSourceTag)
        }
        roots = template.roots
        // Their names and attribute count: which tags libxml2 left without an element.
        unmatchedStartTags = template.unmatchedStartTags.map { Attribute(name: $0.name, value: String($0.attributes.count)) }
        directives = uses.map { use in
            Directive(
                element: use.element, attribute: Attribute(name: use.attribute.name, value: use.attribute.value),
                directive: use.directive, expression: use.expression, failure: use.failure, loop: use.loop)
        }
    }
}
