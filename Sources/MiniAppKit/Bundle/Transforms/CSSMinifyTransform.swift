/// Minifies a style sheet (`CSSMinifier`) and ships the result only when it has exactly the
/// same tokens as the original once whitespace and comments are set aside.
enum CSSMinifyTransform: FileTransform {
    static let name = "css-minify"

    static func transform(_ file: SourceFile) -> [UInt8]? {
        guard let minified = CSSMinifier.minify(file.bytes) else { return nil }
        let original = CSSTokenizer.significantTokens(of: file.bytes)
        let rewritten = CSSTokenizer.significantTokens(of: minified)
        guard original.count == rewritten.count,
            zip(original, rewritten).allSatisfy({ $0.kind == $1.kind && $0.text.elementsEqual($1.text) })
        else {
            return nil
        }
        return minified
    }
}
