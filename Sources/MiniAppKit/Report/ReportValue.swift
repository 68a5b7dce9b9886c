import Foundation

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

    /// The YAML text: block style, two-space indent, Unicode kept, `\n` line ends
    /// (`ReportYAMLWriter`).
    public var yaml: String { ReportYAMLWriter.write(self) }
}
