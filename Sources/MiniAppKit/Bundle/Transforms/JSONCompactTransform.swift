/// Rewrites a JSON file without whitespace: keys in source order, number text verbatim,
/// strings with the fewest escapes that still mean the same characters.
///
/// Only a file that parses with no issue at all is rewritten. A duplicate key, a comment or a
/// trailing comma is a finding for `lint`; guessing what the runtime makes of it here could
/// ship a different value than the author tested, so such files ship as written.
package enum JSONCompactTransform: FileTransform {
    static let name = "json-compact"

    /// A file no rule read (a data file): the single pass when it accepts the file, else the
    /// parse with positions, which gives the same answer for a file with an issue.
    static func transform(_ file: SourceFile) -> [UInt8]? {
        JSONSinglePassCompactor.compact(file.bytes) ?? compactByParsing(JSONParser.parse(file))
    }

    /// The rewrite of a parsed file (pack has the lint's parse of the manifest and locales).
    /// The parse says whether the file has an issue; the single pass writes the same bytes as
    /// the tree would, without walking it and parsing the output again.
    static func transform(_ document: JSONDocument) -> [UInt8]? {
        guard document.issues.isEmpty, document.root != nil else { return nil }
        return JSONSinglePassCompactor.compact(document.file.bytes) ?? compactByParsing(document)
    }

    /// The rewrite from the parse's tree, checked by parsing the output again: what runs when
    /// the single pass gives up, and what `JSONSinglePassCompactorTests` holds it to.
    package static func compactByParsing(_ document: JSONDocument) -> [UInt8]? {
        let file = document.file
        guard document.issues.isEmpty, let root = document.root else { return nil }
        var output: [UInt8] = []
        output.reserveCapacity(file.bytes.count)
        write(root, from: file.bytes, into: &output)
        // The rewrite must read back as the same value, or it does not ship.
        let reparsed = JSONParser.parse(SourceFile(path: file.path, bytes: output))
        guard reparsed.issues.isEmpty, let reparsedRoot = reparsed.root, JSONValueComparison.same(root, reparsedRoot) else {
            return nil
        }
        return output
    }

    /// Recursion is bounded by `Limits.jsonNesting`.
    private static func write(_ node: JSONNode, from source: [UInt8], into output: inout [UInt8]) {
        switch node.value {
        case .object(let members):
            output.append(UInt8(ascii: "{"))
            for (index, member) in members.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                JSONStringLiteral.writeMinimal(source[member.keyRange], into: &output)
                output.append(UInt8(ascii: ":"))
                write(member.value, from: source, into: &output)
            }
            output.append(UInt8(ascii: "}"))
        case .array(let elements):
            output.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                write(element, from: source, into: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .string:
            JSONStringLiteral.writeMinimal(source[node.range], into: &output)
        case .number, .bool, .null:
            // Number text is kept exactly: `1.0` and `1` are different to the manifest rules.
            output.append(contentsOf: source[node.range])
        }
    }
}
