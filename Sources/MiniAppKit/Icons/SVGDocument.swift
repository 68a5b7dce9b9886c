/// An SVG icon as libxml2's XML parser read it, reduced to what the icon rules check, with
/// byte ranges for positions.
public struct SVGDocument: Sendable {
    public struct Element: Sendable {
        public var name: String
        /// The element's namespace URI, if any.
        public var namespace: String?
        /// `<name` in the source.
        public var range: Range<Int>
        public var attributes: [Attribute]
        public var depth: Int
        /// The whole start tag, `<` to `>`, and whether it ends with `/>`; nil if not located.
        public var startTag: (range: Range<Int>, isSelfClosing: Bool)?
    }

    public struct Attribute: Sendable {
        /// As written, prefix included (`xlink:href`).
        public var name: String
        /// As libxml2 decoded and normalised it (entities replaced, newlines made spaces).
        public var value: String
        /// The name in the source.
        public var range: Range<Int>
        /// How it is written: the value's bytes between the quotes, the quote, the byte before
        /// the name and whether `=` has spaces around it. `nil` if it could not be located.
        public var written: Written?
    }

    public struct Written: Sendable {
        public var valueRange: Range<Int>
        public var quote: UInt8
        public var precedingByte: UInt8
        public var spacedEquals: Bool
    }

    public enum Issue: Sendable {
        /// Not well-formed XML: libxml2's message at its position.
        case syntax(message: String, range: Range<Int>)
        /// A DOCTYPE that declares entities: what billion laughs and XXE attacks need.
        case entityDeclarations(range: Range<Int>)
    }

    public var file: SourceFile
    /// Elements in document order; empty when the file did not parse.
    public var elements: [Element]
    public var issue: Issue?
    /// Characters of text content, summed: long text is what makes rendering slow.
    public var textLength: Int

    public var root: Element? { elements.first }

    public func span(_ range: Range<Int>) -> SourceSpan { file.span(range) }

    public static let namespace = "http://www.w3.org/2000/svg"
}

extension SVGDocument {
    /// The root's viewBox as SVG reads it (numbers between whitespace or commas), when it is
    /// four numbers with a positive width and height.
    public var viewBox: (x: Double, y: Double, width: Double, height: Double)? {
        guard let value = root?.attribute("viewBox")?.value else { return nil }
        let numbers = value.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" || $0 == "\n" }).compactMap { Double($0) }
        guard numbers.count == 4, numbers[2] > 0, numbers[3] > 0 else { return nil }
        return (numbers[0], numbers[1], numbers[2], numbers[3])
    }
}

extension SVGDocument.Element {
    public func attribute(_ name: String) -> SVGDocument.Attribute? { attributes.first { $0.name == name } }

    /// A length in user units (a number, optionally `px`); nil when absent or in another unit
    /// (a percentage, `em`), which needs a viewport to resolve.
    public func length(_ name: String) -> Double? {
        guard var value = attribute(name)?.value.trimmingWhitespace else { return nil }
        if value.hasSuffix("px") { value.removeLast(2) }
        return Double(value)
    }
}
