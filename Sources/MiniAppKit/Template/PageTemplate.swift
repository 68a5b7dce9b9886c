/// A parsed page template (`pages/<name>/<name>.html`): its elements as a flat list in
/// document order with parent and child indices, and every markup issue found.
///
/// A flat list keeps queries simple and iterative: a rule loops over `elements`, follows
/// `parent` upwards or `children` downwards, and never recurses over a tree that an author
/// (or a fuzzer) can nest arbitrarily deep.
public struct PageTemplate: Sendable, Hashable {
    public var file: SourceFile
    /// Document (pre-)order: a parent comes before its descendants, which follow it contiguously.
    public var elements: [TemplateElement]
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
        file: SourceFile, elements: [TemplateElement], roots: [Int], issues: [TemplateIssue],
        omittedIssueCount: Int = 0, unmatchedStartTags: [TemplateStartTag] = []
    ) {
        self.file = file
        self.elements = elements
        self.roots = roots
        self.issues = issues
        self.omittedIssueCount = omittedIssueCount
        self.unmatchedStartTags = unmatchedStartTags
    }

    public func span(_ range: Range<Int>) -> SourceSpan { file.span(range) }

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
