import Foundation
import SwiftASN1
import X509

/// The subject of a certificate mactl makes, from what a person writes: a distinguished name
/// in RFC 4514 form (`CN=Acme Ltd,O=Acme`, most specific first, `\,` for a comma inside a
/// value, `+` joining attributes of one part), or a plain value without `=`, which is the
/// common name (`--subject MiniApp` is `CN=MiniApp`).
public struct CertificateSubject: Sendable, CustomStringConvertible {
    var name: DistinguishedName

    public init(commonName: String) {
        name = DistinguishedName([RelativeDistinguishedName(.init(type: .RDNAttributeType.commonName, utf8String: commonName))])
    }

    /// As RFC 4514 writes it, and as `verify` and the build report show a certificate's subject.
    public var description: String { name.description }

    public struct ParseError: Error, Sendable, Equatable {
        public var message: String
    }

    /// The attribute types a subject may name, by their RFC 4514 (and OpenSSL) short names,
    /// matched without regard to case; any other type is written as a dotted OID.
    static let attributeTypes: [(names: [String], oid: ASN1ObjectIdentifier, encoding: Encoding)] = [
        (["CN"], .RDNAttributeType.commonName, .utf8),
        (["O"], .RDNAttributeType.organizationName, .utf8),
        (["OU"], .RDNAttributeType.organizationalUnitName, .utf8),
        (["C"], .RDNAttributeType.countryName, .country),
        (["ST"], .RDNAttributeType.stateOrProvinceName, .utf8),
        (["L"], .RDNAttributeType.localityName, .utf8),
        (["STREET"], .RDNAttributeType.streetAddress, .utf8),
        (["DC"], .RDNAttributeType.domainComponent, .ascii),
        (["UID"], [0, 9, 2342, 19_200_300, 100, 1, 1], .utf8),
        (["emailAddress", "E"], .RDNAttributeType.emailAddress, .ascii),
    ]

    enum Encoding {
        /// UTF8String, what RFC 5280 asks of new certificates.
        case utf8
        /// IA5String, which the standards fix for domain components and email addresses.
        case ascii
        /// PrintableString of two letters, an ISO 3166 country code.
        case country
    }

    static let typeList = "CN, O, OU, C, ST, L, STREET, DC, UID, emailAddress or a dotted OID"

