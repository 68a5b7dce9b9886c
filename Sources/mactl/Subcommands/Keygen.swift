import ArgumentParser
import Crypto
import Foundation
import MiniAppKit

struct Keygen: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write a new EC P-256 signing key (mode 0600) and a self-signed certificate for it.",
        discussion: "Never overwrites. pack --sign uses the certificate beside the key without --cert.")

    @Argument(help: "The key file to write; the certificate goes beside it as <name>.cert.pem.", completion: .file(extensions: ["pem"]))
    var path: String

    @Option(
        name: .long,
        help: "The certificate's subject: a distinguished name (CN=Acme Ltd,O=Acme; \\, for a comma in a value) or a plain name, the CN.")
    var subject = "MiniApp"

    func run() async throws {
        let subjectName: CertificateSubject
        do throws(CertificateSubject.ParseError) {
            subjectName = try CertificateSubject.parse(subject)
        } catch {
            throw CommandFailure(message: "--subject '\(subject)': \(error.message)")
        }
        let certificatePath = KeyFileNames.certificate(forKey: path)
        try Self.checkFree(path, what: "a key")
        try Self.checkFree(certificatePath, what: "a certificate")
        let privateKey = P256.Signing.PrivateKey()
        let certificate: SigningCertificate
        do throws(SigningError) {
            certificate = try SigningCertificate.selfSigned(
                for: .p256(privateKey), subject: subjectName, notBefore: Int(Date().timeIntervalSince1970))
        } catch {
            throw CommandFailure(message: error.message)
        }
        let keyPEM = privateKey.pemRepresentation + "\n"
        let certificatePEM =
            "-----BEGIN CERTIFICATE-----\n"
            + Data(certificate.der).base64EncodedString(options: [.lineLength64Characters, .endLineWithLineFeed])
            + "\n-----END CERTIFICATE-----\n"
        // Created with 0600 from the start: the key is never readable by others, even briefly.
        try Self.writeNew(Array(keyPEM.utf8), to: path, mode: 0o600)
        do {
            try Self.writeNew(Array(certificatePEM.utf8), to: certificatePath, mode: 0o644)
        } catch {
            // Both files or neither: a key without its certificate would be signed with a
            // self-signed one by the next pack, silently.
            unlink(path)
            throw error
        }
        Terminal.standardOutput(
            "wrote \(path) (EC P-256, mode 0600) and \(certificatePath) (subject \(certificate.subject))\n"
                + "sign with: mactl pack --sign \(ShellWord.quoted(path))\n")
    }

    /// Refuses, before anything is written, a path that exists: keygen never replaces a key
    /// that packages may already be signed with.
    static func checkFree(_ path: String, what: String) throws(CommandFailure) {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return }
        if isFolder.boolValue {
            throw CommandFailure(
                message:
                    "'\(path)' is a folder; give the key file's path, such as \(ShellWord.quoted(path.hasSuffix("/") ? path + "key.pem" : path + "/key.pem"))"
            )
        }
        throw CommandFailure(message: "'\(path)' exists; mactl keygen never overwrites \(what): give another path")
    }

    /// Creates `path` (it must not exist) with `bytes`, or fails saying why.
    static func writeNew(_ bytes: [UInt8], to path: String, mode: mode_t) throws(CommandFailure) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard descriptor >= 0 else { throw CommandFailure(message: "cannot write '\(path)': \(creationFailure(errno, path: path))") }
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress! + written, $0.count - written) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else {
                let reason = FileProblem.reason(errno: errno, writing: true)
                close(descriptor)
                unlink(path)
                throw CommandFailure(message: "cannot write '\(path)': \(reason)")
            }
            written += count
        }
        close(descriptor)
    }

    /// Why a new file cannot be created, and what to do about it.
    static func creationFailure(_ code: Int32, path: String) -> String {
        let folder = (path as NSString).deletingLastPathComponent
        let shownFolder = folder.isEmpty ? "." : folder
        switch code {
        case ENOENT: return "the folder '\(shownFolder)' does not exist; create it first: mkdir -p \(ShellWord.quoted(shownFolder))"
        case EACCES, EPERM: return "permission denied in the folder '\(shownFolder)'; choose a folder you can write to"
        case EEXIST: return "it exists; mactl keygen never overwrites a key: give another path"
        case ENOTDIR: return "'\(shownFolder)' is not a folder"
        case EROFS: return "the folder '\(shownFolder)' is on a read-only file system; choose another folder"
        default: return FileProblem.reason(errno: code, writing: true)
        }
    }
}
