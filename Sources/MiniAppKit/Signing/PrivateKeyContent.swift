import Foundation
import SwiftASN1

/// Whether a file's bytes hold a private key, and where: a PEM block whose label ends in
/// `PRIVATE KEY` (PKCS #8, encrypted PKCS #8, SEC1 EC, PKCS #1 RSA, DSA, OpenSSH, PGP), a
/// binary DER key (PKCS #8, encrypted PKCS #8, SEC1, PKCS #1) or a PKCS #12 bundle
/// (`.p12`/`.pfx`, which holds a key with its certificate). Judged by content, not by name: a
/// key renamed `logo.txt` is still a key, and a Keynote file named `talk.key` is not one.
public struct PrivateKeyContent: Sendable, Hashable {
    /// What was found, for messages: `PEM 'EC PRIVATE KEY'`, `DER PKCS #8`, `PKCS #12`.
    public var kind: String
    /// The `-----BEGIN ...-----` line of a PEM block (so a key pasted into a script is
    /// pointed at); `nil` for a binary key, which is the whole file.
    public var range: Range<Int>?

    /// The first private key in `bytes`, or `nil`.
    public static func find(in bytes: [UInt8]) -> PrivateKeyContent? {
        pemKey(in: bytes) ?? binaryKey(in: bytes)
    }

    // MARK: PEM

    private static let begin = Array("-----BEGIN ".utf8)
    private static let dashes = Array("-----".utf8)

    /// A `-----BEGIN <label>-----` line with a private-key label, followed by key material: a
    /// line of base64 (or an RFC 1421 header such as `Proc-Type:`), after a line break or a
    /// `\n` escape (a key pasted into a JavaScript or JSON string). A sentence that only names
    /// the marker, as documentation does, is not a key.
    static func pemKey(in bytes: [UInt8]) -> PrivateKeyContent? {
        var searchStart = 0
        while let start = firstIndex(of: begin, in: bytes, from: searchStart) {
            searchStart = start + begin.count
            let labelStart = start + begin.count
            guard let labelEnd = firstIndex(of: dashes, in: bytes, from: labelStart), labelEnd - labelStart <= 40 else { continue }
            let label = bytes[labelStart..<labelEnd]
            guard label.allSatisfy({ ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x20 }),
                let text = String(bytes: label, encoding: .ascii),
                text.hasSuffix("PRIVATE KEY") || text.hasSuffix("PRIVATE KEY BLOCK")
            else { continue }
            let end = labelEnd + dashes.count
            guard isFollowedByKeyMaterial(bytes, at: end) else { continue }
            return PrivateKeyContent(kind: "PEM '\(text)'", range: start..<end)
        }
        return nil
    }

