import Foundation
import MiniAppKit

/// What `pack --sign` signs with: the key, decrypted with `--key-pass` when it is encrypted,
/// and a certificate: `--cert`, else the one `mactl keygen` wrote beside the key, else one
/// made from the key. Read before the lint, so a bad key fails at once (exit 2).
struct PackSigning {
    var keyPath: String
    var key: SigningKey
    var certificate: CertificateChoice

    enum CertificateChoice {
        /// `--cert PATH`.
        case given(path: String, SigningCertificate)
        /// `key.cert.pem` beside `key.pem`, as keygen writes it.
        case besideKey(path: String, SigningCertificate)
        /// None given or found: a self-signed one from the key and the app id.
        case selfSigned
    }

    static func load(
        keyPath: String, certificatePath: String?, passphrase source: KeyPassphraseSource?
    ) throws(CommandFailure) -> PackSigning {
        let keyText = String(
            decoding: try InputFile.read(keyPath, what: "the key", missingHint: "make one with: mactl keygen \(ShellWord.quoted(keyPath))"),
            as: UTF8.self)
        let passphrase = try source?.read()
        let key: SigningKey
        do throws(SigningError) {
            key = try SigningKey.load(pem: keyText, passphrase: passphrase)
        } catch {
            throw CommandFailure(message: message(for: error, keyPath: keyPath, passphrase: source))
        }
        if let certificatePath {
            let text = String(
                decoding: try InputFile.read(
                    certificatePath, what: "the certificate",
                    missingHint: "without --cert, pack uses the certificate keygen wrote beside the key, or makes a self-signed one"),
                as: UTF8.self)
            do throws(SigningError) {
                return PackSigning(
                    keyPath: keyPath, key: key,
                    certificate: .given(path: certificatePath, try SigningCertificate.load(pem: text, matching: key)))
            } catch {
                throw CommandFailure(message: "'\(certificatePath)': \(error.message)")
            }
        }
        let besidePath = KeyFileNames.certificate(forKey: keyPath)
        guard FileManager.default.fileExists(atPath: besidePath) else {
            return PackSigning(keyPath: keyPath, key: key, certificate: .selfSigned)
        }
        let text = String(decoding: try InputFile.read(besidePath, what: "the certificate beside the key"), as: UTF8.self)
        do throws(SigningError) {
            return PackSigning(
                keyPath: keyPath, key: key, certificate: .besideKey(path: besidePath, try SigningCertificate.load(pem: text, matching: key))
            )
        } catch {
            let reason = error == SigningCertificate.otherKey ? "is the certificate of another key" : "cannot be used: \(error.message)"
            throw CommandFailure(
                message:
                    "'\(besidePath)', found beside the key, \(reason); give the right one with --cert, or move it away to sign with a self-signed certificate"
            )
        }
    }

    /// The key and the certificate the package is signed with.
    func signing(appID: String, timestamp: ArchiveTimestamp) throws(CommandFailure) -> (key: SigningKey, certificate: SigningCertificate) {
        switch certificate {
        case .given(_, let certificate), .besideKey(_, let certificate):
            return (key, certificate)
        case .selfSigned:
            do throws(SigningError) {
                return (key, try SigningCertificate.selfSigned(for: key, appID: appID, notBefore: timestamp.secondsSinceEpoch))
            } catch {
                throw CommandFailure(message: "'\(keyPath)': \(error.message)")
            }
        }
    }

    /// The status line after `packed`: which key, which algorithm, which certificate.
    func statusLine(certificate made: SigningCertificate) -> String {
        let source =
            switch certificate {
            case .given(let path, _): "certificate \(path)"
            case .besideKey(let path, _): "certificate \(path) (beside the key)"
            case .selfSigned: "self-signed certificate"
            }
        return "signed with \(keyPath): \(key.algorithmName); \(source), subject \(made.subject)"
    }

    /// A key that cannot be loaded, with what to do next.
    static func message(for error: SigningError, keyPath: String, passphrase source: KeyPassphraseSource?) -> String {
        let quotedKey = ShellWord.quoted(keyPath)
        switch error {
        case .passphraseNeeded:
            return "'\(keyPath)': the key is encrypted; give its passphrase with --key-pass env:VAR or --key-pass file:PATH"
        case .wrongPassphrase:
            return "wrong passphrase for '\(keyPath)'" + (source.map { " (from --key-pass \($0.argument))" } ?? "")
        case .unsupportedEncryption:
            let reencrypted = ShellWord.quoted(KeyFileNames.stem(of: keyPath) + "-aes256.pem")
            return
                "'\(keyPath)': \(error.message); re-encrypt it with AES-256-CBC: openssl pkcs8 -topk8 -v2 aes-256-cbc -in \(quotedKey) -out \(reencrypted)"
        default:
            return "'\(keyPath)': \(error.message)"
        }
    }
}
