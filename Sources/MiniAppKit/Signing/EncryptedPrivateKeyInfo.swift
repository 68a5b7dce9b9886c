import Crypto
import _CryptoExtras
import Foundation
import SwiftASN1

/// A PKCS#8 `ENCRYPTED PRIVATE KEY` (RFC 5958 EncryptedPrivateKeyInfo), decrypted in-process:
/// PBES2 (RFC 8018) with PBKDF2 (HMAC-SHA-1, -224, -256, -384 or -512) and AES-128, -192 or
/// -256 in CBC mode, which is what `openssl pkcs8 -topk8 -v2 aes-256-cbc` and
/// `openssl genpkey -aes256` write. Any other scheme is refused by name, so that the message
/// can say how to re-encrypt the key.
///
/// ```
/// EncryptedPrivateKeyInfo ::= SEQUENCE { encryptionAlgorithm AlgorithmIdentifier, encryptedData OCTET STRING }
/// PBES2-params   ::= SEQUENCE { keyDerivationFunc AlgorithmIdentifier, encryptionScheme AlgorithmIdentifier }
/// PBKDF2-params  ::= SEQUENCE { salt OCTET STRING, iterationCount INTEGER, keyLength INTEGER OPTIONAL,
///                               prf AlgorithmIdentifier DEFAULT hmacWithSHA1 }
/// AES-CBC params ::= OCTET STRING (SIZE(16))   -- the IV
/// ```
enum EncryptedPrivateKeyInfo {
    /// More rounds than any tool writes by default (OpenSSL 2,048; OWASP advises 600,000 for
    /// SHA-256), with room to spare; a key file asking for more would keep mactl busy for minutes.
    static let maximumIterations = 10_000_000

    /// The PKCS#8 `PrivateKeyInfo` DER inside `der`.
    static func decrypt(der: [UInt8], passphrase: [UInt8]) throws(SigningError) -> [UInt8] {
        let scheme = try parse(der)
        let key: SymmetricKey
        let plaintext: Data
        do {
            key = try KDF.Insecure.PBKDF2.deriveKey(
                from: passphrase, salt: scheme.salt, using: scheme.hash, outputByteCount: scheme.keyByteCount,
                unsafeUncheckedRounds: scheme.iterations)
        } catch {
            throw .invalidKey("the key's passphrase could not be turned into a key: \(error)")
        }
        do {
            plaintext = try AES._CBC.decrypt(scheme.ciphertext, using: key, iv: AES._CBC.IV(ivBytes: scheme.iv))
        } catch {
            // The padding did not check out: the derived key is not the one the file was
            // encrypted with.
            throw .wrongPassphrase
        }
        // A wrong key gives valid padding once in about 256 tries; the bytes are then noise,
        // not a PrivateKeyInfo (a SEQUENCE starting with its INTEGER version).
        let bytes = [UInt8](plaintext)
        guard let node = try? DER.parse(bytes), node.identifier == .sequence, node.encodedBytes.count == bytes.count,
            case .constructed(let children) = node.content, children.first(where: { _ in true })?.identifier == .integer
        else {
            throw .wrongPassphrase
        }
        return bytes
    }

    /// What decrypting takes, read from the DER.
    struct Scheme {
        var salt: [UInt8]
        var iterations: Int
        var hash: KDF.Insecure.PBKDF2.HashFunction
        var keyByteCount: Int
        var iv: [UInt8]
        var ciphertext: [UInt8]
    }

