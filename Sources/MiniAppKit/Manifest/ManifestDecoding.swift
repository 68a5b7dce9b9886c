/// What SkipMiniApp's manifest decoder refuses: Foundation's `JSONDecoder` reading the typed
/// `MiniAppManifest`, whose members and types are those of `ManifestSchema` (with
/// `isRequiredByDecoder` for the members it cannot do without). The real decoder stops at its
/// first error; this walk goes on, so the author sees every member that would stop it.
///
/// It differs from the W3C-minded walk (`ManifestWalker` with `ManifestType.accepts`) where
/// `JSONDecoder` does (`skip.manifest-json-decoder`, checked by running it):
/// - an integer is any number with a whole value: `2.0` and `1e2` decode, `2.5` does not;
/// - `null` stands for an absent optional member, but fails a required member, an array
///   element or a value of the `i18n` map;
/// - of two equal keys, the first is read (the W3C walk and `JSON.parse` take the last).
public enum ManifestDecoding {
    public struct Failure: Sendable {
        public enum Kind: Sendable {
            /// A required member is absent; `node` is the object that lacks it.
            case missing
            /// `node` (possibly `null`) is not of the `expected` type.
            case wrongType(expected: ManifestType)
        }

        public var kind: Kind
        /// The member's path as messages name it: `version.code`, `tab_bar.tabs[0].text`.
        public var path: String
        public var node: JSONNode
        /// The schema of the member the value belongs to (for array elements, the array's).
        public var memberSchema: ManifestMemberSchema
    }

    /// Every place the decoder would stop in `root`, in document order of the schema walk;
    /// empty when the root is not an object (`manifest-not-object` reports that).
    public static func failures(in root: JSONNode) -> [Failure] {
        guard root.members != nil else { return [] }
        var failures: [Failure] = []
        decodeObject(ManifestSchema.root, root, path: "", into: &failures)
        return failures
    }

    private static func decodeObject(_ schema: ManifestObjectSchema, _ node: JSONNode, path: String, into failures: inout [Failure]) {
        for member in schema.members {
            let memberPath = path.isEmpty ? member.name : path + "." + member.name
            // `JSONDecoder` keeps the first of equal keys (`KeyedContainer.stringify`).
            guard let value = node.members?.first(where: { $0.key == member.name })?.value else {
                if member.isRequiredByDecoder {
                    failures.append(Failure(kind: .missing, path: memberPath, node: node, memberSchema: member))
                }
                continue
            }
            // `decodeIfPresent` reads `null` as absent.
            if case .null = value.value, !member.isRequiredByDecoder { continue }
            decodeValue(member.type, value, path: memberPath, member: member, into: &failures)
        }
    }

    private static func decodeValue(
        _ type: ManifestType, _ node: JSONNode, path: String, member: ManifestMemberSchema, into failures: inout [Failure]
    ) {
        guard type.isDecoded(from: node) else {
            failures.append(Failure(kind: .wrongType(expected: type), path: path, node: node, memberSchema: member))
            return
        }
        switch type {
        case .object(let schema):
            decodeObject(schema, node, path: path, into: &failures)
        case .array(let element):
            for (index, child) in (node.elements ?? []).enumerated() {
                decodeValue(element, child, path: "\(path)[\(index)]", member: member, into: &failures)
            }
        case .map(let valueType):
            var seen: Set<String> = []
            for entry in node.members ?? [] where seen.insert(entry.key).inserted {
                decodeValue(valueType, entry.value, path: "\(path).\(entry.key)", member: member, into: &failures)
            }
        case .string, .integer, .boolean:
            break
        }
    }
}

extension ManifestType {
    /// Whether `JSONDecoder` reads `node` as this type (the container itself, not its
    /// contents). `null` is never one: an optional member's `null` is handled before.
    func isDecoded(from node: JSONNode) -> Bool {
        switch (self, node.value) {
        case (.string, .string), (.boolean, .bool), (.array, .array), (.object, .object), (.map, .object):
            return true
        case (.integer, .number(let text)):
            return ManifestDecoding.decodesAsInt(text)
        default:
            return false
        }
    }
}

extension ManifestDecoding {
    /// Whether Foundation's `JSONDecoder` reads the JSON number `text` as a Swift `Int`
    /// (64-bit on a phone): digits alone when they fit; otherwise through `Double`, whose
    /// value must be whole and fit (`_slowpath_unwrapFixedWidthInteger`). `2.0`, `1e2` and
    /// `1.0000000000000001` (which is 1 as a `Double`) decode; `2.5` and `1e19` do not.
    static func decodesAsInt(_ text: String) -> Bool {
        if Int(text) != nil { return true }
        guard let double = Double(text), double.isFinite, double == double.rounded(.towardZero) else { return false }
        // -2^63 written with a fraction or an exponent is refused by the decimal path.
        return double.magnitude < 0x1p63
    }
}
