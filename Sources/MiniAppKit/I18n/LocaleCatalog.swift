/// One locale file, `i18n/<tag>.json`: the flat `"key": "text"` map SkipMiniApp resolves,
/// with the position of every key and value.
public struct LocaleCatalog: Sendable {
    public struct Entry: Sendable, Hashable {
        public enum Value: Sendable, Hashable {
            case text(String)
            /// A nested object: SkipMiniApp casts the file to `[String: String]`, so one nested
            /// value makes the whole file unreadable to it.
            case nested
            /// A number, boolean, array or null.
            case other(typeName: String)
        }

        public var key: String
        public var keyRange: Range<Int>
        public var value: Value
        public var valueRange: Range<Int>
    }

    /// The tag from the file name (`en-US` for `i18n/en-US.json`).
    public var tag: String
    public var document: JSONDocument
    /// Entries in file order; a duplicated key keeps its last entry (the JSON rule reports it).
    public var entries: [Entry]

    public var path: String { document.file.path }

    public init(tag: String, document: JSONDocument) {
        self.tag = tag
        self.document = document
        var entries: [Entry] = []
        var indexByKey: [String: Int] = [:]
        for member in document.root?.members ?? [] {
            let value: Entry.Value =
                switch member.value.value {
                case .string(let text): .text(text)
                case .object: .nested
                default: .other(typeName: member.value.typeName)
                }
            let entry = Entry(key: member.key, keyRange: member.keyRange, value: value, valueRange: member.value.range)
            if let index = indexByKey[member.key] {
                entries[index] = entry
            } else {
                indexByKey[member.key] = entries.count
                entries.append(entry)
            }
        }
        self.entries = entries
    }

    /// The locale file's tag, or `nil` when `path` is not `i18n/<name>.json`.
    public static func tag(forPath path: String) -> String? {
        guard path.hasPrefix("i18n/"), path.hasSuffix(".json") else { return nil }
        let name = path.dropFirst("i18n/".count).dropLast(".json".count)
        guard !name.isEmpty, !name.contains("/") else { return nil }
        return String(name)
    }

    public func entry(_ key: String) -> Entry? { entries.first { $0.key == key } }

    /// The texts by key, as the runtime sees them (only string values).
    public var texts: [String: String] {
        var result: [String: String] = [:]
        for entry in entries {
            if case .text(let text) = entry.value { result[entry.key] = text }
        }
        return result
    }

    public func span(_ range: Range<Int>) -> SourceSpan { document.span(range) }

    /// Whether every value is a string: a runtime that ignores a file with any other value
    /// whole (`RuntimeBehavior.localeFileIgnoredWhole`) reads only such files.
    public var isFlatText: Bool {
        entries.allSatisfy { if case .text = $0.value { true } else { false } }
    }
}
