/// A parsed page template (`pages/<name>/<name>.html`): its elements as a flat list in
/// document order with parent, first-child and next-sibling indices, every attribute of the
/// page in one more flat list, and every markup issue found.
///
/// A flat list keeps queries simple and iterative: a rule loops over `elements`, follows
/// `parent` upwards or `children(of:)` downwards, and never recurses over a tree that an
/// author (or a fuzzer) can nest arbitrarily deep. Elements and start tags refer to their
/// attributes by a range of `attributes`, so building a page makes a few arrays, not one
/// per element.
public struct PageTemplate: Sendable, Hashable {
    public var file: SourceFile
    /// Document (pre-)order: a parent comes before its descendants, which follow it contiguously.
    public var elements: [TemplateElement]
    /// Every attribute of the page: the scanned start tags' in source order (each tag's and
    /// each element's `attributeRange` indexes them), then those of elements libxml2 implied.
    public var attributes: [TemplateAttribute]
    /// Indices of the top-level elements.
    public var roots: [Int]
    public var issues: [TemplateIssue]
    /// Markup issues beyond `Limits.templateIssues`, counted but not kept.
    public var omittedIssueCount: Int
    /// Start tags in the source that libxml2 built no element for (it stopped at its depth
    /// limit, or merged or dropped a misplaced tag). Rules that check every attribute, such as
    /// event handler names, should look at these too.
    public var unmatchedStartTags: [TemplateStartTag]
    /// Every start tag and end tag the scanner found, in source order, for checks about where
    /// elements open and close.
    public var startTags: [TemplateStartTag] = []
    public var endTags: [TemplateEndTag] = []

    public init(
        file: SourceFile, elements: [TemplateElement], attributes: [TemplateAttribute], roots: [Int],
        issues: [TemplateIssue], omittedIssueCount: Int = 0, unmatchedStartTags: [TemplateStartTag] = []
    ) {
        self.file = file
        self.elements = elements
        self.attributes = attributes
        self.roots = roots
        self.issues = issues
        self.omittedIssueCount = omittedIssueCount
        self.unmatchedStartTags = unmatchedStartTags
    }

    public func span(_ range: Range<Int>) -> SourceSpan { file.span(range) }

    /// The element's attributes, in source order; a slice of `attributes`, not a copy.
    public func attributes(of element: TemplateElement) -> ArraySlice<TemplateAttribute> {
        attributes[element.attributeRange]
    }

    /// The start tag's attributes, in source order.
    public func attributes(of tag: TemplateStartTag) -> ArraySlice<TemplateAttribute> {
        attributes[tag.attributeRange]
    }

    /// The element's first attribute with this name. HTML names compare case-insensitively:
    /// `name` is lowercase, and finds `X-Text` too.
    public func attribute(named name: String, of element: TemplateElement) -> TemplateAttribute? {
        attributes[element.attributeRange].first { $0.lowercasedName == name }
    }

    /// Whether any attribute of the element is an Alpine directive.
    public func hasDirective(_ element: TemplateElement) -> Bool {
        attributes[element.attributeRange].contains { $0.directive != nil }
    }

    /// Indices of the element's child elements, in document order, read off the
    /// first-child / next-sibling chain without building an array.
    public func children(of index: Int) -> Children { Children(elements: elements, first: elements[index].firstChild) }

    /// The chain of siblings starting at one element.
    public struct Children: Sequence, IteratorProtocol {
        let elements: [TemplateElement]
        var upcoming: Int?

        init(elements: [TemplateElement], first: Int?) {
            self.elements = elements
            self.upcoming = first
        }

        public mutating func next() -> Int? {
            guard let current = upcoming else { return nil }
            upcoming = elements[current].nextSibling
            return current
        }
    }

    /// Indices of the element's ancestors, nearest first.
    public func ancestors(of index: Int) -> [Int] {
        var result: [Int] = []
        var current = elements[index].parent
        while let parent = current {
            result.append(parent)
            current = elements[parent].parent
        }
        return result
    }

    /// Indices of the element's descendants in document order.
    public func descendants(of index: Int) -> Range<Int> {
        // In pre-order the subtree is contiguous, and an element belongs to it exactly when
        // its parent does (or is the element itself), which is true when parent >= index.
        var end = index + 1
        while end < elements.count, let parent = elements[end].parent, parent >= index {
            end += 1
        }
        return (index + 1)..<end
    }

    /// Indices of the elements with this (lowercase) name, in document order.
    public func elements(named name: String) -> [Int] {
        elements.indices.filter { elements[$0].name == name }
    }
}
