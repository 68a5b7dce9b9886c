/// Chooses the transform for a file by its extension and applies it.
///
/// Every transform here is pure and deterministic (same bytes in, same bytes out), and a
/// result that is not strictly smaller than the input is dropped: a transform that saves
/// nothing only adds a line to the report and a way to be wrong.
public enum PackTransform {
    /// `page` is the linted page whose template `file` is, when it is one: its parse stands
    /// for the original in the template's self-check, so the page is not parsed again.
    /// `document` is the lint's parse of `file` when it is a JSON file the lint read (the
    /// manifest, a locale file), for the same reason.
    public static func apply(to file: SourceFile, page: PageModel? = nil, document: JSONDocument? = nil) -> TransformResult {
        let unchanged = TransformResult(bytes: file.bytes, transform: nil)
        guard let transform = transform(forPath: file.path) else { return unchanged }
        // Invalid UTF-8 means the file is not the text its parsers assume; ship it as written.
        guard UTF8Scalar.isWellFormed(file.bytes) else { return unchanged }
        let transformed: [UInt8]?
        if transform == HTMLMinifyTransform.self, let page, let template = page.template, page.templatePath == file.path {
            transformed = HTMLMinifyTransform.transform(file, original: PageTemplateShape(template))
        } else if transform == JSONCompactTransform.self, let document, document.file == file {
            transformed = JSONCompactTransform.transform(document)
        } else {
            transformed = transform.transform(file)
        }
        guard let bytes = transformed, bytes.count < file.bytes.count else { return unchanged }
        return TransformResult(bytes: bytes, transform: transform.name)
    }

    static func transform(forPath path: String) -> (any FileTransform.Type)? {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        switch name[name.index(after: dot)...].lowercased() {
        case "json": return JSONCompactTransform.self
        case "html", "htm": return HTMLMinifyTransform.self
        case "css": return CSSMinifyTransform.self
        case "svg": return SVGCleanTransform.self
        // Scripts ship as written: the logic layer's source is what JavaScriptCore reports
        // errors against, and minifying JavaScript safely needs a real JavaScript parser.
        default: return nil
        }
    }
}
