/// A JSON value built for output, with members in the order they are given, written with
/// a fixed layout: the JSON and SARIF renderers and reports need byte-stable output, which
/// `JSONSerialization` does not promise.
public indirect enum JSONOutput: Sendable, Equatable {
    case object([(String, JSONOutput)])
    case array([JSONOutput])
    case string(String)
    case integer(Int)
    /// A number's JSON text, written as it is (a parsed file's `JSONValue.number`).
    case number(String)
    case bool(Bool)
    case null
    /// JSON text written ahead, as it is: a large part written straight into a string instead
    /// of built as values first (the logic host's page elements).
    case fragment(String)

    public static func == (lhs: JSONOutput, rhs: JSONOutput) -> Bool { lhs.pretty() == rhs.pretty() }

    /// A number as short as it goes (`NumberText.short`: `2`, `0.5`); nil for NaN and the
    /// infinities, which JSON has no text for.
    public static func double(_ value: Double) -> JSONOutput? {
        value.isFinite ? .number(NumberText.short(value)) : nil
    }

    /// Two-space indented, one member per line, `\n` line ends, no trailing newline.
    public func pretty() -> String {
        var output = ""
        write(into: &output, indent: 0, pretty: true)
        return output
    }

    public func compact() -> String {
        var output = ""
        write(into: &output, indent: 0, pretty: false)
        return output
    }

    private func write(into output: inout String, indent: Int, pretty: Bool) {
        // Appends only: a temporary string per member was most of writing a large document.
        func separate(_ index: Int) {
            if index > 0 { output += "," }
            if pretty {
                output += "\n"
                for _ in 0...indent { output += "  " }
            }
        }
        func close(_ bracket: String) {
            if pretty {
                output += "\n"
                for _ in 0..<indent { output += "  " }
            }
            output += bracket
        }
        switch self {
        case .object(let members):
            if members.isEmpty { output += "{}"; return }
            output += "{"
            for index in members.indices {
                separate(index)
                Self.writeString(members[index].0, into: &output)
                output += pretty ? ": " : ":"
                members[index].1.write(into: &output, indent: indent + 1, pretty: pretty)
            }
            close("}")
        case .array(let elements):
            if elements.isEmpty { output += "[]"; return }
            output += "["
            for index in elements.indices {
                separate(index)
                elements[index].write(into: &output, indent: indent + 1, pretty: pretty)
            }
            close("]")
        case .string(let string):
            Self.writeString(string, into: &output)
        case .integer(let value):
            output += String(value)
        case .number(let text):
            output += text
        case .bool(let value):
            output += value ? "true" : "false"
        case .null:
            output += "null"
        case .fragment(let text):
            output += text
        }
    }

    static func writeString(_ string: String, into output: inout String) {
        QuotedLiteral.write(string, into: &output) { "\\u" + String($0, radix: 16).leftPadded(to: 4) }
    }
}

extension JSONOutput {
    /// A parsed JSON value as it was written: members in source order, duplicates included
    /// (`JSON.parse` keeps the last, as the lookups of `JSONNode` do), numbers as their text.
    public init(_ node: JSONNode) {
        switch node.value {
        case .object(let members): self = .object(members.map { ($0.key, JSONOutput($0.value)) })
        case .array(let elements): self = .array(elements.map(JSONOutput.init))
        case .string(let string): self = .string(string)
        case .number(let text): self = .number(text)
        case .bool(let value): self = .bool(value)
        case .null: self = .null
        }
    }
}
