import Foundation
import Testing
@testable import MiniAppKit

/// Private keys in every form openssl writes them are found by content; certificates, public
/// keys and files that only look like the start of one are not.
struct PrivateKeyContentTests {
    private static func openssl(_ arguments: [String]) async throws -> [UInt8] {
        let output = SigningTests.folder.appendingPathComponent(UUID().uuidString)
        #expect(try await SigningTests.openssl(arguments + ["-out", output.path]) == 0, "\(arguments)")
        return try [UInt8](Data(contentsOf: output))
    }

    /// A key and its certificate, made once by the first test that awaits them.
    private static let made = Task<(ecKey: String, certificate: String), Never> {
        let ecKey = SigningTests.folder.appendingPathComponent("detector-ec.pem").path
        _ = try? await SigningTests.openssl(["ecparam", "-name", "prime256v1", "-genkey", "-noout", "-out", ecKey])
        let certificate = SigningTests.folder.appendingPathComponent("detector-ec.cert.pem").path
        _ = try? await SigningTests.openssl(["req", "-new", "-x509", "-key", ecKey, "-subj", "/CN=Test", "-days", "1", "-out", certificate])
        return (ecKey, certificate)
    }
    private static var ecKey: String { get async { await made.value.ecKey } }
    private static var certificate: String { get async { await made.value.certificate } }

    @Test func everyFormOfAKeyIsFound() async throws {
        let key = await Self.ecKey
        let forms: [(String, [String])] = [
            ("PEM 'EC PRIVATE KEY'", ["ec", "-in", key]),
            ("PEM 'PRIVATE KEY'", ["pkcs8", "-topk8", "-nocrypt", "-in", key]),
            ("PEM 'ENCRYPTED PRIVATE KEY'", ["pkcs8", "-topk8", "-in", key, "-passout", "pass:secret"]),
            ("DER SEC1 EC", ["ec", "-in", key, "-outform", "DER"]),
            ("DER PKCS #8", ["pkcs8", "-topk8", "-nocrypt", "-in", key, "-outform", "DER"]),
            ("DER encrypted PKCS #8", ["pkcs8", "-topk8", "-in", key, "-passout", "pass:secret", "-outform", "DER"]),
            ("PKCS #12", ["pkcs12", "-export", "-inkey", key, "-in", await Self.certificate, "-passout", "pass:secret"]),
        ]
        for (kind, arguments) in forms {
            let found = PrivateKeyContent.find(in: try await Self.openssl(arguments))
            #expect(found?.kind == kind, "\(arguments)")
        }
        let pem = try await Self.openssl(["ec", "-in", key])
        #expect(PrivateKeyContent.find(in: pem)?.range == 0..<30)
    }

    @Test func anRSAKeyInPKCS1PEMAndDERIsFound() async throws {
        let rsa = SigningTests.folder.appendingPathComponent("detector-rsa.pem").path
        #expect(try await SigningTests.openssl(["genrsa", "-traditional", "-out", rsa, "2048"]) == 0)
        #expect(PrivateKeyContent.find(in: try [UInt8](Data(contentsOf: URL(fileURLWithPath: rsa))))?.kind == "PEM 'RSA PRIVATE KEY'")
        #expect(
            PrivateKeyContent.find(in: try await Self.openssl(["rsa", "-in", rsa, "-outform", "DER", "-traditional"]))?.kind
                == "DER PKCS #1 RSA")
    }

    @Test func certificatesAndPublicKeysAreNotSecrets() async throws {
        #expect(PrivateKeyContent.find(in: try [UInt8](Data(contentsOf: URL(fileURLWithPath: await Self.certificate)))) == nil)
        #expect(PrivateKeyContent.find(in: try await Self.openssl(["x509", "-in", await Self.certificate, "-outform", "DER"])) == nil)
        #expect(PrivateKeyContent.find(in: try await Self.openssl(["ec", "-in", await Self.ecKey, "-pubout"])) == nil)
        #expect(PrivateKeyContent.find(in: try await Self.openssl(["ec", "-in", await Self.ecKey, "-pubout", "-outform", "DER"])) == nil)
    }

    @Test func textThatOnlyNamesAKeyIsNotOne() {
        for text in [
            "Keys start with -----BEGIN PRIVATE KEY----- and end with -----END PRIVATE KEY-----.\n",
            "-----BEGIN PRIVATE KEY-----\n\n",
            "-----BEGIN PRIVATE KEY-----\n...\n",
            "-----BEGIN CERTIFICATE-----\nMIIBfzCCASWgAwIBAgIUAAAAAAAAAAAAAAAAAAAAAAAAAAAwCgYIKoZIzj0EAwIw\n",
            "0,1,2,3\n4,5,6,7\n",
        ] {
            #expect(PrivateKeyContent.find(in: Array(text.utf8)) == nil, "\(text)")
        }
        // A key in a JavaScript string: the line break is written `\n`.
        let pasted = Array("const k = \"-----BEGIN EC PRIVATE KEY-----\\nMHcCAQEEIA0AAAAAAAAAAAAAAAAAAAAA\\n\";".utf8)
        #expect(PrivateKeyContent.find(in: pasted) == PrivateKeyContent(kind: "PEM 'EC PRIVATE KEY'", range: 11..<41))
        // Legacy encrypted PEM starts with headers.
        let legacy = Array("-----BEGIN RSA PRIVATE KEY-----\r\nProc-Type: 4,ENCRYPTED\r\nDEK-Info: AES-128-CBC,00\r\n".utf8)
        #expect(PrivateKeyContent.find(in: legacy)?.kind == "PEM 'RSA PRIVATE KEY'")
    }

    /// Binary files that begin like a DER SEQUENCE but are not keys: a SEQUENCE of the wrong
    /// shape, and a length that does not match the file.
    @Test func binaryNearMissesAreNotKeys() {
        #expect(PrivateKeyContent.find(in: [0x30, 0x06, 0x02, 0x01, 0x05, 0x02, 0x01, 0x07]) == nil)
        // PKCS #8's shape, but no algorithm in its SEQUENCE; then the same with bytes after it.
        #expect(PrivateKeyContent.find(in: [0x30, 0x07, 0x02, 0x01, 0x00, 0x30, 0x00, 0x04, 0x00]) == nil)
        let pkcs8: [UInt8] = [0x30, 0x0A, 0x02, 0x01, 0x00, 0x30, 0x03, 0x06, 0x01, 0x2A, 0x04, 0x00]
        #expect(PrivateKeyContent.find(in: pkcs8)?.kind == "DER PKCS #8")
        #expect(PrivateKeyContent.find(in: pkcs8 + [0x00, 0x00]) == nil)
        // A PFX needs version 3 and a PKCS #7 ContentInfo; this has the wrong object identifier.
        let notPFX: [UInt8] = [0x30, 0x10, 0x02, 0x01, 0x03, 0x30, 0x0B, 0x06, 0x09, 0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x09, 0x01]
        #expect(PrivateKeyContent.find(in: notPFX) == nil)
        var pfx = notPFX
        pfx[16] = 0x07
        pfx[17] = 0x01
        #expect(PrivateKeyContent.find(in: pfx)?.kind == "PKCS #12")
    }
}
