/// A change to a JSON file's text: the bytes in `range` become `replacement`. Edits are made on
/// the text, not by writing the parsed value back, so the file keeps its key order, spacing,
/// line breaks and everything the edit does not touch.
public struct JSONTextEdit: Sendable, Hashable {
    public var range: Range<Int>
    public var replacement: String

    /// `bytes` with `edits` applied; edits must not overlap.
    public static func apply(_ edits: [JSONTextEdit], to bytes: [UInt8]) -> [UInt8] {
        var result = bytes
        for edit in edits.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
            result.replaceSubrange(edit.range, with: Array(edit.replacement.utf8))
        }
        return result
    }
}

/// A JSON value to add to a file, rendered in that file's style.
public indirect enum JSONTextValue: Sendable, Hashable {
    case string(String)
    case array([JSONTextValue])
    /// Members in the order written.
    case object([JSONTextMember])

    /// A string value's JSON text, quoted and escaped.
    static func quoted(_ string: String) -> String {
        var output = ""
        JSONOutput.writeString(string, into: &output)
        return output
    }
}

public struct JSONTextMember: Sendable, Hashable {
    public var key: String
    public var value: JSONTextValue

    public init(_ key: String, _ value: JSONTextValue) {
        self.key = key
        self.value = value
    }
}

/// Insertions into a parsed JSON file that copy the style of what is already there: the
/// separator between the last two elements or members, the spacing around a colon, how a
/// sibling object is laid out. Where the file shows no example (an empty array, a new member
/// holding containers), the file's indentation unit and line breaks are used.
public struct JSONTextEditor: Sendable {
    public let bytes: [UInt8]
    /// One level of indentation: the leading whitespace of the root's first member when it
    /// starts a line, else two spaces.
    let indentUnit: String
    /// Whether the file puts members on lines of their own.
    let isMultiline: Bool
    /// The text between a key and its value (`": "`), from the root's first member.
    let colon: String
    /// Between the braces and the members of an object on one line: `{ "a": 1 }` or `{"a":1}`.
    let inlinePadding: String
    /// Between entries on one line: `, `, or `,` in a file written without spaces.
    let inlineSeparator: String
    /// The file's line break: `\r\n` when it has one, else `\n`.
    let newline: String

    public init(document: JSONDocument) {
        bytes = document.file.bytes
        var unit = "  "
        var multiline = true
        var colon = ": "
        if let root = document.root, let first = root.members?.first {
            let before = Self.text(bytes, root.range.lowerBound + 1..<first.keyRange.lowerBound)
            multiline = before.unicodeScalars.contains("\n")
            if multiline, let indent = Self.lastLine(of: before), !indent.isEmpty, indent.allSatisfy({ $0 == " " || $0 == "\t" }) {
                unit = indent
            }
            colon = Self.text(bytes, first.keyRange.upperBound..<first.value.range.lowerBound)
        }
        newline = zip(bytes, bytes.dropFirst()).contains { $0 == (0x0D, 0x0A) } ? "\r\n" : "\n"
        indentUnit = unit
        isMultiline = multiline
        self.colon = colon
        let compact = !colon.hasSuffix(" ")
        inlineSeparator = compact ? "," : ", "
        inlinePadding = compact ? "" : " "
    }

    /// Adds `value` after the last element of `array`.
    public func appending(_ value: JSONTextValue, to array: JSONNode) -> JSONTextEdit {
        let elements = array.elements ?? []
        guard let last = elements.last else {
            return filling(array, with: render(value, indent: lineIndent(at: array.range.lowerBound) + indentUnit))
        }
        let separator = separator(
            before: elements.count >= 2 ? elements[elements.count - 2].range.upperBound : nil,
            after: array.range.lowerBound + 1, next: elements.count >= 2 ? last.range.lowerBound : elements[0].range.lowerBound)
        let rendered: String
        if case .object(let members) = value, last.members != nil {
            rendered = renderLike(last, members: members)
        } else {
            rendered = render(value, indent: lineIndent(at: last.range.lowerBound))
        }
        return JSONTextEdit(range: last.range.upperBound..<last.range.upperBound, replacement: separator + rendered)
    }

    /// Adds the member `key: value` after the last member of `object`.
    public func adding(_ member: JSONTextMember, to object: JSONNode) -> JSONTextEdit {
        let members = object.members ?? []
        guard let last = members.last else {
            let indent = lineIndent(at: object.range.lowerBound) + indentUnit
            return filling(object, with: Self.quoted(member.key) + colon + render(member.value, indent: indent))
        }
        let separator = separator(
            before: members.count >= 2 ? members[members.count - 2].value.range.upperBound : nil,
            after: object.range.lowerBound + 1, next: last.keyRange.lowerBound)
        let memberColon = Self.text(bytes, last.keyRange.upperBound..<last.value.range.lowerBound)
        let indent = lineIndent(at: last.keyRange.lowerBound)
        return JSONTextEdit(
            range: last.value.range.upperBound..<last.value.range.upperBound,
            replacement: separator + Self.quoted(member.key) + memberColon + render(member.value, indent: indent))
    }

    /// Writes `value` in place of `node`, starting where `node` starts.
    public func replacing(_ node: JSONNode, with value: JSONTextValue) -> JSONTextEdit {
        JSONTextEdit(range: node.range, replacement: render(value, indent: lineIndent(at: node.range.lowerBound)))
    }

