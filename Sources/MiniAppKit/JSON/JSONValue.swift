/// A JSON value that remembers where it came from: every node and every object key keeps
/// its byte range in the source file, so diagnostics can point at the exact key or value.
public struct JSONNode: Sendable, Hashable {
    public var value: JSONValue
    public var range: Range<Int>

    public init(_ value: JSONValue, range: Range<Int>) {
        self.value = value
        self.range = range
    }
}

public enum JSONValue: Sendable, Hashable {
    /// Members in source order, duplicates included (the parser reports them); lookups
    /// return the last one, as `JSON.parse` and the runtimes do.
    case object([JSONMember])
    case array([JSONNode])
    case string(String)
    /// The number's source text, kept exact (`1.0` and `1` differ: only one is an integer).
    case number(String)
    case bool(Bool)
    case null
}

public struct JSONMember: Sendable, Hashable {
    public var key: String
    /// The key's range, quotes included.
    public var keyRange: Range<Int>
    public var value: JSONNode

    public init(key: String, keyRange: Range<Int>, value: JSONNode) {
        self.key = key
        self.keyRange = keyRange
        self.value = value
    }
}

extension JSONNode {
    public var members: [JSONMember]? {
        if case .object(let members) = value { return members }
        return nil
    }

    public var elements: [JSONNode]? {
        if case .array(let elements) = value { return elements }
        return nil
    }

    public var stringValue: String? {
        if case .string(let string) = value { return string }
        return nil
    }

    public var boolValue: Bool? {
        if case .bool(let bool) = value { return bool }
        return nil
    }

    public var numberText: String? {
        if case .number(let text) = value { return text }
        return nil
    }

    /// The value as an integer when it is written as one (no fraction, no exponent) and fits.
    public var integerValue: Int? {
        guard let text = numberText, !text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) else {
            return nil
        }
        return Int(text)
    }

    public var isNumber: Bool { numberText != nil }

    /// The last member with this key, as a JSON runtime would see it.
    public func member(_ key: String) -> JSONMember? {
        members?.last { $0.key == key }
    }

    public subscript(key: String) -> JSONNode? { member(key)?.value }

    /// The JSON type name used in messages: "string", "number", "object", ...
    public var typeName: String {
        switch value {
        case .object: "object"
        case .array: "array"
        case .string: "string"
        case .number: "number"
        case .bool: "boolean"
        case .null: "null"
        }
    }

    /// A short rendering of the value for messages: strings quoted, containers by type.
    public var summary: String {
        switch value {
        case .string(let string):
            let shortened = string.count > 40 ? String(string.prefix(37)) + "..." : string
            return "string '\(shortened)'"
        case .number(let text): return "number \(text)"
        case .bool(let bool): return "boolean \(bool)"
        case .null: return "null"
        case .object: return "an object"
        case .array: return "an array"
        }
    }
}
