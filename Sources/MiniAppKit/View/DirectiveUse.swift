/// One Alpine directive on one element of a page, with its value parsed the way the CSP
/// build parses it. Built once per page; the template rules read these instead of
/// re-parsing attributes.
public struct DirectiveUse: Sendable {
    /// Index of the element in `PageTemplate.elements`.
    public var element: Int
    public var attribute: TemplateAttribute
    public var directive: AlpineDirective
    /// The value parsed as an expression, for directives whose value is one.
    public var expression: AlpineExpression?
    /// Why the value does not parse, with its range in the value.
    public var failure: AlpineExpressionParser.Failure?
    /// `x-for`'s loop, when the value has the loop's shape.
    public var loop: AlpineForExpression?
    /// The byte offset in the file that offset 0 of the parsed text maps to, or `nil` when
    /// character references make offsets inexact (then the whole value is pointed at).
    public var expressionBase: Int?

    /// The file range of a range inside the parsed expression text.
    public func fileRange(_ range: Range<Int>) -> Range<Int> {
        if let expressionBase { return (expressionBase + range.lowerBound)..<(expressionBase + range.upperBound) }
        return attribute.valueRange ?? attribute.nameRange
    }

    /// The value's range, or the name's when the attribute has no value.
    public var valueOrNameRange: Range<Int> { attribute.valueRange ?? attribute.nameRange }
}

extension AlpineDirective.Kind {
    /// Directives whose value is an expression the CSP build evaluates.
    var takesExpression: Bool {
        switch self {
        case .on, .bind, .text, .html, .show, .if, .model, .modelable, .data, .initialize, .effect, .id: true
        case .for, .ref, .cloak, .ignore, .transition, .teleport, .unknown: false
        }
    }
}

/// Builds the directive uses of a page.
public enum DirectiveAnalysis {
    public static func uses(in template: PageTemplate) -> [DirectiveUse] {
        var uses: [DirectiveUse] = []
        for (index, element) in template.elements.enumerated() {
            for (attribute, directive) in element.directives {
                var use = DirectiveUse(element: index, attribute: attribute, directive: directive)
                let value = attribute.value ?? ""
                let base = attribute.valueIsVerbatim ? attribute.valueRange?.lowerBound : nil
                if directive.kind == .for {
                    use.loop = AlpineForExpression.parse(value)
                    if let loop = use.loop {
                        let collectionText = loop.collection
                        use.expressionBase = base.map { $0 + loop.collectionRange.lowerBound }
                        parse(collectionText, into: &use)
                    }
                } else if directive.kind.takesExpression, attribute.value != nil, !isEmptyAllowed(directive, value) {
                    use.expressionBase = base
                    parse(value, into: &use)
                }
                uses.append(use)
            }
        }
        return uses
    }

    private static func parse(_ text: String, into use: inout DirectiveUse) {
        switch AlpineExpressionParser.parse(text) {
        case .success(let expression): use.expression = expression
        case .failure(let failure): use.failure = failure
        }
    }

    /// `x-data` and `x-init` may be empty; an empty value there is not an expression to parse.
    private static func isEmptyAllowed(_ directive: AlpineDirective, _ value: String) -> Bool {
        value.allSatisfy(\.isWhitespace) && [.data, .initialize, .id].contains(directive.kind)
    }
}
