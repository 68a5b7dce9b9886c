/// One element of a page, as libxml2's tree places it, with source positions from the
/// start-tag scanner.
public struct TemplateElement: Sendable, Hashable {
    /// Lowercased, as the DOM sees it (`DIV` → `div`).
    public var name: String
    public var nameRange: Range<Int>
    /// The start tag, from `<` to just after `>`.
    public var range: Range<Int>
    /// In source order, the `@event` and `#ref` attributes libxml2 drops included.
    public var attributes: [TemplateAttribute]
    public var isSelfClosing: Bool
    /// Index of the parent in `PageTemplate.elements`; nil for a top-level element.
    public var parent: Int?
    /// Indices of the child elements in `PageTemplate.elements`, in document order.
    public var children: [Int]
    /// Whether a direct text child holds more than whitespace.
    public var hasText: Bool
    /// False when no start tag in the source could be paired with this element: libxml2
    /// implied it (a `<p>` around stray top-level text) or the source is too broken to tell.
    /// Then the ranges are empty and sit at the start of the line libxml2 reported, and the
    /// attributes are libxml2's (lowercased names, no `@` ones, empty name ranges, no value ranges).
    public var hasSourceTag: Bool

    public init(
        name: String, nameRange: Range<Int>, range: Range<Int>, attributes: [TemplateAttribute],
        isSelfClosing: Bool = false, parent: Int? = nil, children: [Int] = [], hasText: Bool = false,
        hasSourceTag: Bool = true
    ) {
        self.name = name
        self.nameRange = nameRange
        self.range = range
        self.attributes = attributes
        self.isSelfClosing = isSelfClosing
        self.parent = parent
        self.children = children
        self.hasText = hasText
        self.hasSourceTag = hasSourceTag
    }

    /// The first attribute with this name; HTML names compare case-insensitively, so a
    /// lowercase `name` finds `X-Text` too.
    public func attribute(named name: String) -> TemplateAttribute? {
        let wanted = name.lowercased()
        return attributes.first { $0.lowercasedName == wanted }
    }

    /// The attributes that are Alpine directives, with the directive each one is.
    public var directives: [(attribute: TemplateAttribute, directive: AlpineDirective)] {
        attributes.compactMap { attribute in attribute.directive.map { (attribute, $0) } }
    }
}
