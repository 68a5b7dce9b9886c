/// A start tag found by scanning the page's bytes: `<name attr="value" ...>`.
///
/// The scanner sees every start tag outside comments, CDATA, declarations and `<script>` /
/// `<style>` text, with exact byte ranges. `PageTemplate` pairs these with libxml2's elements;
/// tags that libxml2 did not turn into an element are kept in `PageTemplate.unmatchedStartTags`.
public struct TemplateStartTag: Sendable, Hashable {
    /// The tag name as written (case kept).
    public var name: String
    public var nameRange: Range<Int>
    /// From `<` to just after `>` (or to the end of the file when the tag is not closed).
    public var range: Range<Int>
    /// Indices of its attributes in the page's attribute array (`PageTemplate.attributes`),
    /// in source order.
    public var attributeRange: Range<Int>
    /// Written as `<br/>`. HTML ignores the slash on non-void elements: `<div/>` opens a div.
    public var isSelfClosing: Bool

    public init(name: String, nameRange: Range<Int>, range: Range<Int>, attributeRange: Range<Int>, isSelfClosing: Bool) {
        self.name = name
        self.nameRange = nameRange
        self.range = range
        self.attributeRange = attributeRange
        self.isSelfClosing = isSelfClosing
    }
}
