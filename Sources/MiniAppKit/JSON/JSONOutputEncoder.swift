import Foundation

/// A `Codable` value as a `JSONOutput`, so the records mactl writes and reads back (the lint
/// cache, the catalog's files) are written by the one JSON writer every other document uses.
/// They are read back with Foundation's `JSONDecoder`: what this writes is what that reads with
/// its default strategies (`Data` as Base64, `Date` as seconds since 2001, `URL` as its
/// absolute string, a `nil` optional left out as the synthesised conformances do).
///
/// Members come in the byte order of their names, so a record's bytes do not depend on
/// dictionary order.
public enum JSONOutputEncoder {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    public static func encode<T: Encodable>(_ value: T) throws(Failure) -> JSONOutput {
        do {
            return try Node.encoding(value, codingPath: []).output
        } catch let failure as Failure {
            throw failure
        } catch {
            throw Failure(description: "\(error)")
        }
    }

    /// What one value became while it is encoded: a value, or a container filled in later.
    fileprivate final class Node {
        var value: JSONOutput?
        var members: [String: Node]?
        var elements: [Node]?

        var output: JSONOutput {
            if let members {
                return .object(members.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }.map { ($0.key, $0.value.output) })
            }
            if let elements { return .array(elements.map(\.output)) }
            // A value that encoded nothing is an empty object, as `JSONEncoder` writes it.
            return value ?? .object([])
        }

        init(_ value: JSONOutput? = nil) {
            self.value = value
        }

        static func encoding<T: Encodable>(_ value: T, codingPath: [any CodingKey]) throws -> Node {
            switch value {
            case let value as String: return Node(.string(value))
            case let value as Bool: return Node(.bool(value))
            case let value as Int: return Node(.integer(value))
            case let value as any BinaryInteger: return Node(.number("\(value)"))
            case let value as Double: return Node(try number(value, codingPath: codingPath))
            case let value as Float: return Node(try number(Double(value), codingPath: codingPath))
            case let value as Data: return Node(.string(value.base64EncodedString()))
            case let value as Date: return Node(try number(value.timeIntervalSinceReferenceDate, codingPath: codingPath))
            case let value as URL: return Node(.string(value.absoluteString))
            default:
                let node = Node()
                try value.encode(to: NodeEncoder(node: node, codingPath: codingPath))
                return node
            }
        }

