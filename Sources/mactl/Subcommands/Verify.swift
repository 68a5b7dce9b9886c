import ArgumentParser
import Foundation
import MiniAppKit

struct Verify: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract:
            "Check a .ma package: its layout as every ZIP reader sees it, its signing block and signature, the archive's own rules and the package's lint.",
        discussion: "Exit status: 0 when the package passes, 1 when a check fails, 2 for usage errors.")

    @Argument(help: "The package to verify.", completion: .file(extensions: ["ma"]))
    var package: String

    @Option(
        name: .long, help: "Require the package to be signed by this public key (PEM); pins the key alone.",
        completion: .file(extensions: ["pem"]))
    var key: String?

    @Option(
        name: .long, help: "Require the package to carry exactly this certificate (PEM), valid now, and be signed by its key.",
        completion: .file(extensions: ["pem"]))
    var cert: String?

    @Flag(name: .long, help: "Fail when the package is not signed.")
    var requireSignature = false

    @OptionGroup var runtimeOption: RuntimeOption

    @OptionGroup var rendering: RenderingOptions

    func run() async throws {
        let expected = try expectedSigner()
        let report: PackageVerifier.Report
        do throws(PackageFile.Failure) {
            let bytes = try PackageFile.read(package)
            report = PackageVerifier.verify(
                bytes, expected: expected, requireSignature: requireSignature, runtime: runtimeOption.profile)
        } catch {
            switch error {
            case .unreadable(let message): throw CommandFailure(message: message)
            case .refused(let failure):
                var refused = PackageVerifier.Report()
                refused.failures = [failure]
                report = refused
            }
        }
        var rendered = DiagnosticReport(
            diagnostics: report.diagnostics(packagePath: package), sourceFiles: report.lintSources, fileCount: report.entryCount)
        rendered.jsonMembers = [("verification", verification(report))]
        var output = rendering.renderer().render(rendered)
        if rendering.format == .text { output += summary(report) }
        Terminal.standardOutput(output)
        if !report.passed { throw ExitCode(ExitStatus.projectHasErrors) }
    }

    private func expectedSigner() throws -> ExpectedSigner? {
        if let key, let cert { _ = (key, cert); throw ValidationError("give --key or --cert, not both") }
        if let key { return try ExpectedSignerFile.read(key, option: "--key") }
        if let cert { return try ExpectedSignerFile.read(cert, option: "--cert") }
        return nil
    }

    /// The verdict and what was proven about the signature, after the diagnostics.
    private func summary(_ report: PackageVerifier.Report) -> String {
        var lines: [String] = []
        if report.passed {
            let digest = report.packageDigest.map { ", package sha256 \($0)" } ?? ""
            lines.append("verified \(package): \(report.entryCount) files\(digest)")
        } else {
            lines.append("FAILED \(package)")
        }
        lines.append("signature: \(signatureText(report))")
        return lines.joined(separator: "\n") + "\n"
    }

    /// What was proven about the signature, and no more.
    private func signatureText(_ report: PackageVerifier.Report) -> String {
        let signer = "\(report.certificateSubject ?? "a certificate with no subject"), key sha256 \(report.publicKeyDigest ?? "unknown")"
        guard report.packageDigest != nil else { return "not checked" }
        guard report.signingBlockPresent else { return "unsigned" }
        guard report.signatureVerified else {
            return report.publicKeyDigest == nil ? "a signing block is present but malformed" : "the signature by \(signer) did not verify"
        }
        let algorithm = "algorithm 0x\(String(report.algorithm ?? 0, radix: 16).leftPadded(to: 4))"
        if report.signerAuthenticated {
            // --cert pinned the certificate and checked its validity: say until when it holds.
            let validity = cert != nil ? report.certificateNotValidAfter.map { ", valid until \(InternetTimestamp.string($0))" } ?? "" : ""
            return
                "valid, \(algorithm), signed by \(signer), the expected key (certificate sha256 \(report.certificateFingerprint ?? "unknown")\(validity))"
        }
        return "valid, \(algorithm), but the signer is not authenticated (no --key or --cert): \(signer)"
    }

    private func verification(_ report: PackageVerifier.Report) -> JSONOutput {
        let optional = { (value: String?) -> JSONOutput in value.map { .string($0) } ?? .null }
        return .object([
            ("package", .string(package)),
            ("passed", .bool(report.passed)),
            ("signed", .bool(report.signed)),
            ("signing_block_present", .bool(report.signingBlockPresent)),
            ("signature_verified", .bool(report.signatureVerified)),
            ("signer_authenticated", .bool(report.signerAuthenticated)),
            ("algorithm", report.algorithm.map { .integer(Int($0)) } ?? .null),
            ("certificate_subject", optional(report.certificateSubject)),
            ("certificate_sha256", optional(report.certificateFingerprint)),
            ("certificate_not_after", optional(report.certificateNotValidAfter.map(InternetTimestamp.string))),
            ("public_key_sha256", optional(report.publicKeyDigest)),
            ("package_sha256", optional(report.packageDigest)),
            ("files", .integer(report.entryCount)),
        ])
    }
}
