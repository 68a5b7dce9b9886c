import Foundation

/// One event the stub prelude recorded, as the JSON text it passes to Swift
/// (see `ScriptStubPrelude`): `{ f: kind, at: { l, c }, s: shape }`.
struct RecordedEvent: Decodable {
    struct Position: Decodable {
        var l: Int
        var c: Int
    }

    /// `{ k: kind, m: [{ n, s }], e: shape }`. A class because it contains itself.
    final class Shape: Decodable {
        struct Member: Decodable {
            var n: String
            var s: Shape
        }

        var k: String
        var m: [Member]?
        var e: Shape?

        var value: ScriptValueShape {
            switch k {
            case "object": return .object((m ?? []).map { ScriptMember($0.n, $0.s.value) })
            case "array": return .array(element: e?.value)
            default: return ScriptValueShape.Kind(rawValue: k).map(Self.leaf) ?? .other
            }
        }

        private static func leaf(_ kind: ScriptValueShape.Kind) -> ScriptValueShape {
            switch kind {
            case .string: return .string
            case .number: return .number
            case .boolean: return .boolean
            case .null: return .null
            case .undefined: return .undefined
            case .function: return .function
            case .object, .array, .other: return .other
            }
        }
    }

    var f: String
    var at: Position?
    var s: Shape?

    static func decode(_ text: String) -> RecordedEvent? {
        try? JSONDecoder().decode(RecordedEvent.self, from: Data(text.utf8))
    }
}
