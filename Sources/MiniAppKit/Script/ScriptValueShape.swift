/// The shape of a value a script registered: its kind and, for objects and arrays, what is
/// inside. Enough for rules to check `x-text="store.user.name"` against `data` without the values.
public indirect enum ScriptValueShape: Sendable, Hashable {
    /// Own enumerable members in definition order.
    case object([ScriptMember])
    /// `element` is the shape of the first element, nil for an empty array.
    case array(element: ScriptValueShape?)
    case string
    case number
    case boolean
    case null
    case undefined
    case function
    /// A symbol or bigint, an accessor property (never called), a cycle, or a value nested
    /// deeper than the recorder follows.
    case other

    public var kind: Kind {
        switch self {
        case .object: return .object
        case .array: return .array
        case .string: return .string
        case .number: return .number
        case .boolean: return .boolean
        case .null: return .null
        case .undefined: return .undefined
        case .function: return .function
        case .other: return .other
        }
    }

    /// The members of an object shape; empty for every other kind.
    public var members: [ScriptMember] {
        if case .object(let members) = self { return members }
        return []
    }

    /// The member named `name` of an object shape.
    public func member(_ name: String) -> ScriptValueShape? {
        members.first { $0.name == name }?.shape
    }

    public enum Kind: String, Sendable, Hashable, CaseIterable {
        case object, array, string, number, boolean, null, undefined, function, other
    }
}

/// One named member of an object shape.
public struct ScriptMember: Sendable, Hashable {
    public var name: String
    public var shape: ScriptValueShape

    public init(_ name: String, _ shape: ScriptValueShape) {
        self.name = name
        self.shape = shape
    }
}
