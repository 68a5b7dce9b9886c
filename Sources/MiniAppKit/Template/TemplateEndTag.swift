/// An end tag (`</div>`) as the scanner found it: lowercased name and the tag's byte range.
/// The tree libxml2 builds hides where elements were closed, which the unclosed-element rule
/// needs to know.
public struct TemplateEndTag: Sendable, Hashable {
    public var name: String
    public var range: Range<Int>

    public init(name: String, range: Range<Int>) {
        self.name = name
        self.range = range
    }
}
