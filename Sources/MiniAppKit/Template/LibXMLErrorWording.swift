/// Turns libxml2's error messages into mactl's style (lowercase, no trailing period, names in
/// single quotes) while keeping libxml2's wording, so a message can still be searched for.
///
/// `Unexpected end tag : div\n` becomes `unexpected end tag 'div'`, and
/// `htmlParseEntityRef: expecting ';'` becomes `entity reference: expecting ';'`.
enum LibXMLErrorWording {
    /// libxml2 prefixes some messages with the C function or grammar production that failed.
    private static let prefixes: [String: String] = [
        "htmlParseEntityRef": "entity reference",
        "htmlParseCharRef": "character reference",
        "htmlParseStartTag": "start tag",
        "htmlParseEndTag": "end tag",
        "htmlParseComment": "comment",
        "htmlParseDocTypeDecl": "doctype",
        "AttValue": "attribute value",
    ]

    /// `names` are the element or attribute names the message mentions (libxml2's str1, str2).
    static func clean(_ message: String, names: [String]) -> String {
        var text = Substring(message)
        while let last = text.last, last.isWhitespace || last == "." { text = text.dropLast() }
        while let first = text.first, first.isWhitespace { text = text.dropFirst() }

        if let colon = text.firstIndex(of: ":"), !text[..<colon].contains(" ") {
            let prefix = String(text[..<colon])
            if let replacement = prefixes[prefix] {
                text = Substring(replacement) + text[colon...]
            } else if prefix.hasPrefix("html") || prefix.hasPrefix("xml") {
                text = text[text.index(after: colon)...].drop { $0 == " " }
            }
        }

        let quotedNames = Set(names.filter { !$0.isEmpty })
        let words = text.split(separator: " ").compactMap { word -> String? in
            if word == ":" { return nil }  // libxml2's "end tag : div"
            if quotedNames.contains(String(word)) { return "'\(word)'" }
            return word.lowercased()
        }
        return words.joined(separator: " ")
    }
}
