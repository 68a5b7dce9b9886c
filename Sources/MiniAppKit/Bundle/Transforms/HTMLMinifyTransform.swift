/// Minifies a page template (`HTMLMinifier`) and ships the result only when it parses to the
/// same page: the same elements, attributes and directive model as the original.
///
/// The minifier is written to keep all of that; the check is what makes "safe" hold for pages
/// nobody thought of, at the price of parsing the page twice while packing.
enum HTMLMinifyTransform: FileTransform {
    static let name = "html-minify"

    static func transform(_ file: SourceFile) -> [UInt8]? {
        transform(file, original: nil)
    }

    /// `original` is the shape of `file` when the caller has parsed it already (pack has the
    /// lint's parse of every page).
    static func transform(_ file: SourceFile, original: PageTemplateShape?) -> [UInt8]? {
        let minified = HTMLMinifier.minify(file.bytes)
        guard minified != file.bytes else { return nil }
        let original = original ?? PageTemplateShape(TemplateParser.parse(file))
        let rewritten = PageTemplateShape(TemplateParser.parse(SourceFile(path: file.path, bytes: minified)))
        return original == rewritten ? minified : nil
    }
}