    static func parse(_ der: [UInt8]) throws(SigningError) -> Scheme {
        let outer: (algorithm: AlgorithmIdentifier, ciphertext: [UInt8])
        do {
            outer = try DER.sequence(try DER.parse(der), identifier: .sequence) { nodes in
                (try AlgorithmIdentifier(from: &nodes), [UInt8](try ASN1OctetString(derEncoded: &nodes).bytes))
            }
        } catch {
            throw malformed
        }
        guard outer.algorithm.oid == OID.pbes2 else { throw .unsupportedEncryption(name(of: outer.algorithm.oid)) }
        let (kdf, cipher): (AlgorithmIdentifier, AlgorithmIdentifier)
        do {
            guard let parameters = outer.algorithm.parameters else { throw malformed }
            (kdf, cipher) = try DER.sequence(parameters, identifier: .sequence) { nodes in
                (try AlgorithmIdentifier(from: &nodes), try AlgorithmIdentifier(from: &nodes))
            }
        } catch {
            throw malformed
        }
        guard kdf.oid == OID.pbkdf2 else { throw .unsupportedEncryption("PBES2 with \(name(of: kdf.oid))") }
        guard let keyByteCount = OID.aesCBCKeySizes[cipher.oid] else {
            throw .unsupportedEncryption("PBES2 with \(name(of: cipher.oid))")
        }
        let pbkdf2 = try PBKDF2Parameters(kdf.parameters)
        guard let hash = OID.pbkdf2Hashes[pbkdf2.prf] else {
            throw .unsupportedEncryption("PBES2 with PBKDF2 and \(name(of: pbkdf2.prf))")
        }
        guard pbkdf2.keyLength == nil || pbkdf2.keyLength == keyByteCount else { throw malformed }
        guard pbkdf2.iterations <= maximumIterations else {
            throw .unsupportedEncryption("PBKDF2 at \(pbkdf2.iterations) iterations (mactl stops at \(maximumIterations))")
        }
        guard !outer.ciphertext.isEmpty, outer.ciphertext.count % 16 == 0 else { throw malformed }
        guard let ivNode = cipher.parameters, let iv = try? ASN1OctetString(derEncoded: ivNode), iv.bytes.count == 16 else {
            throw malformed
        }
        return Scheme(
            salt: pbkdf2.salt, iterations: pbkdf2.iterations, hash: hash, keyByteCount: keyByteCount, iv: [UInt8](iv.bytes),
            ciphertext: outer.ciphertext)
    }

    static let malformed = SigningError.invalidKey("the ENCRYPTED PRIVATE KEY block is not a valid PKCS#8 encrypted key")

    struct AlgorithmIdentifier {
        var oid: ASN1ObjectIdentifier
        var parameters: ASN1Node?

        init(from nodes: inout ASN1NodeCollection.Iterator) throws {
            guard let node = nodes.next() else { throw ASN1Error.invalidASN1Object(reason: "missing AlgorithmIdentifier") }
            (oid, parameters) = try DER.sequence(node, identifier: .sequence) { fields in
                (try ASN1ObjectIdentifier(derEncoded: &fields), fields.next())
            }
        }
    }

    struct PBKDF2Parameters {
        var salt: [UInt8]
        var iterations: Int
        var keyLength: Int?
        /// hmacWithSHA1 when the field is absent, as OpenSSL writes it for SHA-1.
        var prf = OID.hmacWithSHA1

        init(_ node: ASN1Node?) throws(SigningError) {
            guard let node else { throw EncryptedPrivateKeyInfo.malformed }
            do {
                (salt, iterations, keyLength, prf) = try DER.sequence(node, identifier: .sequence) { nodes in
                    guard let saltNode = nodes.next() else { throw ASN1Error.invalidASN1Object(reason: "missing salt") }
                    guard saltNode.identifier == .octetString else {
                        throw SigningError.unsupportedEncryption("PBKDF2 with a salt from another source than the key file")
                    }
                    let salt = [UInt8](try ASN1OctetString(derEncoded: saltNode).bytes)
                    let iterations = try Int(derEncoded: &nodes)
                    var keyLength: Int?
                    var prf = OID.hmacWithSHA1
                    while let field = nodes.next() {
                        if field.identifier == .integer, keyLength == nil {
                            keyLength = try Int(derEncoded: field)
                        } else {
                            prf = try DER.sequence(field, identifier: .sequence) { parts in
                                let oid = try ASN1ObjectIdentifier(derEncoded: &parts)
                                _ = parts.next()  // NULL parameters, as OpenSSL writes them
                                return oid
                            }
                        }
                    }
                    return (salt, iterations, keyLength, prf)
                }
            } catch let error as SigningError {
                throw error
            } catch {
                throw EncryptedPrivateKeyInfo.malformed
            }
            guard iterations >= 1, !salt.isEmpty else { throw EncryptedPrivateKeyInfo.malformed }
        }
    }

