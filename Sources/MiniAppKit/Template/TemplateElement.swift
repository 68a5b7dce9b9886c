/// One element of a page, as libxml2's tree places it, with source positions from the
/// start-tag scanner: a record in `PageTemplate.elements`.
///
/// It holds no array of its own: its attributes are a range of `PageTemplate.attributes` and
/// its children a chain of indices (`firstChild`, then each child's `nextSibling`), so a page
/// of thousands of elements is three arrays, not thousands.
public struct TemplateElement: Sendable, Hashable {
    /// Lowercased, as the DOM sees it (`DIV` → `div`).
    public var name: String
    public var nameRange: Range<Int>
    /// The start tag, from `<` to just after `>`.
    public var range: Range<Int>
    /// Indices of its attributes in `PageTemplate.attributes`, in source order, the `@event`
    /// and `#ref` attributes libxml2 drops included.
    public var attributeRange: Range<Int>
    public var isSelfClosing: Bool
    /// Index of the parent in `PageTemplate.elements`; nil for a top-level element.
    public var parent: Int?
    /// Index of the first child element; nil when it has none.
    public var firstChild: Int?
    /// Index of the next element with the same parent (or the next top-level element).
    public var nextSibling: Int?
    /// Whether a direct text child holds more than whitespace.
    public var hasText: Bool
    /// False when no start tag in the source could be paired with this element: libxml2
    /// implied it (a `<p>` around stray top-level text) or the source is too broken to tell.
    /// Then the ranges are empty and sit at the start of the line libxml2 reported, and the
    /// attributes are libxml2's (lowercased names, no `@` ones, empty name ranges, no value ranges).
    public var hasSourceTag: Bool

    public init(
        name: String, nameRange: Range<Int>, range: Range<Int>, attributeRange: Range<Int>,
        isSelfClosing: Bool = false, parent: Int? = nil, hasText: Bool = false, hasSourceTag: Bool = true
    ) {
        self.name = name
        self.nameRange = nameRange
        self.range = range
        self.attributeRange = attributeRange
        self.isSelfClosing = isSelfClosing
        self.parent = parent
        self.hasText = hasText
        self.hasSourceTag = hasSourceTag
    }
}
