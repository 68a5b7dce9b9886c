/// One Alpine directive on one element of a page, with its value parsed the way the CSP
/// build parses it. Built once per page; the template rules read these instead of
/// re-parsing attributes.
public final class DirectiveUse: Sendable {
    /// Index of the element in `PageTemplate.elements`.
    public let element: Int
    public let attribute: TemplateAttribute
    public let directive: AlpineDirective
    /// The value parsed as an expression, for directives whose value is one.
    public let expression: AlpineExpression?
    /// Why the value does not parse, with its range in the value.
    public let failure: AlpineExpressionParser.Failure?
    /// `x-for`'s loop, when the value has the loop's shape.
    public let loop: AlpineForExpression?
    /// The byte offset in the file that offset 0 of the parsed text maps to, or `nil` when
    /// character references make offsets inexact (then the whole value is pointed at).
    public let expressionBase: Int?
    /// Every node of `expression`, this one first, in source order (empty without one).
    public let nodes: [AlpineExpression]
    /// The names `expression` reads from its scope.
    public let rootIdentifiers: [(name: String, range: Range<Int>)]

    // A class, not a struct: rules walk these many times per page, and a copy of a struct
    // this size costs more than the check.
    init(
        element: Int, attribute: TemplateAttribute, directive: AlpineDirective, parsed: ParsedValue?, loop: AlpineForExpression?,
        expressionBase: Int?
    ) {
        self.element = element
        self.attribute = attribute
        self.directive = directive
        self.expression = parsed?.expression
        self.failure = parsed?.failure
        self.loop = loop
        self.expressionBase = expressionBase
        nodes = parsed?.nodes ?? []
        rootIdentifiers = parsed?.rootIdentifiers ?? []
    }

    /// A value's parse with what every use of it reads: worked out once per distinct text of
    /// a page, since a page repeats its expressions (a row per item, `$t(...)` on every card).
    struct ParsedValue {
        var expression: AlpineExpression?
        var failure: AlpineExpressionParser.Failure?
        var nodes: [AlpineExpression]
        var rootIdentifiers: [(name: String, range: Range<Int>)]

        init(_ expression: AlpineExpression) {
            self.expression = expression
            nodes = expression.allNodes
            rootIdentifiers = nodes.compactMap { node in
                if case .identifier(let name) = node.kind { return (name, node.range) }
                return nil
            }
        }

        init(_ failure: AlpineExpressionParser.Failure) {
            self.failure = failure
            nodes = []
            rootIdentifiers = []
        }
    }

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
        // A page repeats its expressions (a row per item, the same `$t(...)` on every card);
        // a parse depends on the text alone and its positions are the text's own, so each
        // distinct text is parsed once.
        var parsedTexts: [String: DirectiveUse.ParsedValue] = [:]
        for (index, element) in template.elements.enumerated() {
            for attribute in template.attributes(of: element) {
                guard let directive = attribute.directive else { continue }
                let value = attribute.value ?? ""
                let base = attribute.valueIsVerbatim ? attribute.valueRange?.lowerBound : nil
                var text: String?
                var expressionBase: Int?
                var loop: AlpineForExpression?
                if directive.kind == .for {
                    loop = AlpineForExpression.parse(value)
                    if let loop {
                        text = loop.collection
                        expressionBase = base.map { $0 + loop.collectionRange.lowerBound }
                    }
                } else if directive.kind.takesExpression, attribute.value != nil, !isEmptyAllowed(directive, value) {
                    text = value
                    expressionBase = base
                }
                var parsed: DirectiveUse.ParsedValue?
                if let text {
                    if let known = parsedTexts[text] {
                        parsed = known
                    } else {
                        switch AlpineExpressionParser.parse(text) {
                        case .success(let expression): parsed = DirectiveUse.ParsedValue(expression)
                        case .failure(let error): parsed = DirectiveUse.ParsedValue(error)
                        }
                        parsedTexts[text] = parsed
                    }
                }
                uses.append(
                    DirectiveUse(
                        element: index, attribute: attribute, directive: directive, parsed: parsed, loop: loop,
                        expressionBase: expressionBase))
            }
        }
        return uses
    }

    /// `x-data` and `x-init` may be empty; an empty value there is not an expression to parse.
    private static func isEmptyAllowed(_ directive: AlpineDirective, _ value: String) -> Bool {
        // The kind first: it is one comparison, and the whitespace test walks characters.
        [.data, .initialize, .id].contains(directive.kind) && value.allSatisfy(\.isWhitespace)
    }
}
