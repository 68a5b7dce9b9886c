/// How much a diagnostic matters. `error` fails `lint` and blocks `pack`; `warning` fails only
/// under `--strict`; `note` never fails.
public enum Severity: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
    case error
    case warning
    case note

    private var rank: Int {
        switch self {
        case .error: 0
        case .warning: 1
        case .note: 2
        }
    }

    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}
