import Crypto
import _CryptoExtras
import Foundation

/// A private key that can sign a package in the RPK scheme: EC P-256 (algorithm 0x0201,
/// ECDSA with SHA-256, DER signature) or RSA of 2048 bits or more (0x0103, RSASSA-PKCS1-v1_5
/// with SHA-256, which is deterministic).
public enum SigningKey: Sendable {
    case p256(P256.Signing.PrivateKey)
    case rsa(_RSA.Signing.PrivateKey)

    public static let minimumRSABits = 2048

    /// Reads a PEM private key: SEC1 `EC PRIVATE KEY`, PKCS#1 `RSA PRIVATE KEY`, PKCS#8
    /// `PRIVATE KEY`, or PKCS#8 `ENCRYPTED PRIVATE KEY` (PBES2 with PBKDF2 and AES-CBC) with
    /// its `passphrase`. Other encryptions, other curves, Ed25519, DSA and short RSA keys are
    /// refused with what to do instead.
    public static func load(pem text: String, passphrase: [UInt8]? = nil) throws(SigningError) -> SigningKey {
        if text.contains("Proc-Type: 4,ENCRYPTED") {
            // OpenSSL's own older format: the key derived from the passphrase by one MD5 round.
            let dekInfo = text.split(whereSeparator: \.isNewline).first { $0.hasPrefix("DEK-Info:") }
            let cipher = dekInfo?.dropFirst("DEK-Info:".count).split(separator: ",").first?.trimmingCharacters(in: .whitespaces)
            throw .unsupportedEncryption("OpenSSL's legacy PEM encryption" + (cipher.map { " (\($0))" } ?? ""))
        }
        let blocks = PEMBlock.parse(text)
        if let encrypted = blocks.first(where: { $0.label == "ENCRYPTED PRIVATE KEY" }) {
            // Which scheme comes first: a key mactl cannot decrypt is refused before asking
            // for a passphrase that would not help.
            _ = try EncryptedPrivateKeyInfo.parse(encrypted.der)
            guard let passphrase else { throw .passphraseNeeded }
            return try load(
                PEMBlock(label: "PRIVATE KEY", der: try EncryptedPrivateKeyInfo.decrypt(der: encrypted.der, passphrase: passphrase)))
        }
        guard let block = blocks.first(where: { $0.label.hasSuffix("PRIVATE KEY") }) else {
            throw .invalidKey(
                blocks.isEmpty
                    ? "the key file is not PEM (no '-----BEGIN ... PRIVATE KEY-----' block)" : "the PEM file holds no private key")
        }
        return try load(block)
    }

    private static func load(_ block: PEMBlock) throws(SigningError) -> SigningKey {
        switch block.label {
        case "EC PRIVATE KEY":
            guard let key = try? P256.Signing.PrivateKey(derRepresentation: block.der) else {
                throw .invalidKey("the EC key is not on the P-256 curve; the RPK scheme signs with P-256 (algorithm 0x0201)")
            }
            return .p256(key)
        case "RSA PRIVATE KEY":
            return try rsa(block)
        case "PRIVATE KEY":
            if let key = try? P256.Signing.PrivateKey(derRepresentation: block.der) { return .p256(key) }
            if block.der.containsSequence([0x06, 0x03, 0x2B, 0x65, 0x70]) {
                throw .invalidKey(
                    "Ed25519 keys cannot sign a MiniApp package: the RPK scheme has no algorithm id for them; use an EC P-256 or RSA key")
            }
            if block.der.containsSequence([0x06, 0x07, 0x2A, 0x86, 0x48, 0xCE, 0x38, 0x04, 0x01]) {
                throw .invalidKey(
                    "DSA keys cannot sign a MiniApp package: the RPK scheme has no algorithm id for them; use an EC P-256 or RSA key")
            }
            if block.der.containsSequence([0x06, 0x07, 0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x02, 0x01]) {
                throw .invalidKey("the EC key is not on the P-256 curve; the RPK scheme signs with P-256 (algorithm 0x0201)")
            }
            return try rsa(block)
        case "DSA PRIVATE KEY":
            throw .invalidKey(
                "DSA keys cannot sign a MiniApp package: the RPK scheme has no algorithm id for them; use an EC P-256 or RSA key")
        default:
            throw .invalidKey("unsupported key type '\(block.label)'")
        }
    }