        /// A finite number's JSON text; JSON has no text for NaN or an infinity.
        static func number(_ value: Double, codingPath: [any CodingKey]) throws -> JSONOutput {
            guard let number = JSONOutput.double(value) else {
                let path = codingPath.map(\.stringValue).joined(separator: ".")
                throw Failure(description: "\(value) at '\(path)' has no JSON text")
            }
            return number
        }
    }

    private struct NodeEncoder: Encoder {
        let node: Node
        let codingPath: [any CodingKey]
        var userInfo: [CodingUserInfoKey: Any] { [:] }

        func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
            if node.members == nil { node.members = [:] }
            return KeyedEncodingContainer(KeyedContainer<Key>(node: node, codingPath: codingPath))
        }

        func unkeyedContainer() -> any UnkeyedEncodingContainer {
            if node.elements == nil { node.elements = [] }
            return UnkeyedContainer(node: node, codingPath: codingPath)
        }

        func singleValueContainer() -> any SingleValueEncodingContainer {
            SingleValueContainer(node: node, codingPath: codingPath)
        }
    }

    private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let node: Node
        let codingPath: [any CodingKey]

        private func set(_ child: Node, _ key: Key) { node.members?[key.stringValue] = child }
        private func encoded<T: Encodable>(_ value: T, _ key: Key) throws {
            set(try Node.encoding(value, codingPath: codingPath + [key]), key)
        }

        mutating func encodeNil(forKey key: Key) throws { set(Node(.null), key) }
        mutating func encode(_ value: Bool, forKey key: Key) throws { try encoded(value, key) }
        mutating func encode(_ value: String, forKey key: Key) throws { try encoded(value, key) }
        mutating func encode(_ value: Double, forKey key: Key) throws { try encoded(value, key) }
        mutating func encode(_ value: Float, forKey key: Key) throws { try encoded(value, key) }
        mutating func encode(_ value: Int, forKey key: Key) throws { try encoded(value, key) }
        mutating func encode(_ value: Int8, forKey key: Key) throws { try encoded(value, key) }
        mutating func encode(_ value: Int16, forKey key: Key) throws { try encoded(value, key) }
        mutating func encode(_ value: Int32, forKey key: Key) throws { try encoded(value, key) }
        mutating func encode(_ value: Int64, forKey key: Key) throws { try encoded(value, key) }
        mutating func encode(_ value: UInt, forKey key: Key) throws { try encoded(value, key) }
        mutating func encode(_ value: UInt8, forKey key: Key) throws { try encoded(value, key) }
        mutating func encode(_ value: UInt16, forKey key: Key) throws { try encoded(value, key) }
        mutating func encode(_ value: UInt32, forKey key: Key) throws { try encoded(value, key) }
        mutating func encode(_ value: UInt64, forKey key: Key) throws { try encoded(value, key) }
        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { try encoded(value, key) }

        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy keyType: NestedKey.Type, forKey key: Key
        ) -> KeyedEncodingContainer<NestedKey> {
            let child = Node()
            set(child, key)
            return NodeEncoder(node: child, codingPath: codingPath + [key]).container(keyedBy: keyType)
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            let child = Node()
            set(child, key)
            return NodeEncoder(node: child, codingPath: codingPath + [key]).unkeyedContainer()
        }

        mutating func superEncoder() -> any Encoder { superEncoder(named: "super") }
        mutating func superEncoder(forKey key: Key) -> any Encoder { superEncoder(named: key.stringValue) }

        private func superEncoder(named name: String) -> any Encoder {
            let child = Node()
            node.members?[name] = child
            return NodeEncoder(node: child, codingPath: codingPath)
        }
    }

    private struct UnkeyedContainer: UnkeyedEncodingContainer {
        let node: Node
        let codingPath: [any CodingKey]
        var count: Int { node.elements?.count ?? 0 }

        private func append(_ child: Node) { node.elements?.append(child) }

        mutating func encodeNil() throws { append(Node(.null)) }
        mutating func encode<T: Encodable>(_ value: T) throws { append(try Node.encoding(value, codingPath: codingPath)) }
        mutating func encode(_ value: Bool) throws { append(try Node.encoding(value, codingPath: codingPath)) }
        mutating func encode(_ value: String) throws { append(try Node.encoding(value, codingPath: codingPath)) }
        mutating func encode(_ value: Double) throws { append(try Node.encoding(value, codingPath: codingPath)) }
        mutating func encode(_ value: Float) throws { append(try Node.encoding(value, codingPath: codingPath)) }
        mutating func encode(_ value: Int) throws { append(try Node.encoding(value, codingPath: codingPath)) }
        mutating func encode(_ value: Int8) throws { append(try Node.encoding(value, codingPath: codingPath)) }
        mutating func encode(_ value: Int16) throws { append(try Node.encoding(value, codingPath: codingPath)) }
        mutating func encode(_ value: Int32) throws { append(try Node.encoding(value, codingPath: codingPath)) }
        mutating func encode(_ value: Int64) throws { append(try Node.encoding(value, codingPath: codingPath)) }
        mutating func encode(_ value: UInt) throws { append(try Node.encoding(value, codingPath: codingPath)) }
        mutating func encode(_ value: UInt8) throws { append(try Node.encoding(value, codingPath: codingPath)) }
        mutating func encode(_ value: UInt16) throws { append(try Node.encoding(value, codingPath: codingPath)) }
        mutating func encode(_ value: UInt32) throws { append(try Node.encoding(value, codingPath: codingPath)) }
        mutating func encode(_ value: UInt64) throws { append(try Node.encoding(value, codingPath: codingPath)) }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            let child = Node()
            append(child)
            return NodeEncoder(node: child, codingPath: codingPath).container(keyedBy: keyType)
        }

        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            let child = Node()
            append(child)
            return NodeEncoder(node: child, codingPath: codingPath).unkeyedContainer()
        }

        mutating func superEncoder() -> any Encoder {
            let child = Node()
            append(child)
            return NodeEncoder(node: child, codingPath: codingPath)
        }
    }

    private struct SingleValueContainer: SingleValueEncodingContainer {
        let node: Node
        let codingPath: [any CodingKey]

        mutating func encodeNil() throws { node.value = .null }
        mutating func encode<T: Encodable>(_ value: T) throws { take(try Node.encoding(value, codingPath: codingPath)) }
        mutating func encode(_ value: Bool) throws { take(try Node.encoding(value, codingPath: codingPath)) }
        mutating func encode(_ value: String) throws { take(try Node.encoding(value, codingPath: codingPath)) }
        mutating func encode(_ value: Double) throws { take(try Node.encoding(value, codingPath: codingPath)) }
        mutating func encode(_ value: Float) throws { take(try Node.encoding(value, codingPath: codingPath)) }
        mutating func encode(_ value: Int) throws { take(try Node.encoding(value, codingPath: codingPath)) }
        mutating func encode(_ value: Int8) throws { take(try Node.encoding(value, codingPath: codingPath)) }
        mutating func encode(_ value: Int16) throws { take(try Node.encoding(value, codingPath: codingPath)) }
        mutating func encode(_ value: Int32) throws { take(try Node.encoding(value, codingPath: codingPath)) }
        mutating func encode(_ value: Int64) throws { take(try Node.encoding(value, codingPath: codingPath)) }
        mutating func encode(_ value: UInt) throws { take(try Node.encoding(value, codingPath: codingPath)) }
        mutating func encode(_ value: UInt8) throws { take(try Node.encoding(value, codingPath: codingPath)) }
        mutating func encode(_ value: UInt16) throws { take(try Node.encoding(value, codingPath: codingPath)) }
        mutating func encode(_ value: UInt32) throws { take(try Node.encoding(value, codingPath: codingPath)) }
        mutating func encode(_ value: UInt64) throws { take(try Node.encoding(value, codingPath: codingPath)) }

        private func take(_ encoded: Node) {
            node.value = encoded.value
            node.members = encoded.members
            node.elements = encoded.elements
        }
    }
}
