/// Writes a `ReportValue` as YAML in the layout Yams (libyaml) gives it with the report's
/// settings: block style, two-space indent, sequences in a mapping not indented, empty
/// collections as `[]` and `{}`, strings double-quoted with libyaml's escapes, Unicode kept,
/// no line folding. The one YAML writer of the library (Yams only reads `.mactl.yml`): written
/// by hand because the report of a 700-file package took libyaml's node tree 40 ms, a sixth of
/// an unchanged re-pack. A test holds it to Yams's output.
///
/// The report's keys are all of the kind libyaml writes plain (a lowercase letter, then
/// lowercase letters, digits and `_`); any other key is written double-quoted, which every YAML
/// reader reads back as the same string.
enum ReportYAMLWriter {
    static func write(_ value: ReportValue) -> String {
        var output = ""
        write(value, indent: 0, context: .top, into: &output)
        return output
    }

    private enum Context {
        case top
        /// The value of a mapping key, after `key:`.
        case mappingValue
        /// A sequence item, after `- `.
        case sequenceItem
    }

    private static func write(_ value: ReportValue, indent: Int, context: Context, into output: inout String) {
        // A value on the line of its key is set off from the colon by a space.
        let lead = context == .mappingValue ? " " : ""
        switch value {
        case .map(let members) where members.isEmpty:
            output += lead + "{}\n"
        case .list(let elements) where elements.isEmpty:
            output += lead + "[]\n"
        case .map(let members):
            // After `- ` the first key stays on the dash's line; after `key:` the mapping
            // starts on the next line, indented.
            var childIndent = indent
            switch context {
            case .top: break
            case .mappingValue:
                output += "\n"
                childIndent = indent + 2
            case .sequenceItem: childIndent = indent + 2
            }
            for (index, (key, member)) in members.enumerated() {
                if !(context == .sequenceItem && index == 0) { output += String(repeating: " ", count: childIndent) }
                output += (isPlainKey(key) ? key : doubleQuoted(key)) + ":"
                write(member, indent: childIndent, context: .mappingValue, into: &output)
            }
        case .list(let elements):
            // In a mapping a sequence is not indented (libyaml's indentless sequence).
            var itemIndent = indent
            switch context {
            case .top: break
            case .mappingValue: output += "\n"
            case .sequenceItem: itemIndent = indent + 2
            }
            for (index, element) in elements.enumerated() {
                if !(context == .sequenceItem && index == 0) { output += String(repeating: " ", count: itemIndent) }
                output += "- "
                write(element, indent: itemIndent, context: .sequenceItem, into: &output)
            }
        case .string(let string):
            output += lead + doubleQuoted(string) + "\n"
        case .integer, .number, .bool, .null:
            output += lead + (value.plainText ?? "") + "\n"
        }
    }

    /// A key libyaml writes without quotes: a lowercase identifier as the report uses.
    private static func isPlainKey(_ key: String) -> Bool {
        guard let first = key.utf8.first, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first) else { return false }
        return key.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || byte == UInt8(ascii: "_")
        }
    }

    /// libyaml's double-quoted scalar (`yaml_emitter_write_double_quoted`) with Unicode allowed.
    static func doubleQuoted(_ string: String) -> String {
        var output = "\""
        for scalar in string.unicodeScalars {
            let value = scalar.value
            switch value {
            case 0x00: output += "\\0"
            case 0x07: output += "\\a"
            case 0x08: output += "\\b"
            case 0x09: output += "\\t"
            case 0x0A: output += "\\n"
            case 0x0B: output += "\\v"
            case 0x0C: output += "\\f"
            case 0x0D: output += "\\r"
            case 0x1B: output += "\\e"
            case 0x22: output += "\\\""
            case 0x5C: output += "\\\\"
            case 0x85: output += "\\N"
            case 0x2028: output += "\\L"
            case 0x2029: output += "\\P"
            default:
                if isPrintable(value) {
                    output.unicodeScalars.append(scalar)
                } else if value <= 0xFF {
                    output += "\\x" + hex(value, digits: 2)
                } else if value <= 0xFFFF {
                    output += "\\u" + hex(value, digits: 4)
                } else {
                    output += "\\U" + hex(value, digits: 8)
                }
            }
        }
        return output + "\""
    }

    /// libyaml's `IS_PRINTABLE`, less the characters escaped above: it takes no character
    /// beyond U+FFFF as printable, so an emoji is written `\U0001F600`.
    private static func isPrintable(_ value: UInt32) -> Bool {
        switch value {
        case 0x20...0x7E: true
        case 0xA0...0xD7FF: true
        case 0xE000...0xFFFD: value != 0xFEFF
        default: false
        }
    }

    private static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