    private static func rsa(_ block: PEMBlock) throws(SigningError) -> SigningKey {
        // _CryptoExtras refuses keys under 1024 bits itself; mactl's floor is 2048.
        let key: _RSA.Signing.PrivateKey
        do {
            key = try _RSA.Signing.PrivateKey(unsafeDERRepresentation: block.der)
        } catch {
            throw .invalidKey("the key cannot be read as an RSA key")
        }
        guard key.keySizeInBits >= minimumRSABits else {
            throw .invalidKey("the RSA key has \(key.keySizeInBits) bits; the RPK scheme needs at least \(minimumRSABits)")
        }
        return .rsa(key)
    }

    /// The RPK signature algorithm id.
    public var algorithmID: UInt32 {
        switch self {
        case .p256: 0x0201
        case .rsa: 0x0103
        }
    }

    public var algorithmName: String {
        switch self {
        case .p256: "ECDSA P-256 with SHA-256 (0x0201)"
        case .rsa(let key): "RSA \(key.keySizeInBits) PKCS#1 v1.5 with SHA-256 (0x0103)"
        }
    }

    /// The public key as SubjectPublicKeyInfo DER, as the signer block carries it.
    public var publicKeyDER: [UInt8] {
        switch self {
        case .p256(let key): [UInt8](key.publicKey.derRepresentation)
        case .rsa(let key): [UInt8](key.publicKey.derRepresentation)
        }
    }

    public func sign(_ bytes: [UInt8]) throws(SigningError) -> [UInt8] {
        do {
            switch self {
            // The low-s form: the only one `verify` accepts (ECDSALowS).
            case .p256(let key): return [UInt8](try ECDSALowS.normalized(key.signature(for: bytes)).derRepresentation)
            case .rsa(let key): return [UInt8](try key.signature(for: bytes, padding: .insecurePKCS1v1_5).rawRepresentation)
            }
        } catch {
            throw .signingFailed("the signature could not be made: \(error)")
        }
    }
}

/// Why signing or verifying could not go on: a usage problem (exit 2) or a bad key.
public enum SigningError: Error, Sendable, Equatable {
    case usage(String)
    case invalidKey(String)
    case invalidCertificate(String)
    case signingFailed(String)
    /// The key is encrypted and no passphrase was given.
    case passphraseNeeded
    /// The passphrase does not decrypt the key.
    case wrongPassphrase
    /// The key is encrypted with this scheme, which mactl does not decrypt.
    case unsupportedEncryption(String)

    public var message: String {
        switch self {
        case .usage(let message), .invalidKey(let message), .invalidCertificate(let message), .signingFailed(let message): message
        case .passphraseNeeded: "the key is encrypted and no passphrase was given"
        case .wrongPassphrase: "wrong passphrase"
        case .unsupportedEncryption(let scheme):
            "the key is encrypted with \(scheme), which mactl cannot decrypt (it reads PKCS#8 PBES2 with PBKDF2 and AES-CBC)"
        }
    }
}

/// One `-----BEGIN X-----` block of a PEM file. A file may hold several (`EC PARAMETERS`
/// before the key, as `openssl ecparam -genkey` writes it).
struct PEMBlock {
    var label: String
    var der: [UInt8]

    static func parse(_ text: String) -> [PEMBlock] {
        var blocks: [PEMBlock] = []
        var label: String?
        var body = ""
        for line in text.split(omittingEmptySubsequences: true, whereSeparator: \.isNewline).map({ $0.trimmingCharacters(in: .whitespaces) }
        ) {
            if line.hasPrefix("-----BEGIN "), line.hasSuffix("-----") {
                label = String(line.dropFirst(11).dropLast(5))
                body = ""
            } else if line.hasPrefix("-----END "), let current = label {
                if let der = Data(base64Encoded: body) { blocks.append(PEMBlock(label: current, der: [UInt8](der))) }
                label = nil
            } else if label != nil, !line.contains(":") {
                body += line
            }
        }
        return blocks
    }
}

extension Array where Element == UInt8 {
    func containsSequence(_ needle: [UInt8]) -> Bool {
        guard needle.count <= count else { return false }
        for start in 0...(count - needle.count) where self[start..<(start + needle.count)].elementsEqual(needle) { return true }
        return false
    }
}
