import Crypto
import Foundation

/// The catalog's own P-256 key, which signs each web bundle the way Rakuten's MiniApp SDK
/// checks a download (docs/rakuten.md, "Signatures"): over the UTF-8 `versionId` followed by the
/// lowercase hex SHA-256 of the file. The private key stays outside the catalog's folder (a
/// static server or a CDN would serve anything inside it); its public half is `keys/<id>`.
public struct CatalogPlatformKey: Sendable {
    public let privateKey: P256.Signing.PrivateKey

    public struct Failure: Error, Sendable, CustomStringConvertible {
        public var description: String
        public init(_ description: String) { self.description = description }
    }

    public init(_ privateKey: P256.Signing.PrivateKey) { self.privateKey = privateKey }

    public static func generate() -> CatalogPlatformKey { CatalogPlatformKey(P256.Signing.PrivateKey()) }

    /// Reads a PEM private key (PKCS #8 or SEC1) that `mactl catalog keygen` wrote.
    public static func read(_ url: URL) throws(Failure) -> CatalogPlatformKey {
        let text: String
        do {
            text = try String(contentsOf: url, encoding: .utf8)
        } catch {
            throw Failure("cannot read the catalog key '\(url.path)': \(FileProblem.reason(for: error, writing: false))")
        }
        do {
            return CatalogPlatformKey(try P256.Signing.PrivateKey(pemRepresentation: text))
        } catch {
            throw Failure("'\(url.path)' is not a P-256 private key in PEM (make one with 'mactl catalog keygen')")
        }
    }

    /// The PEM the key is stored as (PKCS #8).
    public var pem: String { privateKey.pemRepresentation + "\n" }

    /// The key's id: the first 16 bytes of the SHA-256 of its SubjectPublicKeyInfo, in hex.
    public var id: String { Self.id(of: privateKey.publicKey) }

    static func id(of publicKey: P256.Signing.PublicKey) -> String {
        String(Hex.string(SHA256.hash(data: publicKey.derRepresentation)).prefix(32))
    }

    /// `keys/<id>` as the SDK reads it.
    public var record: CatalogFiles.KeyRecord {
        let publicKey = privateKey.publicKey
        return CatalogFiles.KeyRecord(
            id: id, ecKey: Data(publicKey.x963Representation).base64EncodedString(), pemKey: publicKey.pemRepresentation + "\n")
    }

    /// The message the SDK verifies for one file of a version.
    public static func message(versionID: String, fileSHA256: String) -> [UInt8] {
        Array((versionID + fileSHA256.lowercased()).utf8)
    }

    public func sign(versionID: String, fileSHA256: String) throws(Failure) -> CatalogFiles.PlatformSignature {
        do {
            let signature = try privateKey.signature(for: Self.message(versionID: versionID, fileSHA256: fileSHA256))
            return CatalogFiles.PlatformSignature(keyId: id, signature: signature.derRepresentation.base64EncodedString())
        } catch {
            throw Failure("cannot sign version \(versionID) with the catalog key: \(error)")
        }
    }

    /// Whether `signature` verifies with the key `record` holds, as the SDK checks it: the
    /// record's id must be its key's, and the signature the key's over the message.
    public static func verify(
        _ signature: CatalogFiles.PlatformSignature, record: CatalogFiles.KeyRecord, versionID: String, fileSHA256: String
    )
        -> Bool
    {
        guard record.id == signature.keyId, let point = Data(base64Encoded: record.ecKey),
            let publicKey = try? P256.Signing.PublicKey(x963Representation: point), id(of: publicKey) == record.id,
            let der = Data(base64Encoded: signature.signature),
            let parsed = try? P256.Signing.ECDSASignature(derRepresentation: der)
        else { return false }
        return publicKey.isValidSignature(parsed, for: message(versionID: versionID, fileSHA256: fileSHA256))
    }

    /// Whether a key record is whole: its point is a P-256 key whose id is `id`, and its PEM is
    /// the same key.
    public static func isValid(_ record: CatalogFiles.KeyRecord) -> Bool {
        guard let point = Data(base64Encoded: record.ecKey), let publicKey = try? P256.Signing.PublicKey(x963Representation: point),
            let pemKey = try? P256.Signing.PublicKey(pemRepresentation: record.pemKey)
        else { return false }
        return id(of: publicKey) == record.id && pemKey.derRepresentation == publicKey.derRepresentation
    }
}
