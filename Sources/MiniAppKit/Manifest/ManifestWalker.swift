/// Walks a manifest tree along the schema and hands each rule the pieces it checks, with the
/// member's path as messages name it (`window.orientation`, `icons[0].src`).
public struct ManifestWalker: Sendable {
    public struct ObjectVisit: Sendable {
        public var schema: ManifestObjectSchema
        public var node: JSONNode
        /// Empty for the root.
        public var path: String
    }

    public struct MemberVisit: Sendable {
        public var schema: ManifestMemberSchema
        public var member: JSONMember
        public var path: String
    }

    /// A value in a typed position (a member's value or an array element) and the type the
    /// schema expects there.
    public struct ValueVisit: Sendable {
        public var expected: ManifestType
        public var node: JSONNode
        public var path: String
        /// The member schema the value belongs to (for arrays, the array member's).
        public var memberSchema: ManifestMemberSchema
    }

    public private(set) var objects: [ObjectVisit] = []
    public private(set) var members: [MemberVisit] = []
    public private(set) var values: [ValueVisit] = []

    public init(root: JSONNode) {
        guard root.members != nil else { return }
        walkObject(ManifestSchema.root, root, path: "")
    }

    /// Values whose type matches the schema, with their member's schema: what the value rules
    /// (enums, colours, tags) look at once the type is right.
    public var wellTypedStrings: [(value: String, node: JSONNode, path: String, schema: ManifestMemberSchema)] {
        values.compactMap { visit in
            guard case .string = visit.expected, let string = visit.node.stringValue else { return nil }
            return (string, visit.node, visit.path, visit.memberSchema)
        }
    }

    private mutating func walkObject(_ schema: ManifestObjectSchema, _ node: JSONNode, path: String) {
        objects.append(ObjectVisit(schema: schema, node: node, path: path))
        for member in node.members ?? [] {
            guard let memberSchema = schema.member(member.key) else { continue }
            let memberPath = path.isEmpty ? member.key : path + "." + member.key
            members.append(MemberVisit(schema: memberSchema, member: member, path: memberPath))
            walkValue(memberSchema.type, member.value, path: memberPath, memberSchema: memberSchema)
        }
    }

    private mutating func walkValue(_ type: ManifestType, _ node: JSONNode, path: String, memberSchema: ManifestMemberSchema) {
        values.append(ValueVisit(expected: type, node: node, path: path, memberSchema: memberSchema))
        switch type {
        case .object(let schema):
            if node.members != nil { walkObject(schema, node, path: path) }
        case .array(let element):
            for (index, child) in (node.elements ?? []).enumerated() {
                walkValue(element, child, path: "\(path)[\(index)]", memberSchema: memberSchema)
            }
        case .map(let valueType):
            for member in node.members ?? [] {
                walkValue(valueType, member.value, path: "\(path).\(member.key)", memberSchema: memberSchema)
            }
        case .string, .integer, .boolean:
            break
        }
    }
}

extension ManifestType {
    /// Whether `node` has this type (the shape only; values are other rules' business).
    public func accepts(_ node: JSONNode) -> Bool {
        switch (self, node.value) {
        case (.string, .string), (.boolean, .bool), (.array, .array), (.object, .object), (.map, .object):
            return true
        case (.integer, .number):
            return node.integerValue != nil
        default:
            return false
        }
    }
}
