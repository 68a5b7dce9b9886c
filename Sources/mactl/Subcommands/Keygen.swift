import ArgumentParser
import Crypto
import Foundation
import MiniAppKit

struct Keygen: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write a new EC P-256 signing key (mode 0600) and a self-signed certificate for it.")

    @Argument(help: "The key file to write; the certificate goes beside it as <name>.cert.pem.")
    var path: String = "mactl-signing-key.pem"

    @Option(name: .long, help: "The certificate's subject.")
    var subject = "MiniApp"

    func run() async throws {
        let keyURL = URL(fileURLWithPath: path)
        let certificateURL = keyURL.deletingPathExtension().appendingPathExtension("cert.pem")
        for url in [keyURL, certificateURL] where FileManager.default.fileExists(atPath: url.path) {
            throw CommandFailure(message: "'\(url.path)' exists; mactl keygen never overwrites a key")
        }
        let privateKey = P256.Signing.PrivateKey()
        let key = SigningKey.p256(privateKey)
        let certificate: SigningCertificate
        do throws(SigningError) {
            certificate = try SigningCertificate.selfSigned(for: key, appID: subject, notBefore: Int(Date().timeIntervalSince1970))
        } catch {
            throw CommandFailure(message: error.message)
        }
        let keyPEM = privateKey.pemRepresentation + "\n"
        let certificatePEM = "-----BEGIN CERTIFICATE-----\n" + Data(certificate.der).base64EncodedString(options: [.lineLength64Characters, .endLineWithLineFeed]) + "\n-----END CERTIFICATE-----\n"
        // Created with 0600 from the start: the key is never readable by others, even briefly.
        let descriptor = open(keyURL.path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard descriptor >= 0 else { throw CommandFailure(message: "cannot create '\(keyURL.path)': \(String(cString: strerror(errno)))") }
        let written = keyPEM.utf8.withContiguousStorageIfAvailable { write(descriptor, $0.baseAddress, $0.count) } ?? -1
        close(descriptor)
        guard written == keyPEM.utf8.count else { throw CommandFailure(message: "cannot write '\(keyURL.path)'") }
        do {
            try Data(certificatePEM.utf8).write(to: certificateURL, options: .withoutOverwriting)
        } catch {
            throw CommandFailure(message: "cannot write '\(certificateURL.path)': \((error as NSError).localizedDescription)")
        }
        Terminal.standardOutput("wrote \(keyURL.path) (EC P-256, mode 0600) and \(certificateURL.path)\nsign with: mactl pack --sign \(keyURL.path) --cert \(certificateURL.path)\n")
    }
}
