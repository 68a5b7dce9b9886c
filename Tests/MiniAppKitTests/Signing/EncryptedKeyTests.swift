import Foundation
import Testing
@testable import MiniAppKit

/// PKCS#8 encrypted keys as openssl writes them, decrypted in-process.
struct EncryptedKeyTests {
    static let passphrase = "correct horse battery staple"

    /// A P-256 key, and the same key encrypted with every PRF and AES size mactl reads.
    /// Made once, by the first test that awaits it.
    static let keys = Task<(plain: SigningKey, encrypted: [String: String])?, Never> {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/openssl") else { return nil }
        do {
            try await SigningTests.openssl(["ecparam", "-name", "prime256v1", "-genkey", "-noout", "-out", "encrypted-source.pem"])
            var encrypted: [String: String] = [:]
            for prf in ["hmacWithSHA1", "hmacWithSHA224", "hmacWithSHA256", "hmacWithSHA384", "hmacWithSHA512"] {
                for cipher in ["aes-128-cbc", "aes-192-cbc", "aes-256-cbc"] {
                    let name = "encrypted-\(prf)-\(cipher).pem"
                    guard
                        try await SigningTests.openssl(
                            [
                                "pkcs8", "-topk8", "-v2", cipher, "-v2prf", prf, "-in", "encrypted-source.pem", "-out", name, "-passout",
                                "pass:\(passphrase)",
                            ]) == 0
                    else { return nil }
                    encrypted["\(prf) \(cipher)"] = try SigningTests.pem(name)
                }
            }
            return (try SigningKey.load(pem: SigningTests.pem("encrypted-source.pem")), encrypted)
        } catch {
            return nil
        }
    }

    @Test func everyPRFAndAESKeySizeDecryptsToTheSameKey() async throws {
        let keys = try #require(await Self.keys.value)
        #expect(keys.encrypted.count == 15)
        for (scheme, pem) in keys.encrypted.sorted(by: { $0.key < $1.key }) {
            let key = try SigningKey.load(pem: pem, passphrase: Array(Self.passphrase.utf8))
            #expect(key.publicKeyDER == keys.plain.publicKeyDER, "\(scheme)")
        }
    }

    /// About one wrong passphrase in 256 leaves valid padding; those must read as a wrong
    /// passphrase too, not as a damaged key.
    @Test func everyWrongPassphraseIsAWrongPassphrase() async throws {
        let keys = try #require(await Self.keys.value)
        let pem = try #require(keys.encrypted["hmacWithSHA256 aes-128-cbc"])
        for attempt in 0..<600 {
            #expect(throws: SigningError.wrongPassphrase) { try SigningKey.load(pem: pem, passphrase: Array("guess \(attempt)".utf8)) }
        }
        #expect(throws: SigningError.passphraseNeeded) { try SigningKey.load(pem: pem) }
    }

    /// DER written by hand: the parts mactl refuses without trying to decrypt.
    @Test func malformedAndOutOfBoundsSchemesAreRefusedBeforeDecrypting() throws {
        func tlv(_ tag: UInt8, _ content: [UInt8]) -> [UInt8] {
            precondition(content.count < 128)
            return [tag, UInt8(content.count)] + content
        }
        let pbes2: [UInt8] = [0x06, 0x09, 0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x05, 0x0D]
        let pbkdf2: [UInt8] = [0x06, 0x09, 0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x05, 0x0C]
        let aes256: [UInt8] = [0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x01, 0x2A]
        func key(iterations: [UInt8], ivLength: Int = 16, ciphertextLength: Int = 32) -> String {
            let kdf = tlv(0x30, pbkdf2 + tlv(0x30, tlv(0x04, Array(repeating: 1, count: 8)) + tlv(0x02, iterations)))
            let cipher = tlv(0x30, aes256 + tlv(0x04, Array(repeating: 2, count: ivLength)))
            let der = tlv(0x30, tlv(0x30, pbes2 + tlv(0x30, kdf + cipher)) + tlv(0x04, Array(repeating: 3, count: ciphertextLength)))
            return "-----BEGIN ENCRYPTED PRIVATE KEY-----\n\(Data(der).base64EncodedString())\n-----END ENCRYPTED PRIVATE KEY-----\n"
        }
        let passphrase = Array("x".utf8)
        // 20,000,000 rounds: refused before minutes of PBKDF2.
        #expect(throws: SigningError.unsupportedEncryption("PBKDF2 at 20000000 iterations (mactl stops at 10000000)")) {
            try SigningKey.load(pem: key(iterations: [0x01, 0x31, 0x2D, 0x00]), passphrase: passphrase)
        }
        // Well formed, so only decrypting can tell: the passphrase is wrong.
        #expect(throws: SigningError.wrongPassphrase) { try SigningKey.load(pem: key(iterations: [0x08, 0x00]), passphrase: passphrase) }
        for malformed in [
            key(iterations: [0x00]), key(iterations: [0x08, 0x00], ivLength: 8), key(iterations: [0x08, 0x00], ciphertextLength: 20),
        ] {
            #expect(throws: EncryptedPrivateKeyInfo.malformed) { try SigningKey.load(pem: malformed, passphrase: passphrase) }
        }
        #expect(throws: EncryptedPrivateKeyInfo.malformed) {
            try SigningKey.load(
                pem: "-----BEGIN ENCRYPTED PRIVATE KEY-----\nMIIB\n-----END ENCRYPTED PRIVATE KEY-----\n", passphrase: passphrase)
        }
    }
}
