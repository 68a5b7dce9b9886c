import Foundation

/// One event the stub prelude recorded, as the JSON text it passes to Swift
/// (see `ScriptStubPrelude`): `{ f: kind, at: { l, c }, s: shape, d: data JSON text }`.
struct RecordedEvent: Decodable {
    struct Position: Decodable {
        var line: Int
        var column: Int

        // The prelude keeps its JSON short: it runs on every registration.
        private enum CodingKeys: String, CodingKey {
            case line = "l", column = "c"
        }
    }

    /// `{ k: kind, m: [{ n, s }], e: shape }`. A class because it contains itself.
    final class Shape: Decodable {
        struct Member: Decodable {
            var name: String
            var shape: Shape

            private enum CodingKeys: String, CodingKey {
                case name = "n", shape = "s"
            }
        }

        var kind: String
        var members: [Member]?
        var element: Shape?

        private enum CodingKeys: String, CodingKey {
            case kind = "k", members = "m", element = "e"
        }

        var value: ScriptValueShape {
            switch kind {
            case "object": return .object((members ?? []).map { ScriptMember($0.name, $0.shape.value) })
            case "array": return .array(element: element?.value)
            default: return ScriptValueShape.Kind(rawValue: kind).map(Self.leaf) ?? .other
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

    /// What was registered: "page" or "app".
    var function: String
    var position: Position?
    var options: Shape?
    /// For a page: its `data` as the JSON text the runtime copies it through, when known.
    var dataText: String?

    private enum CodingKeys: String, CodingKey {
        case function = "f", position = "at", options = "s", dataText = "d"
    }

    static func decode(_ text: String) -> RecordedEvent? {
        try? JSONDecoder().decode(RecordedEvent.self, from: Data(text.utf8))
    }
}