    public static func parse(_ text: String) throws(ParseError) -> CertificateSubject {
        guard !text.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw ParseError(message: "the subject is empty; give a name (MiniApp) or a distinguished name (CN=Acme Ltd,O=Acme)")
        }
        // A plain value is the common name, as `--subject MiniApp` always was.
        guard text.contains("=") else { return CertificateSubject(commonName: text) }
        let parts = split(Array(text.utf8), at: UInt8(ascii: ","))
        var relativeNames: [RelativeDistinguishedName] = []
        for part in parts {
            var attributes: [RelativeDistinguishedName.Attribute] = []
            for written in split(part, at: UInt8(ascii: "+")) {
                attributes.append(try attribute(written))
            }
            relativeNames.append(RelativeDistinguishedName(attributes))
        }
        // RFC 4514 writes the most specific part first; the certificate holds them the other
        // way round (C, then O, then CN).
        return CertificateSubject(name: DistinguishedName(relativeNames.reversed()))
    }

    private init(name: DistinguishedName) {
        self.name = name
    }

    /// One `TYPE=value`, its value unescaped.
    private static func attribute(_ written: [UInt8]) throws(ParseError) -> RelativeDistinguishedName.Attribute {
        let shown = String(decoding: written, as: UTF8.self).trimmingCharacters(in: .whitespaces)
        guard !shown.isEmpty else {
            throw ParseError(message: "the subject has an empty part (two commas in a row, or one at an end); write CN=Acme Ltd,O=Acme")
        }
        let pieces = split(written, at: UInt8(ascii: "="), limit: 2)
        guard pieces.count == 2, !String(decoding: pieces[0], as: UTF8.self).trimmingCharacters(in: .whitespaces).isEmpty else {
            throw ParseError(message: "'\(shown)' is not TYPE=value; write CN=Acme Ltd,O=Acme, with \\, for a comma inside a value")
        }
        let typeName = String(decoding: pieces[0], as: UTF8.self).trimmingCharacters(in: .whitespaces)
        let value = try unescape(pieces[1], in: shown)
        guard !value.isEmpty else { throw ParseError(message: "'\(shown)' has an empty value") }
        if let known = attributeTypes.first(where: { $0.names.contains { $0.caseInsensitiveCompare(typeName) == .orderedSame } }) {
            return try encode(value, as: known.oid, known.encoding, shown: shown)
        }
        if typeName.first?.isNumber == true, let oid = try? ASN1ObjectIdentifier(dotRepresentation: typeName) {
            return try encode(value, as: oid, .utf8, shown: shown)
        }
        throw ParseError(message: "unknown attribute type '\(typeName)' in '\(shown)'; use \(typeList)")
    }

    private static func encode(
        _ value: String, as oid: ASN1ObjectIdentifier, _ encoding: Encoding, shown: String
    ) throws(ParseError) -> RelativeDistinguishedName.Attribute {
        switch encoding {
        case .utf8:
            return .init(type: oid, utf8String: value)
        case .ascii:
            guard value.allSatisfy(\.isASCII), let attribute = try? RelativeDistinguishedName.Attribute(type: oid, ia5String: value) else {
                throw ParseError(message: "'\(shown)' must be ASCII")
            }
            return attribute
        case .country:
            guard value.count == 2, value.allSatisfy({ $0.isASCII && $0.isLetter }),
                let attribute = try? RelativeDistinguishedName.Attribute(type: oid, printableString: value.uppercased())
            else {
                throw ParseError(message: "'\(shown)': C takes a two-letter country code, such as C=DE")
            }
            return attribute
        }
    }

    /// Splits at each `separator` not escaped by a backslash.
    private static func split(_ bytes: [UInt8], at separator: UInt8, limit: Int = .max) -> [[UInt8]] {
        var pieces: [[UInt8]] = [[]]
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\\"), index + 1 < bytes.count {
                pieces[pieces.count - 1] += bytes[index...(index + 1)]
                index += 2
                continue
            }
            if byte == separator, pieces.count < limit {
                pieces.append([])
            } else {
                pieces[pieces.count - 1].append(byte)
            }
            index += 1
        }
        return pieces
    }

    /// The value RFC 4514 escapes stand for: `\` before a special character is that character,
    /// `\` and two hex digits is that byte (`\C3\A9` is é). Unescaped spaces at either end
    /// are dropped, as `CN=Acme, O=Acme` means `O=Acme`.
    private static func unescape(_ bytes: [UInt8], in shown: String) throws(ParseError) -> String {
        let special = Set(",+\"\\<>;= #".utf8)
        var value: [(byte: UInt8, escaped: Bool)] = []
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            guard byte == UInt8(ascii: "\\") else {
                value.append((byte, false))
                index += 1
                continue
            }
            if index + 1 < bytes.count, special.contains(bytes[index + 1]) {
                value.append((bytes[index + 1], true))
                index += 2
            } else if index + 2 < bytes.count, let high = hexDigit(bytes[index + 1]), let low = hexDigit(bytes[index + 2]) {
                value.append((high << 4 | low, true))
                index += 3
            } else {
                throw ParseError(
                    message: "'\(shown)': a backslash must come before one of , + \" \\ < > ; = # or a space, or two hex digits")
            }
        }
        let isPadding = { (character: (byte: UInt8, escaped: Bool)) in character.byte == UInt8(ascii: " ") && !character.escaped }
        while let first = value.first, isPadding(first) { value.removeFirst() }
        while let last = value.last, isPadding(last) { value.removeLast() }
        if let first = value.first, first.byte == UInt8(ascii: "#"), !first.escaped {
            throw ParseError(message: "'\(shown)': values in hex (#...) are not supported; write the value as text, or \\# for a leading #")
        }
        guard let string = String(bytes: value.map(\.byte), encoding: .utf8) else {
            throw ParseError(message: "'\(shown)': the hex escapes do not spell UTF-8 text")
        }
        return string
    }

    private static func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