    private static func isFollowedByKeyMaterial(_ bytes: [UInt8], at offset: Int) -> Bool {
        var index = offset
        if index < bytes.count, bytes[index] == 0x0D { index += 1 }
        if index < bytes.count, bytes[index] == 0x0A {
            index += 1
        } else if index + 1 < bytes.count, bytes[index] == 0x5C, bytes[index + 1] == 0x6E {  // `\n`
            index += 2
        } else {
            return false
        }
        // PGP armour and legacy encrypted PEM put headers (`Version:`, `Proc-Type:`) first.
        var run = 0
        while index < bytes.count {
            let byte = bytes[index]
            let isBase64 =
                (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
                || byte == 0x2B || byte == 0x2F || byte == 0x3D
            if byte == 0x3A, run > 0 { return true }  // a header name: `Proc-Type:`
            guard isBase64 || byte == 0x2D else { break }
            run += 1
            if run >= 16 { return true }
            index += 1
        }
        return false
    }

    /// memchr for the needle's first byte, then a comparison: files up to the read limit pass
    /// through here, and the tests run a debug build. (`memmem` is not in every C library.)
    private static func firstIndex(of needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard let lead = needle.first, start < bytes.count else { return nil }
        return bytes.withUnsafeBufferPointer { haystack -> Int? in
            guard let base = haystack.baseAddress else { return nil }
            var position = start
            while position + needle.count <= haystack.count, let found = memchr(base + position, Int32(lead), haystack.count - position) {
                let index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                guard index + needle.count <= haystack.count else { return nil }
                if needle.indices.allSatisfy({ haystack[index + $0] == needle[$0] }) { return index }
                position = index + 1
            }
            return nil
        }
    }

    // MARK: DER and PKCS #12

    /// Binary keys are small; a larger file is not parsed as one.
    private static let largestBinaryKey = 64 * 1024

    /// A file that is exactly one ASN.1 SEQUENCE shaped like a private key or a PKCS #12 bundle.
    static func binaryKey(in bytes: [UInt8]) -> PrivateKeyContent? {
        guard bytes.count >= 8, bytes.count <= largestBinaryKey, bytes[0] == 0x30, encodesWholeFile(bytes),
            let root = try? BER.parse(bytes), let children = children(of: root)
        else { return nil }
        let shape = children.map(\.identifier)
        let version = shape.first == .integer ? smallInteger(children[0]) : nil
        let extensions = { (from: Int) in shape.dropFirst(from).allSatisfy { $0.tagClass == .contextSpecific } }
        let kind: String?
        if let version, version <= 1, shape.count >= 3, shape[1] == .sequence, isAlgorithmIdentifier(children[1]), shape[2] == .octetString,
            extensions(3)
        {
            kind = "DER PKCS #8"
        } else if version == 1, shape.count >= 2, shape[1] == .octetString, extensions(2) {
            kind = "DER SEC1 EC"
        } else if let version, version <= 1, shape.count >= 9, shape.allSatisfy({ $0 == .integer }) {
            kind = "DER PKCS #1 RSA"
        } else if version == 3, shape.count >= 2, shape[1] == .sequence, isContentInfo(children[1]) {
            // PFX: version 3, then the authenticated safe, a PKCS #7 ContentInfo.
            kind = "PKCS #12"
        } else if shape.count == 2, shape[0] == .sequence, shape[1] == .octetString, isAlgorithmIdentifier(children[0]) {
            kind = "DER encrypted PKCS #8"
        } else {
            kind = nil
        }
        return kind.map { PrivateKeyContent(kind: $0, range: nil) }
    }

    /// Whether the outer length covers the file exactly (or is BER's indefinite length): a
    /// cheap test before parsing, which most files starting with `0` fail.
    private static func encodesWholeFile(_ bytes: [UInt8]) -> Bool {
        let first = Int(bytes[1])
        if first == 0x80 { return true }
        if first < 0x80 { return 2 + first == bytes.count }
        let count = first & 0x7F
        guard count <= 3, bytes.count > 2 + count else { return false }
        let length = bytes[2..<(2 + count)].reduce(0) { $0 << 8 | Int($1) }
        return 2 + count + length == bytes.count
    }

    private static func children(of node: ASN1Node) -> [ASN1Node]? {
        guard case .constructed(let collection) = node.content else { return nil }
        return Array(collection)
    }

    private static func smallInteger(_ node: ASN1Node) -> Int? {
        guard node.identifier == .integer, case .primitive(let bytes) = node.content, bytes.count == 1 else { return nil }
        return Int(bytes.first!)
    }

    private static func isAlgorithmIdentifier(_ node: ASN1Node) -> Bool {
        children(of: node)?.first?.identifier == .objectIdentifier
    }

    /// A PKCS #7 ContentInfo of type `data` or `signedData` (1.2.840.113549.1.7.1 or .2).
    private static func isContentInfo(_ node: ASN1Node) -> Bool {
        guard let first = children(of: node)?.first, first.identifier == .objectIdentifier,
            case .primitive(let oid) = first.content
        else { return false }
        let pkcs7 = Array<UInt8>([0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x07])
        return oid.count == pkcs7.count + 1 && oid.starts(with: pkcs7) && (oid.last == 1 || oid.last == 2)
    }
}
