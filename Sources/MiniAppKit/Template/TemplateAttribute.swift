/// One attribute of a start tag, exactly as the author wrote it: a record in
/// `PageTemplate.attributes`, the one array that holds every attribute of a page.
///
/// `name` keeps case and the Alpine prefixes (`@click.prevent`, `:fooBar`, `#ref`) because
/// rules point at what is in the file, and because libxml2 lowercases names and drops the
/// ones starting with `@` or `#`. Ranges are byte offsets into the page's `SourceFile.bytes`.
public struct TemplateAttribute: Sendable, Hashable {
    public var name: String {
        didSet {
            lowercasedName = name.lowercased()
            directive = AlpineDirective.parse(attributeName: name)
        }
    }
    /// `name` lowercased, as the DOM compares it: worked out once, since rules compare the
    /// names of every attribute of every page.
    public private(set) var lowercasedName: String
    public var nameRange: Range<Int>
    /// The value with character references decoded as a browser would (`&amp;` → `&`);
    /// nil for a valueless attribute such as `x-cloak` or `disabled`.
    public var value: String?
    /// The value's bytes without the quotes; nil when `value` is nil.
    public var valueRange: Range<Int>?

    public init(name: String, nameRange: Range<Int>, value: String?, valueRange: Range<Int>?) {
        self.name = name
        self.lowercasedName = name.lowercased()
        self.nameRange = nameRange
        self.value = value
        self.valueRange = valueRange
        self.directive = AlpineDirective.parse(attributeName: name)
    }

    /// The Alpine directive this attribute is, if any: read once when the page is parsed,
    /// since every template rule asks it of every attribute.
    public private(set) var directive: AlpineDirective?

    /// True when `value` is the raw source text, so offsets into `value` map one to one onto
    /// `valueRange` (no character reference was decoded).
    public var valueIsVerbatim: Bool {
        guard let value, let valueRange else { return false }
        return value.utf8.count == valueRange.count
    }
}
