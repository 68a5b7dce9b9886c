/// A file `mactl new page` creates or rewrites, with what it did, for the command to print.
public struct ProjectChange: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        case created
        /// The file's new bytes replace its old ones; `summary` says what was added.
        case updated(summary: String)
    }

    public var path: String
    public var bytes: [UInt8]
    public var kind: Kind

    static func created(_ path: String, _ text: String) -> ProjectChange {
        ProjectChange(path: path, bytes: Array(text.utf8), kind: .created)
    }

    static func updated(_ path: String, _ bytes: [UInt8], _ summary: String) -> ProjectChange {
        ProjectChange(path: path, bytes: bytes, kind: .updated(summary: summary))
    }
}