    enum OID {
        static let pbes2: ASN1ObjectIdentifier = [1, 2, 840, 113_549, 1, 5, 13]
        static let pbkdf2: ASN1ObjectIdentifier = [1, 2, 840, 113_549, 1, 5, 12]
        static let hmacWithSHA1: ASN1ObjectIdentifier = [1, 2, 840, 113_549, 2, 7]

        static let pbkdf2Hashes: [ASN1ObjectIdentifier: KDF.Insecure.PBKDF2.HashFunction] = [
            hmacWithSHA1: .insecureSHA1,
            [1, 2, 840, 113_549, 2, 8]: .insecureSHA224,
            [1, 2, 840, 113_549, 2, 9]: .sha256,
            [1, 2, 840, 113_549, 2, 10]: .sha384,
            [1, 2, 840, 113_549, 2, 11]: .sha512,
        ]

        /// AES-CBC by key size in bytes.
        static let aesCBCKeySizes: [ASN1ObjectIdentifier: Int] = [
            [2, 16, 840, 1, 101, 3, 4, 1, 2]: 16,
            [2, 16, 840, 1, 101, 3, 4, 1, 22]: 24,
            [2, 16, 840, 1, 101, 3, 4, 1, 42]: 32,
        ]

        /// Schemes people meet in key files, named as OpenSSL names them.
        static let names: [ASN1ObjectIdentifier: String] = [
            [1, 2, 840, 113_549, 1, 5, 1]: "PBES1 (pbeWithMD2AndDES-CBC)",
            [1, 2, 840, 113_549, 1, 5, 3]: "PBES1 (pbeWithMD5AndDES-CBC)",
            [1, 2, 840, 113_549, 1, 5, 4]: "PBES1 (pbeWithMD2AndRC2-CBC)",
            [1, 2, 840, 113_549, 1, 5, 6]: "PBES1 (pbeWithMD5AndRC2-CBC)",
            [1, 2, 840, 113_549, 1, 5, 10]: "PBES1 (pbeWithSHA1AndDES-CBC)",
            [1, 2, 840, 113_549, 1, 5, 11]: "PBES1 (pbeWithSHA1AndRC2-CBC)",
            [1, 2, 840, 113_549, 1, 12, 1, 1]: "PKCS#12 PBE (pbeWithSHA1And128BitRC4)",
            [1, 2, 840, 113_549, 1, 12, 1, 2]: "PKCS#12 PBE (pbeWithSHA1And40BitRC4)",
            [1, 2, 840, 113_549, 1, 12, 1, 3]: "PKCS#12 PBE (pbeWithSHA1And3-KeyTripleDES-CBC)",
            [1, 2, 840, 113_549, 1, 12, 1, 4]: "PKCS#12 PBE (pbeWithSHA1And2-KeyTripleDES-CBC)",
            [1, 2, 840, 113_549, 1, 12, 1, 5]: "PKCS#12 PBE (pbeWithSHA1And128BitRC2-CBC)",
            [1, 2, 840, 113_549, 1, 12, 1, 6]: "PKCS#12 PBE (pbeWithSHA1And40BitRC2-CBC)",
            [1, 3, 6, 1, 4, 1, 11591, 4, 11]: "scrypt",
            [1, 2, 840, 113_549, 3, 7]: "DES-EDE3-CBC (3DES)",
            [1, 3, 14, 3, 2, 7]: "DES-CBC",
            [1, 2, 840, 113_549, 3, 2]: "RC2-CBC",
            [2, 16, 840, 1, 101, 3, 4, 1, 6]: "AES-128-GCM",
            [2, 16, 840, 1, 101, 3, 4, 1, 26]: "AES-192-GCM",
            [2, 16, 840, 1, 101, 3, 4, 1, 46]: "AES-256-GCM",
            [1, 2, 840, 113_549, 2, 5]: "HMAC-MD5",
        ]
    }

    static func name(of oid: ASN1ObjectIdentifier) -> String {
        OID.names[oid] ?? "an algorithm mactl does not know (OID \(oid))"
    }
}
