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
        case .integer(let value):
            return .scalar(Node.Scalar(String(value)))
        case .number(let value):
            return .scalar(Node.Scalar(Self.numberText(value)))
        case .bool(let value):
            return .scalar(Node.Scalar(value ? "true" : "false"))
        case .null:
            return .scalar(Node.Scalar("null"))
        }
    }

    /// A number as the report writes it: four decimals.
    static func numberText(_ value: Double) -> String {
        String(format: "%.4f", value)
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
