import Foundation
import MiniAppKitTestProcess
import Testing

/// Signing as CI and a new author meet it: encrypted keys with `--key-pass`, `keygen
/// --subject`, the certificate beside the key, and every message for a key or certificate
/// that cannot be used. Keys are made by the real `openssl` (scripts/setup.sh installs it).
struct SigningCommandTests {
    static let passphrase = "correct horse battery staple"

    /// Runs openssl in `folder`; its output is not wanted, only that it worked.
    static func openssl(_ arguments: [String], in folder: URL) async throws {
        let result = try await TestProcess.run(URL(fileURLWithPath: "/usr/bin/openssl"), arguments, in: folder)
        try #require(
            result.status == 0, "openssl \(arguments.joined(separator: " ")): \(result.standardOutput)\(result.standardError)")
    }

    /// What openssl prints, for reading a certificate back.
    static func opensslOutput(_ arguments: [String], in folder: URL) async throws -> String {
        try await TestProcess.run(URL(fileURLWithPath: "/usr/bin/openssl"), arguments, in: folder).standardOutput
    }

    /// A blank app in `folder/app` (app id com.example.app).
    static func makeApp(in folder: URL) async throws {
        let created = try await CLIRunner.run(["new", "app", "--template", "blank"], in: folder)
        try #require(created.status == 0, "\(created.standardError)")
    }

    /// A plain key of `kind` ("EC" or "RSA") at `name`, and its public key at `<stem>.pub.pem`.
    static func plainKey(_ kind: String, _ name: String, in folder: URL) async throws {
        let options = kind == "EC" ? ["-pkeyopt", "ec_paramgen_curve:P-256"] : ["-pkeyopt", "rsa_keygen_bits:2048"]
        try await openssl(["genpkey", "-algorithm", kind] + options + ["-out", name], in: folder)
        try await openssl(["pkey", "-in", name, "-pubout", "-out", name.replacingOccurrences(of: ".pem", with: ".pub.pem")], in: folder)
    }

    // MARK: - Encrypted keys

    struct EncryptedKey: CustomTestStringConvertible, Sendable {
        var kind: String
        var prf: String
        var cipher: String
        var testDescription: String { "\(kind) \(prf) \(cipher)" }
    }

    @Test(arguments: [
        EncryptedKey(kind: "EC", prf: "hmacWithSHA256", cipher: "aes-256-cbc"),
        EncryptedKey(kind: "EC", prf: "hmacWithSHA1", cipher: "aes-128-cbc"),
        EncryptedKey(kind: "RSA", prf: "hmacWithSHA256", cipher: "aes-128-cbc"),
        EncryptedKey(kind: "RSA", prf: "hmacWithSHA1", cipher: "aes-256-cbc"),
        EncryptedKey(kind: "EC", prf: "hmacWithSHA512", cipher: "aes-192-cbc"),
    ])
    func anEncryptedKeySignsWithThePassphraseFromTheEnvironmentOrAFile(_ encrypted: EncryptedKey) async throws {
        try await CLIRunner.withTemporaryFolder { folder in
            try await Self.makeApp(in: folder)
            try await Self.plainKey(encrypted.kind, "plain.pem", in: folder)
            try await Self.openssl(
                [
                    "pkcs8", "-topk8", "-v2", encrypted.cipher, "-v2prf", encrypted.prf, "-in", "plain.pem", "-out", "key.pem", "-passout",
                    "pass:\(Self.passphrase)",
                ],
                in: folder)
            #expect(
                try String(contentsOf: folder.appendingPathComponent("key.pem"), encoding: .utf8).hasPrefix(
                    "-----BEGIN ENCRYPTED PRIVATE KEY-----\n"))
            let algorithm = encrypted.kind == "EC" ? "ECDSA P-256 with SHA-256 (0x0201)" : "RSA 2048 PKCS#1 v1.5 with SHA-256 (0x0103)"
            let fromEnvironment = try await CLIRunner.run(
                ["pack", "app", "--sign", "key.pem", "--key-pass", "env:MACTL_TEST_KEY_PASS", "-o", "env.ma"], in: folder,
                environment: ["MACTL_TEST_KEY_PASS": Self.passphrase])
            #expect(fromEnvironment.status == 0, "\(fromEnvironment.standardError)")
            #expect(
                fromEnvironment.standardOutput.hasSuffix(
                    "\nsigned with key.pem: \(algorithm); self-signed certificate, subject CN=com.example.app\n"))
            // The first line of the file, without its line ending (here a Windows one).
            try Data("\(Self.passphrase)\r\nnot part of it\n".utf8).write(to: folder.appendingPathComponent("pass.txt"))
            let fromFile = try await CLIRunner.run(
                ["pack", "app", "--sign", "key.pem", "--key-pass", "file:pass.txt", "-o", "file.ma"], in: folder)
            #expect(fromFile.status == 0, "\(fromFile.standardError)")
            for package in ["env.ma", "file.ma"] {
                let verify = try await CLIRunner.run(["verify", package, "--key", "plain.pub.pem", "--require-signature"], in: folder)
                #expect(verify.status == 0, "\(verify.standardOutput)")
                let id = encrypted.kind == "EC" ? "0x0201" : "0x0103"
                #expect(verify.standardOutput.contains("\nsignature: valid, algorithm \(id), signed by CN=com.example.app, key sha256 "))
                #expect(verify.standardOutput.contains(", the expected key (certificate sha256 "))
            }
        }
    }

    @Test func aKeyEncryptedByGenpkeyAES256Signs() async throws {
        try await CLIRunner.withTemporaryFolder { folder in
            try await Self.makeApp(in: folder)
            try await Self.openssl(
                [
                    "genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256", "-aes256", "-pass", "pass:\(Self.passphrase)",
                    "-out", "key.pem",
                ],
                in: folder)
            let pack = try await CLIRunner.run(
                ["pack", "app", "--sign", "key.pem", "--key-pass", "env:KEY_PASS", "-o", "app.ma"], in: folder,
                environment: ["KEY_PASS": Self.passphrase])
            #expect(pack.status == 0, "\(pack.standardError)")
            #expect(try await CLIRunner.run(["verify", "app.ma", "--require-signature"], in: folder).status == 0)
        }
    }

    @Test func passphraseProblemsAreOneLineWithTheNextStep() async throws {
        try await CLIRunner.withTemporaryFolder { folder in
            try await Self.makeApp(in: folder)
            try await Self.plainKey("EC", "plain.pem", in: folder)
            try await Self.openssl(
                ["pkcs8", "-topk8", "-v2", "aes-256-cbc", "-in", "plain.pem", "-out", "key.pem", "-passout", "pass:\(Self.passphrase)"],
                in: folder)
            try Data("\n".utf8).write(to: folder.appendingPathComponent("empty.txt"))
            try Data("wrong\n".utf8).write(to: folder.appendingPathComponent("wrong.txt"))
            func failure(_ extra: [String], environment: [String: String] = [:]) async throws -> String {
                let result = try await CLIRunner.run(
                    ["pack", "app", "--sign", "key.pem", "-o", "app.ma"] + extra, in: folder, environment: environment)
                #expect(result.status == 2)
                #expect(result.standardOutput == "")
                #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("app.ma").path))
                return result.standardError
            }
            #expect(
                try await failure([])
                    == "error: 'key.pem': the key is encrypted; give its passphrase with --key-pass env:VAR or --key-pass file:PATH\n")
            #expect(
                try await failure(["--key-pass", "env:KEY_PASS"], environment: ["KEY_PASS": "wrong"])
                    == "error: wrong passphrase for 'key.pem' (from --key-pass env:KEY_PASS)\n")
            #expect(
                try await failure(["--key-pass", "file:wrong.txt"])
                    == "error: wrong passphrase for 'key.pem' (from --key-pass file:wrong.txt)\n")
            #expect(
                try await failure(["--key-pass", "env:MACTL_TEST_UNSET_PASS"])
                    == "error: --key-pass env:MACTL_TEST_UNSET_PASS: the environment variable MACTL_TEST_UNSET_PASS is not set; set it to the key's passphrase (in CI, from a secret)\n"
            )
            #expect(
                try await failure(["--key-pass", "env:KEY_PASS"], environment: ["KEY_PASS": ""])
                    == "error: --key-pass env:KEY_PASS: the environment variable KEY_PASS is empty; set it to the key's passphrase (in CI, a secret that is not defined reads as empty)\n"
            )
            #expect(
                try await failure(["--key-pass", "file:missing.txt"])
                    == "error: cannot read the passphrase file 'missing.txt': there is no such file\n")
            #expect(
                try await failure(["--key-pass", "file:empty.txt"])
                    == "error: --key-pass file:empty.txt: the first line of 'empty.txt' is empty; write the key's passphrase on it\n")
            #expect(try await failure(["--key-pass", "env:"]) == "error: --key-pass env: names no variable; write --key-pass env:VAR\n")
            // A passphrase on the command line is refused, and not repeated in the message.
            let literal =
                "error: --key-pass takes env:VAR or file:PATH, not the passphrase itself: a command line is visible to other users in 'ps' "
                + "and stays in the shell history; put the passphrase in an environment variable or in a file only you can read\n"
            #expect(try await failure(["--key-pass", Self.passphrase]) == literal)
            #expect(try await failure(["--key-pass", "pass:\(Self.passphrase)"]) == literal)
            let withoutKey = try await CLIRunner.run(["pack", "app", "--key-pass", "env:KEY_PASS", "-o", "app.ma"], in: folder)
            #expect(withoutKey.status == 2)
            #expect(withoutKey.standardError.hasPrefix("Error: --key-pass needs --sign with the encrypted key\n"))
            let certificateWithoutKey = try await CLIRunner.run(["pack", "app", "--cert", "key.cert.pem", "-o", "app.ma"], in: folder)
            #expect(certificateWithoutKey.status == 2)
            #expect(certificateWithoutKey.standardError.hasPrefix("Error: --cert needs --sign with the certificate's private key\n"))
        }
    }

    struct Unsupported: CustomTestStringConvertible, Sendable {
        var arguments: [String]
        var scheme: String
        var testDescription: String { scheme }
    }

    @Test(arguments: [
        Unsupported(
            arguments: ["pkcs8", "-topk8", "-v1", "PBE-SHA1-3DES"],
            scheme: "PKCS#12 PBE (pbeWithSHA1And3-KeyTripleDES-CBC)"),
        Unsupported(arguments: ["pkcs8", "-topk8", "-v2", "des3"], scheme: "PBES2 with DES-EDE3-CBC (3DES)"),
        Unsupported(arguments: ["pkcs8", "-topk8", "-scrypt"], scheme: "PBES2 with scrypt"),
        Unsupported(arguments: ["ec", "-aes256"], scheme: "OpenSSL's legacy PEM encryption (AES-256-CBC)"),
    ])
    func anUnsupportedEncryptionIsNamedWithTheCommandThatReEncryptsIt(_ unsupported: Unsupported) async throws {
        try await CLIRunner.withTemporaryFolder { folder in
            try await Self.makeApp(in: folder)
            try await Self.plainKey("EC", "plain.pem", in: folder)
            try await Self.openssl(
                unsupported.arguments + ["-in", "plain.pem", "-out", "old.pem", "-passout", "pass:\(Self.passphrase)"], in: folder)
            let environment = ["KEY_PASS": Self.passphrase]
            let refused = try await CLIRunner.run(
                ["pack", "app", "--sign", "old.pem", "--key-pass", "env:KEY_PASS", "-o", "app.ma"], in: folder, environment: environment)
            #expect(refused.status == 2)
            #expect(
                refused.standardError
                    == "error: 'old.pem': the key is encrypted with \(unsupported.scheme), which mactl cannot decrypt (it reads PKCS#8 PBES2 with PBKDF2 "
                    + "and AES-CBC); re-encrypt it with AES-256-CBC: openssl pkcs8 -topk8 -v2 aes-256-cbc -in old.pem -out old-aes256.pem\n"
            )
            // The command given works (here with the passphrases it would ask for).
            try await Self.openssl(
                [
                    "pkcs8", "-topk8", "-v2", "aes-256-cbc", "-in", "old.pem", "-out", "old-aes256.pem", "-passin",
                    "pass:\(Self.passphrase)",
                    "-passout", "pass:\(Self.passphrase)",
                ], in: folder)
            let pack = try await CLIRunner.run(
                ["pack", "app", "--sign", "old-aes256.pem", "--key-pass", "env:KEY_PASS", "-o", "app.ma"], in: folder,
                environment: environment)
            #expect(pack.status == 0, "\(pack.standardError)")
        }
    }

    // MARK: - keygen --subject and the certificate beside the key

    @Test func keygenWritesTheDistinguishedNameAskedForAndPackUsesItsCertificate() async throws {
        try await CLIRunner.withTemporaryFolder { folder in
            try await Self.makeApp(in: folder)
            let keygen = try await CLIRunner.run(["keygen", "acme.pem", "--subject", "CN=Acme Ltd,O=Acme"], in: folder)
            #expect(keygen.status == 0)
            #expect(
                keygen.standardOutput
                    == "wrote acme.pem (EC P-256, mode 0600) and acme.cert.pem (subject CN=Acme Ltd,O=Acme)\nsign with: mactl pack --sign acme.pem\n"
            )
            #expect(
                try await Self.opensslOutput(["x509", "-in", "acme.cert.pem", "-noout", "-subject", "-nameopt", "RFC2253"], in: folder)
                    == "subject=CN=Acme Ltd,O=Acme\n")
            // In the certificate the organization comes first, as in every CA's certificates.
            #expect(
                try await Self.opensslOutput(["x509", "-in", "acme.cert.pem", "-noout", "-subject"], in: folder)
                    == "subject=O = Acme, CN = Acme Ltd\n")
            let pack = try await CLIRunner.run(["pack", "app", "--sign", "acme.pem", "-o", "app.ma"], in: folder)
            #expect(pack.status == 0, "\(pack.standardError)")
            #expect(
                pack.standardOutput.hasSuffix(
                    "\nsigned with acme.pem: ECDSA P-256 with SHA-256 (0x0201); certificate acme.cert.pem (beside the key), subject CN=Acme Ltd,O=Acme\n"
                ))
            let verify = try await CLIRunner.run(["verify", "app.ma", "--cert", "acme.cert.pem"], in: folder)
            #expect(verify.status == 0)
            #expect(verify.standardOutput.contains("\nsignature: valid, algorithm 0x0201, signed by CN=Acme Ltd,O=Acme, key sha256 "))
            let inspect = try await CLIRunner.run(["inspect", "app.ma"], in: folder)
            #expect(inspect.standardOutput.contains("signer CN=Acme Ltd,O=Acme, key sha256 "))
            // --cert names it explicitly: the same certificate, said so.
            let explicit = try await CLIRunner.run(
                ["pack", "app", "--sign", "acme.pem", "--cert", "acme.cert.pem", "-o", "explicit.ma"], in: folder)
            #expect(
                explicit.standardOutput.hasSuffix(
                    "\nsigned with acme.pem: ECDSA P-256 with SHA-256 (0x0201); certificate acme.cert.pem, subject CN=Acme Ltd,O=Acme\n"))
        }
    }

    @Test func subjectsWithEscapesAndPlainNames() async throws {
        try await CLIRunner.withTemporaryFolder { folder in
            let cases: [(subject: String, openssl: String, shown: String)] = [
                // One part of two attributes: mactl shows them in the order the certificate
                // holds them (a DER set, sorted), openssl's RFC 2253 view the other way round.
                (
                    #"CN=Acme\, Inc.,OU=Mobile+L=Berlin,O=Acme,C=de"#, #"CN=Acme\, Inc.,OU=Mobile+L=Berlin,O=Acme,C=DE"#,
                    #"CN=Acme\, Inc.,L=Berlin+OU=Mobile,O=Acme,C=DE"#
                ),
                ("cn=Ops, emailAddress=ops@acme.example", "CN=Ops,emailAddress=ops@acme.example", "CN=Ops,E=ops@acme.example"),
                (##"CN=Caf\C3\A9 \#1"##, "CN=Café #1", "CN=Café #1"),
                ("Acme, Inc", #"CN=Acme\, Inc"#, #"CN=Acme\, Inc"#),
            ]
            for (index, item) in cases.enumerated() {
                let keygen = try await CLIRunner.run(["keygen", "k\(index).pem", "--subject", item.subject], in: folder)
                #expect(keygen.status == 0, "\(keygen.standardError)")
                #expect(
                    keygen.standardOutput.hasPrefix(
                        "wrote k\(index).pem (EC P-256, mode 0600) and k\(index).cert.pem (subject \(item.shown))\n"))
                let subject = try await Self.opensslOutput(
                    ["x509", "-in", "k\(index).cert.pem", "-noout", "-subject", "-nameopt", "RFC2253,-esc_msb"], in: folder)
                #expect(subject == "subject=\(item.openssl)\n")
            }
        }
    }

    @Test func aBadSubjectIsRefusedBeforeAnythingIsWritten() async throws {
        try await CLIRunner.withTemporaryFolder { folder in
            let cases: [(String, String)] = [
                ("CN=Acme,Foo", "'Foo' is not TYPE=value; write CN=Acme Ltd,O=Acme, with \\, for a comma inside a value"),
                (
                    "CN=Acme,Q=x",
                    "unknown attribute type 'Q' in 'Q=x'; use CN, O, OU, C, ST, L, STREET, DC, UID, emailAddress or a dotted OID"
                ),
                ("CN=Acme,C=Germany", "'C=Germany': C takes a two-letter country code, such as C=DE"),
                ("CN=", "'CN=' has an empty value"),
                ("CN=a,,O=b", "the subject has an empty part (two commas in a row, or one at an end); write CN=Acme Ltd,O=Acme"),
                (#"CN=a\q"#, #"'CN=a\q': a backslash must come before one of , + " \ < > ; = # or a space, or two hex digits"#),
                ("CN=#0403", "'CN=#0403': values in hex (#...) are not supported; write the value as text, or \\# for a leading #"),
                ("emailAddress=né@example.org", "'emailAddress=né@example.org' must be ASCII"),
                (" ", "the subject is empty; give a name (MiniApp) or a distinguished name (CN=Acme Ltd,O=Acme)"),
            ]
            for (subject, message) in cases {
                let result = try await CLIRunner.run(["keygen", "k.pem", "--subject", subject], in: folder)
                #expect(result.status == 2)
                #expect(result.standardError == "error: --subject '\(subject)': \(message)\n")
                #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("k.pem").path))
            }
        }
    }

    @Test func packFallsBackToASelfSignedCertificateAndRefusesAnotherKeysCertificateBesideTheKey() async throws {
        try await CLIRunner.withTemporaryFolder { folder in
            try await Self.makeApp(in: folder)
            #expect(try await CLIRunner.run(["keygen", "key.pem"], in: folder).status == 0)
            #expect(try await CLIRunner.run(["keygen", "other.pem"], in: folder).status == 0)
            let beside = folder.appendingPathComponent("key.cert.pem")
            try FileManager.default.removeItem(at: beside)
            let selfSigned = try await CLIRunner.run(["pack", "app", "--sign", "key.pem", "-o", "app.ma"], in: folder)
            #expect(selfSigned.status == 0)
            #expect(
                selfSigned.standardOutput.hasSuffix(
                    "\nsigned with key.pem: ECDSA P-256 with SHA-256 (0x0201); self-signed certificate, subject CN=com.example.app\n"))
            try FileManager.default.copyItem(at: folder.appendingPathComponent("other.cert.pem"), to: beside)
            let mismatch = try await CLIRunner.run(["pack", "app", "--sign", "key.pem", "-o", "mismatch.ma"], in: folder)
            #expect(mismatch.status == 2)
            #expect(
                mismatch.standardError
                    == "error: 'key.cert.pem', found beside the key, is the certificate of another key; give the right one with --cert, or move it away to sign with a self-signed certificate\n"
            )
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("mismatch.ma").path))
            // An explicit --cert wins over the one beside the key, and is checked the same way.
            let given = try await CLIRunner.run(
                ["pack", "app", "--sign", "key.pem", "--cert", "other.cert.pem", "-o", "given.ma"], in: folder)
            #expect(given.status == 2)
            #expect(
                given.standardError
                    == "error: 'other.cert.pem': the certificate's public key is not the signing key's; give the certificate that belongs to the key\n"
            )
        }
    }

    // MARK: - Files that cannot be read or written

    @Test func keysAndCertificatesThatCannotBeReadSayWhy() async throws {
        try await CLIRunner.withTemporaryFolder { folder in
            try await Self.makeApp(in: folder)
            #expect(try await CLIRunner.run(["keygen", "key.pem"], in: folder).status == 0)
            try FileManager.default.createDirectory(at: folder.appendingPathComponent("keys"), withIntermediateDirectories: false)
            func failure(_ arguments: [String]) async throws -> String {
                let result = try await CLIRunner.run(arguments, in: folder)
                #expect(result.status == 2)
                #expect(!result.standardError.contains("NSCocoaErrorDomain"))
                return result.standardError
            }
            #expect(
                try await failure(["pack", "app", "--sign", "missing.pem"])
                    == "error: cannot read the key 'missing.pem': there is no such file; make one with: mactl keygen missing.pem\n")
            #expect(
                try await failure(["pack", "app", "--sign", "keys"])
                    == "error: cannot read the key 'keys': it is a folder; give the file's path\n")
            #expect(
                try await failure(["pack", "app", "--sign", "key.pem", "--cert", "missing.cert.pem"])
                    == "error: cannot read the certificate 'missing.cert.pem': there is no such file; without --cert, pack uses the certificate keygen wrote beside the key, or makes a self-signed one\n"
            )
            #expect(
                try await failure(["pack", "app", "--sign", "app/manifest.json"])
                    == "error: 'app/manifest.json': the key file is not PEM (no '-----BEGIN ... PRIVATE KEY-----' block)\n")
            #expect(
                try await failure(["verify", "nothing.ma", "--key", "missing.pub.pem"])
                    == "error: cannot read the public key 'missing.pub.pem': there is no such file\n")
            #expect(
                try await failure(["verify", "nothing.ma", "--cert", "keys"])
                    == "error: cannot read the certificate 'keys': it is a folder; give the file's path\n")
        }
    }

    @Test func aFileTheUserCannotReadIsPermissionDenied() async throws {
        try await CLIRunner.withTemporaryFolder { folder in
            try await Self.makeApp(in: folder)
            #expect(try await CLIRunner.run(["keygen", "key.pem"], in: folder).status == 0)
            try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: folder.appendingPathComponent("key.pem").path)
            let result = try await CLIRunner.runUnprivileged(["pack", "app", "--sign", "key.pem", "-o", "app.ma"], in: folder)
            #expect(result.status == 2)
            #expect(
                result.standardError == "error: cannot read the key 'key.pem': permission denied; check its owner and mode: ls -l key.pem\n"
            )
        }
    }

    @Test func verifyGivenThePrivateKeySaysHowToExportThePublicKey() async throws {
        try await CLIRunner.withTemporaryFolder { folder in
            try await Self.makeApp(in: folder)
            #expect(try await CLIRunner.run(["keygen", "key.pem"], in: folder).status == 0)
            #expect(try await CLIRunner.run(["pack", "app", "--sign", "key.pem", "-o", "app.ma"], in: folder).status == 0)
            let result = try await CLIRunner.run(["verify", "app.ma", "--key", "key.pem"], in: folder)
            #expect(result.status == 2)
            #expect(
                result.standardError
                    == "error: 'key.pem' is a private key; --key takes the signer's public key or certificate: export the public key with "
                    + "openssl pkey -in key.pem -pubout -out key.pub.pem and give --key key.pub.pem, or give --cert key.cert.pem\n")
            // Both ways out work.
            try await Self.openssl(["pkey", "-in", "key.pem", "-pubout", "-out", "key.pub.pem"], in: folder)
            #expect(try await CLIRunner.run(["verify", "app.ma", "--key", "key.pub.pem", "--require-signature"], in: folder).status == 0)
            #expect(try await CLIRunner.run(["verify", "app.ma", "--cert", "key.cert.pem", "--require-signature"], in: folder).status == 0)
            // Without a certificate beside it, the hint says to give one.
            try await Self.plainKey("EC", "lone.pem", in: folder)
            #expect(
                try await CLIRunner.run(["verify", "app.ma", "--cert", "lone.pem"], in: folder).standardError
                    == "error: 'lone.pem' is a private key; --cert takes the signer's public key or certificate: export the public key with "
                    + "openssl pkey -in lone.pem -pubout -out lone.pub.pem and give --key lone.pub.pem, or give --cert with its certificate\n"
            )
        }
    }

    /// The key's path is required: a default name written into the current folder put a
    /// private key inside the project whenever keygen ran there.
    @Test func keygenNeedsThePathOfTheKey() async throws {
        try await CLIRunner.withTemporaryFolder { folder in
            let result = try await CLIRunner.run(["keygen", "--subject", "CN=Acme"], in: folder)
            #expect(result.status == 2)
            #expect(result.standardOutput == "")
            #expect(
                result.standardError == """
                    Error: Missing expected argument '<path>'
                    Help:  <path>  The key file to write; the certificate goes beside it as <name>.cert.pem.
                    Usage: mactl keygen <path> [--subject <subject>]
                      See 'mactl keygen --help' for more information.

                    """)
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [])
        }
    }

    @Test func keygenSaysWhyItCannotWrite() async throws {
        try await CLIRunner.withTemporaryFolder { folder in
            #expect(try await CLIRunner.run(["keygen", "key.pem"], in: folder).status == 0)
            func failure(_ arguments: [String], unprivileged: Bool = false) async throws -> String {
                let result =
                    unprivileged
                    ? try await CLIRunner.runUnprivileged(arguments, in: folder) : try await CLIRunner.run(arguments, in: folder)
                #expect(result.status == 2)
                #expect(result.standardOutput == "")
                return result.standardError
            }
            #expect(
                try await failure(["keygen", "key.pem"])
                    == "error: 'key.pem' exists; mactl keygen never overwrites a key: give another path\n")
            // Only the certificate's name is taken: the key is not written either.
            try Data().write(to: folder.appendingPathComponent("lone.cert.pem"))
            #expect(
                try await failure(["keygen", "lone.pem"])
                    == "error: 'lone.cert.pem' exists; mactl keygen never overwrites a certificate: give another path\n")
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("lone.pem").path))
            try FileManager.default.createDirectory(at: folder.appendingPathComponent("keys"), withIntermediateDirectories: false)
            #expect(try await failure(["keygen", "keys"]) == "error: 'keys' is a folder; give the key file's path, such as keys/key.pem\n")
            #expect(
                try await failure(["keygen", "missing/key.pem"])
                    == "error: cannot write 'missing/key.pem': the folder 'missing' does not exist; create it first: mkdir -p missing\n")
            let readOnly = folder.appendingPathComponent("read-only")
            try FileManager.default.createDirectory(at: readOnly, withIntermediateDirectories: false)
            try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: readOnly.path)
            #expect(
                try await failure(["keygen", "read-only/key.pem"], unprivileged: true)
                    == "error: cannot write 'read-only/key.pem': permission denied in the folder 'read-only'; choose a folder you can write to\n"
            )
            #expect(try FileManager.default.contentsOfDirectory(atPath: readOnly.path) == [])
        }
    }
}

extension CLIRunner {
    /// Runs mactl as a user without privileges over the test's files. Tests often run as root
    /// (in containers), which reads and writes through any permission; there the run drops to
    /// `nobody` first (with python3, as BoundedProcess runs its wrapper), so "permission
    /// denied" is what a real user meets.
    static func runUnprivileged(_ arguments: [String], in directory: URL) async throws -> Result {
        guard geteuid() == 0 else { return try await run(arguments, in: directory) }
        let dropToNobody = "import os, sys; os.setgroups([]); os.setgid(65534); os.setuid(65534); os.execv(sys.argv[1], sys.argv[1:])"
        return try await TestProcess.run(
            tool: "python3", ["-c", dropToNobody, executable.path] + arguments, environment: ["NO_COLOR": nil], in: directory)
    }
}
