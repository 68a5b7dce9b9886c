/// One event the stub prelude recorded, as the JSON text it passes to Swift
/// (see `ScriptStubPrelude`): `{ f: kind, at: { l, c }, s: shape, d: data JSON text }`.
///
/// Read with mactl's own JSON parser rather than a `Decodable` conformance: a page records
/// an event per registration, and Foundation's decoder cost more than running the script.
struct RecordedEvent {
    struct Position {
        var line: Int
        var column: Int
    }

    /// `{ k: kind, m: [{ n, s }], e: shape }`. A class because it contains itself.
    final class Shape {
        struct Member {
            var name: String
            var shape: Shape
        }

        var kind: String
        var members: [Member]?
        var element: Shape?

        init(kind: String, members: [Member]?, element: Shape?) {
            self.kind = kind
            self.members = members
            self.element = element
        }

        /// The shape a node holds, or nil when it is not one (the prelude wrote something
        /// else, which is dropped like any record that does not decode).
        static func read(_ node: JSONNode) -> Shape? {
            guard let kind = node["k"]?.stringValue else { return nil }
            var members: [Member]?
            if let memberNodes = node["m"], memberNodes.value != .null {
                guard let elements = memberNodes.elements else { return nil }
                members = []
                for element in elements {
                    guard let name = element["n"]?.stringValue, let shapeNode = element["s"], let shape = read(shapeNode) else {
                        return nil
                    }
                    members?.append(Member(name: name, shape: shape))
                }
            }
            var element: Shape?
            if let elementNode = node["e"], elementNode.value != .null {
                guard let shape = read(elementNode) else { return nil }
                element = shape
            }
            return Shape(kind: kind, members: members, element: element)
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

    static func decode(_ text: String) -> RecordedEvent? {
        let document = JSONParser.parse(SourceFile(path: "", text: text))
        guard document.issues.isEmpty, let root = document.root, root.members != nil, let function = root["f"]?.stringValue else {
            return nil
        }
        var event = RecordedEvent(function: function)
        if let at = root["at"], at.value != .null {
            guard let line = at["l"]?.integerValue, let column = at["c"]?.integerValue else { return nil }
            event.position = Position(line: line, column: column)
        }
        if let shape = root["s"], shape.value != .null {
            guard let options = Shape.read(shape) else { return nil }
            event.options = options
        }
        if let data = root["d"], data.value != .null {
            guard let text = data.stringValue else { return nil }
            event.dataText = text
        }
        return event
    }
}
