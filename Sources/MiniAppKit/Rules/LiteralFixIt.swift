/// Fix-its that write the name a "did you mean" suggests in place of the one written: in a
/// quoted literal (`'home.titel'` → `'home.title'`) or as a bare name (`store.titel`'s
/// `titel`). Offered only when the source at the span is exactly what was read, and the new
/// name needs no escaping there: a fix-it must produce what its message says, or it is not
/// offered (a name decoded from `&apos;` or an escape is left to the author).
enum LiteralFixIt {
    static func replacing(_ written: String, with replacement: String, at span: SourceSpan, in file: SourceFile?) -> FixIt? {
        guard let source = bytes(at: span, in: file), source.count >= 2, let quote = source.first,
            [UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: "`")].contains(quote), source.last == quote,
            Array(source.dropFirst().dropLast()) == Array(written.utf8),
            !replacement.utf8.contains(quote), !replacement.contains("\\"), !replacement.contains("${"), !replacement.contains("\n")
        else { return nil }
        let mark = String(UnicodeScalar(quote))
        return FixIt(message: "replace with '\(replacement)'", span: span, replacement: mark + replacement + mark)
    }

    static func replacingName(_ written: String, with replacement: String, at span: SourceSpan, in file: SourceFile?) -> FixIt? {
        guard let source = bytes(at: span, in: file), Array(source) == Array(written.utf8) else { return nil }
        return FixIt(message: "replace with '\(replacement)'", span: span, replacement: replacement)
    }

    /// A name written bare or quoted (an object key: `onLaod() {`, `'onLaod': …`).
    static func replacingKey(_ written: String, with replacement: String, at span: SourceSpan, in file: SourceFile?) -> FixIt? {
        replacingName(written, with: replacement, at: span, in: file) ?? replacing(written, with: replacement, at: span, in: file)
    }

    private static func bytes(at span: SourceSpan, in file: SourceFile?) -> ArraySlice<UInt8>? {
        guard let file, file.path == span.path, span.hasPosition else { return nil }
        let range = span.start.offset..<span.end.offset
        guard range.lowerBound >= 0, range.upperBound <= file.bytes.count else { return nil }
        return file.bytes[range]
    }
}