    /// The text that separates two elements or members, copied from the last two, or from
    /// the opening bracket to the only one (`,` plus its line break and indentation).
    private func separator(before previousEnd: Int?, after open: Int, next: Int) -> String {
        if let previousEnd {
            let between = Self.text(bytes, previousEnd..<next)
            if between.filter({ !$0.isWhitespace }) == "," { return between }
        }
        let leading = Self.text(bytes, open..<next)
        guard leading.allSatisfy(\.isWhitespace) else { return isMultiline ? "," + newline + lineIndent(at: next) : inlineSeparator }
        return leading.isEmpty ? inlineSeparator : "," + leading
    }

    /// Replaces the inside of an empty `[]` or `{}` with one entry on its own line (or inline
    /// in a file written on one line).
    private func filling(_ container: JSONNode, with entry: String) -> JSONTextEdit {
        let inside = container.range.lowerBound + 1..<container.range.upperBound - 1
        guard isMultiline else { return JSONTextEdit(range: inside, replacement: entry) }
        let indent = lineIndent(at: container.range.lowerBound)
        return JSONTextEdit(range: inside, replacement: newline + indent + indentUnit + entry + newline + indent)
    }

    /// `members` as an object laid out like `sibling`: the same spacing inside the braces,
    /// between members and around colons, so a new tab reads like the tabs above it.
    private func renderLike(_ sibling: JSONNode, members: [JSONTextMember]) -> String {
        guard let siblingMembers = sibling.members, let first = siblingMembers.first, let last = siblingMembers.last else {
            return render(.object(members), indent: lineIndent(at: sibling.range.lowerBound))
        }
        let open = Self.text(bytes, sibling.range.lowerBound + 1..<first.keyRange.lowerBound)
        let close = Self.text(bytes, last.value.range.upperBound..<sibling.range.upperBound - 1)
        let memberColon = Self.text(bytes, first.keyRange.upperBound..<first.value.range.lowerBound)
        var between = "," + open
        if siblingMembers.count >= 2 {
            let text = Self.text(bytes, first.value.range.upperBound..<siblingMembers[1].keyRange.lowerBound)
            if text.filter({ !$0.isWhitespace }) == "," { between = text }
        }
        guard [open, close, memberColon].allSatisfy({ $0.allSatisfy { $0.isWhitespace || $0 == ":" } }) else {
            return render(.object(members), indent: lineIndent(at: sibling.range.lowerBound))
        }
        let memberIndent = Self.lastLine(of: open) ?? ""
        return "{" + open
            + members.map { Self.quoted($0.key) + memberColon + render($0.value, indent: memberIndent) }.joined(separator: between) + close
            + "}"
    }

    /// `value` as JSON text starting at a line indented by `indent`: arrays, and objects that
    /// hold containers, one entry a line; objects of plain values on one line, as the
    /// scaffold's manifest writes `{ "page": ..., "text": ..., "icon": ... }`. A file written
    /// on one line gets everything on one line.
    func render(_ value: JSONTextValue, indent: String) -> String {
        switch value {
        case .string(let string):
            return Self.quoted(string)
        case .array(let elements):
            guard isMultiline, !elements.isEmpty else {
                return "[" + elements.map { render($0, indent: indent) }.joined(separator: inlineSeparator) + "]"
            }
            let inner = indent + indentUnit
            return "[" + newline + elements.map { inner + render($0, indent: inner) }.joined(separator: "," + newline) + newline + indent
                + "]"
        case .object(let members):
            let holdsContainers = members.contains { if case .string = $0.value { false } else { true } }
            guard isMultiline, holdsContainers else {
                let body = members.map { Self.quoted($0.key) + colon + render($0.value, indent: indent) }.joined(separator: inlineSeparator)
                return members.isEmpty ? "{}" : "{" + inlinePadding + body + inlinePadding + "}"
            }
            let inner = indent + indentUnit
            return "{" + newline
                + members.map { inner + Self.quoted($0.key) + colon + render($0.value, indent: inner) }.joined(separator: "," + newline)
                + newline + indent + "}"
        }
    }

    /// The leading whitespace of the line holding `offset`.
    func lineIndent(at offset: Int) -> String {
        var start = min(offset, bytes.count)
        while start > 0, bytes[start - 1] != 0x0A { start -= 1 }
        var end = start
        while end < bytes.count, bytes[end] == 0x20 || bytes[end] == 0x09 { end += 1 }
        return Self.text(bytes, start..<end)
    }

    static func quoted(_ string: String) -> String { JSONTextValue.quoted(string) }

    /// What follows the last line feed of `text`, or `nil` when it has none. By scalars: in a
    /// `String`, CR LF is one `Character` that is not `"\n"`.
    static func lastLine(of text: String) -> String? {
        let scalars = text.unicodeScalars
        guard let feed = scalars.lastIndex(of: "\n") else { return nil }
        return String(scalars[scalars.index(after: feed)...])
    }

    static func text(_ bytes: [UInt8], _ range: Range<Int>) -> String {
        guard range.lowerBound <= range.upperBound, range.upperBound <= bytes.count else { return "" }
        return String(decoding: bytes[range], as: UTF8.self)
    }
}
