import ArgumentParser
import Foundation
import MiniAppKit

/// Reads the signer that `--key` or `--cert` names, for `verify` and `publish` alike. `--key`
/// pins the key alone, even when the file is a certificate; `--cert` pins the certificate.
enum ExpectedSignerFile {
    static func read(_ path: String, option: String) throws -> ExpectedSigner {
        let text = String(decoding: try InputFile.read(path, what: option == "--key" ? "the public key" : "the certificate"), as: UTF8.self)
        let signer: ExpectedSigner
        do throws(ExpectedSigner.ReadFailure) {
            signer = try ExpectedSigner.read(pem: text)
        } catch {
            switch error {
            case .noPublicKey(holdsPrivateKey: true):
                throw CommandFailure(message: privateKeyGiven(path, option: option))
            case .noPublicKey:
                throw CommandFailure(
                    message:
                        "'\(path)' holds no PEM public key or certificate; give the signer's public key (-----BEGIN PUBLIC KEY-----) or certificate"
                )
            case .unusableCertificate(let reason):
                throw CommandFailure(message: "'\(path)' \(reason)")
            }
        }
        return option == "--key" ? ExpectedSigner(publicKey: signer.publicKey) : signer
    }

    /// A private key where the signer's public key is expected: how to export the public half,
    /// or the certificate keygen wrote beside it, which works as well.
    static func privateKeyGiven(_ path: String, option: String) -> String {
        let publicPath = ShellWord.quoted(KeyFileNames.publicKey(forKey: path))
        let certificatePath = KeyFileNames.certificate(forKey: path)
        let certificate =
            FileManager.default.fileExists(atPath: certificatePath)
            ? "--cert \(ShellWord.quoted(certificatePath))" : "--cert with its certificate"
        return "'\(path)' is a private key; \(option) takes the signer's public key or certificate: export the public key with "
            + "openssl pkey -in \(ShellWord.quoted(path)) -pubout -out \(publicPath) and give --key \(publicPath), or give \(certificate)"
    }
}
