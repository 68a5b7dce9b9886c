/// The safe size-reducing transforms `pack` applies, chosen by extension. Each keeps the
/// file's meaning (tests check the same JSON value, template model or rendering), and a file
/// that does not shrink, or that has any problem, ships as written.
public enum PackTransform {
    public struct Result: Sendable, Equatable {
        public var bytes: [UInt8]
        /// What was done ("json-compact", ...), or `nil` when the file ships as written.
        public var transform: String?
    }

    public static func apply(to file: SourceFile) -> Result {
        let unchanged = Result(bytes: file.bytes, transform: nil)
        let fileExtension = file.path.split(separator: ".").last.map { $0.lowercased() } ?? ""
        let transformed: Result?
        switch fileExtension {
        case "json": transformed = JSONCompaction.apply(to: file).map { Result(bytes: $0, transform: "json-compact") }
        case "html", "htm": transformed = validUTF8(file) ? HTMLMinifier.apply(to: file.bytes).map { Result(bytes: $0, transform: "html-minify") } : nil
        case "svg": transformed = validUTF8(file) ? SVGCleaner.apply(to: file).map { Result(bytes: $0, transform: "svg-clean") } : nil
        case "css": transformed = validUTF8(file) ? CSSMinifier.apply(to: file.bytes).map { Result(bytes: $0, transform: "css-minify") } : nil
        default: transformed = nil
        }
        guard let transformed, transformed.bytes.count < file.bytes.count else { return unchanged }
        return transformed
    }

    /// Transforms work on text; a file with invalid UTF-8 ships as written.
    static func validUTF8(_ file: SourceFile) -> Bool {
        var index = 0
        while index < file.bytes.count {
            let length = JSONParser.validSequenceLength(file.bytes, at: index)
            if length == 0 { return false }
            index += length
        }
        return true
    }
}

/// JSON without insignificant whitespace: the same value, keys in source order, numbers as
/// written. Only files that parse with no issue at all are touched.
enum JSONCompaction {
    static func apply(to file: SourceFile) -> [UInt8]? {
        let document = JSONParser.parse(file)
        guard document.issues.isEmpty, let root = document.root else { return nil }
        var output = ""
        write(root, into: &output)
        return Array(output.utf8)
    }

    private static func write(_ root: JSONNode, into output: inout String) {
        // An explicit stack: the parser bounds depth, but nothing here recurses anyway.
        enum Step { case node(JSONNode), text(String) }
        var steps: [Step] = [.node(root)]
        while let step = steps.popLast() {
            switch step {
            case .text(let text):
                output += text
            case .node(let node):
                switch node.value {
                case .object(let members):
                    output += "{"
                    var pending: [Step] = []
                    for (index, member) in members.enumerated() {
                        var key = ""
                        JSONOutput.writeString(member.key, into: &key)
                        pending.append(.text((index > 0 ? "," : "") + key + ":"))
                        pending.append(.node(member.value))
                    }
                    pending.append(.text("}"))
                    steps.append(contentsOf: pending.reversed())
                case .array(let elements):
                    output += "["
                    var pending: [Step] = []
                    for (index, element) in elements.enumerated() {
                        if index > 0 { pending.append(.text(",")) }
                        pending.append(.node(element))
                    }
                    pending.append(.text("]"))
                    steps.append(contentsOf: pending.reversed())
                case .string(let string): JSONOutput.writeString(string, into: &output)
                case .number(let text): output += text
                case .bool(let value): output += value ? "true" : "false"
                case .null: output += "null"
                }
            }
        }
    }
}
