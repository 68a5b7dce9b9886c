import Foundation
import Yams

/// A YAML value with its mapping keys in the order given, so a report's layout never depends
/// on dictionary order.
public indirect enum ReportValue: Sendable, Equatable {
    case map([(String, ReportValue)])
    case list([ReportValue])
    case string(String)
    case integer(Int)
    case number(Double)
    case bool(Bool)
    case null

    public static func == (lhs: ReportValue, rhs: ReportValue) -> Bool { lhs.yaml == rhs.yaml }

    var node: Node {
        switch self {
        case .map(let members):
            return .mapping(Node.Mapping(members.map { (Node($0.0), $0.1.node) }))
        case .list(let elements):
            return .sequence(Node.Sequence(elements.map(\.node)))
        case .string(let string):
            // Quoted, so '1.0', 'yes' or 'null' stay strings for every YAML reader.
            return .scalar(Node.Scalar(string, .implicit, .doubleQuoted))
        case .integer, .number, .bool, .null:
            return .scalar(Node.Scalar(plainText ?? ""))
        }
    }

    /// The text of a value written plain (a number has four decimals); nil for a string, which
    /// is quoted, and for a collection.
    var plainText: String? {
        switch self {
        case .integer(let value): String(value)
        case .number(let value): String(format: "%.4f", value)
        case .bool(let value): value ? "true" : "false"
        case .null: "null"
        case .map, .list, .string: nil
        }
    }

    /// The YAML text: block style, two-space indent, Unicode kept, `\n` line ends. Written
    /// by `ReportYAMLWriter`, or by Yams for a key the writer leaves to it.
    public var yaml: String {
        ReportYAMLWriter.write(self) ?? yamsText
    }

    /// The same text from Yams's serializer.
    var yamsText: String {
        (try? Yams.serialize(node: node, indent: 2, width: -1, allowUnicode: true, lineBreak: .ln)) ?? ""
    }
}
