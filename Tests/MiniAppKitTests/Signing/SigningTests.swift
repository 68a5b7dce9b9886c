import Foundation
import MiniAppKitTestProcess
import Testing
@testable import MiniAppKit

/// Keys made with openssl, packages made with the real packer, verification as `verify` does it.
struct SigningTests {
    static let folder: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("mactl-signing-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }()

    @discardableResult
    static func openssl(_ arguments: [String], input: [UInt8]? = nil) async throws -> Int32 {
        try await TestProcess.run(URL(fileURLWithPath: "/usr/bin/openssl"), arguments, in: folder, input: input.map { Data($0) })
            .status
    }

    static func pem(_ name: String) throws -> String {
        try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
    }

    /// An unsigned package of the minimal app.
    static func unsignedPackage() throws -> [UInt8] {
        let url = folder.appendingPathComponent("unsigned-\(UUID().uuidString).ma")
        let entries = MinimalApp.files.map { ArchiveEntry(path: $0.key, bytes: Array($0.value.utf8), method: .deflate) }
        try ArchiveWriter.write(entries, to: url, timestamp: .fixed)
        return [UInt8](try Data(contentsOf: url))
    }

    static func signed(with keyFile: String) throws -> [UInt8] {
        let key = try SigningKey.load(pem: pem(keyFile))
        let certificate = try SigningCertificate.selfSigned(for: key, appID: "org.example.demo", notBefore: 0)
        return try PackageSigner.sign(try unsignedPackage(), key: key, certificate: certificate)
    }

    /// Made once, by the first test that awaits it.
    static let keysReady = Task<Bool, Never> {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/openssl") else { return false }
        do {
            try await openssl(["ecparam", "-name", "prime256v1", "-genkey", "-noout", "-out", "ec-sec1.pem"])
            try await openssl(["ecparam", "-name", "prime256v1", "-genkey", "-out", "ec-with-params.pem"])
            try await openssl(["pkcs8", "-topk8", "-nocrypt", "-in", "ec-sec1.pem", "-out", "ec-pkcs8.pem"])
            try await openssl(["genrsa", "-traditional", "-out", "rsa-pkcs1.pem", "2048"])
            try await openssl(["pkcs8", "-topk8", "-nocrypt", "-in", "rsa-pkcs1.pem", "-out", "rsa-pkcs8.pem"])
            try await openssl(["genrsa", "-out", "rsa-1024.pem", "1024"])
            try await openssl(["genpkey", "-algorithm", "ed25519", "-out", "ed25519.pem"])
            try await openssl(["ecparam", "-name", "secp384r1", "-genkey", "-noout", "-out", "ec-p384.pem"])
            try await openssl(["pkcs8", "-topk8", "-passout", "pass:secret", "-in", "ec-sec1.pem", "-out", "encrypted.pem"])
            try await openssl(["ec", "-in", "ec-sec1.pem", "-pubout", "-out", "ec-public.pem"])
            return true
        } catch {
            return false
        }
    }

    @Test(arguments: ["ec-sec1.pem", "ec-with-params.pem", "ec-pkcs8.pem", "rsa-pkcs1.pem", "rsa-pkcs8.pem"])
    func signsAndVerifiesWithEveryKeyForm(keyFile: String) async throws {
        try #require(await Self.keysReady.value)
        let package = try Self.signed(with: keyFile)
        let report = PackageVerifier.verify(package, requireSignature: true)
        #expect(report.failureMessages == [])
        #expect(report.signed)
        #expect(report.algorithm == (keyFile.hasPrefix("ec") ? 0x0201 : 0x0103))
        #expect(report.certificateSubject == "CN=org.example.demo")
        #expect(report.lint.filter { $0.severity == .error }.isEmpty)
    }

    @Test func rsaSigningIsByteForByteReproducible() async throws {
        try #require(await Self.keysReady.value)
        #expect(try Self.signed(with: "rsa-pkcs1.pem") == Self.signed(with: "rsa-pkcs1.pem"))
    }

    @Test func flippingAnyByteOfASignedPackageFailsVerification() async throws {
        try #require(await Self.keysReady.value)
        let package = try Self.signed(with: "ec-sec1.pem")
        let end = try ZipLayout.read(package)
        // Offsets across the entries, the signing block, the central directory and the end record.
        var offsets = Set(stride(from: 0, to: package.count, by: max(1, package.count / 150)))
        offsets.formUnion([
            end.centralDirectoryOffset - 1, end.centralDirectoryOffset - 20, end.centralDirectoryOffset, end.endRecordOffset,
            end.endRecordOffset + 16, package.count - 1,
        ])
        for offset in offsets.sorted() {
            var damaged = package
            damaged[offset] ^= 0x01
            let report = PackageVerifier.verify(damaged, requireSignature: true)
            #expect(!report.passed, "flipping byte \(offset) of \(package.count) was not detected")
        }
    }

    @Test func aTruncatedPackageFails() async throws {
        try #require(await Self.keysReady.value)
        let package = try Self.signed(with: "ec-sec1.pem")
        for cut in [1, 22, 100, package.count / 2, package.count - 10] {
            #expect(!PackageVerifier.verify(Array(package.prefix(package.count - cut))).passed, "cut \(cut)")
        }
    }

    @Test func anExpectedKeyMustBeTheSigner() async throws {
        try #require(await Self.keysReady.value)
        let package = try Self.signed(with: "ec-sec1.pem")
        let expected = try ExpectedSigner.read(pem: Self.pem("ec-public.pem"))
        #expect(expected.certificate == nil)
        #expect(PackageVerifier.verify(package, expected: expected).passed)
        let other = try Self.signed(with: "rsa-pkcs1.pem")
        #expect(
            PackageVerifier.verify(other, expected: expected).failureMessages == [
                "the package is signed by another key than the one expected"
            ])
    }

    @Test func anUnsignedPackageIsUnsignedAndFailsOnlyWhenASignatureIsRequired() throws {
        let package = try Self.unsignedPackage()
        #expect(PackageVerifier.verify(package).passed)
        #expect(!PackageVerifier.verify(package).signed)
        #expect(PackageVerifier.verify(package, requireSignature: true).failureMessages == ["the package is not signed"])
    }

    @Test func badKeysAreRefusedWithWhatToDo() async throws {
        try #require(await Self.keysReady.value)
        func refusal(_ file: String) throws -> String? {
            let text = try Self.pem(file)
            do throws(SigningError) {
                _ = try SigningKey.load(pem: text)
                return nil
            } catch {
                return error.message
            }
        }
        #expect(try refusal("encrypted.pem") == "the key is encrypted and no passphrase was given")
        #expect(try refusal("rsa-1024.pem") == "the RSA key has 1024 bits; the RPK scheme needs at least 2048")
        #expect(
            try refusal("ed25519.pem")
                == "Ed25519 keys cannot sign a MiniApp package: the RPK scheme has no algorithm id for them; use an EC P-256 or RSA key")
        #expect(try refusal("ec-p384.pem") == "the EC key is not on the P-256 curve; the RPK scheme signs with P-256 (algorithm 0x0201)")
        #expect(try refusal("ec-public.pem") == "the PEM file holds no private key")
        #expect(throws: SigningError.invalidKey("the key file is not PEM (no '-----BEGIN ... PRIVATE KEY-----' block)")) {
            try SigningKey.load(pem: "just text")
        }
    }

    @Test func aCertificateForAnotherKeyIsRefused() async throws {
        try #require(await Self.keysReady.value)
        try await Self.openssl(["req", "-new", "-x509", "-key", "rsa-pkcs1.pem", "-out", "rsa.crt", "-subj", "/CN=other", "-days", "1"])
        let key = try SigningKey.load(pem: Self.pem("ec-sec1.pem"))
        #expect(
            throws: SigningError.invalidCertificate(
                "the certificate's public key is not the signing key's; give the certificate that belongs to the key")
        ) {
            try SigningCertificate.load(pem: try Self.pem("rsa.crt"), matching: key)
        }
        let rsa = try SigningKey.load(pem: Self.pem("rsa-pkcs1.pem"))
        #expect(try SigningCertificate.load(pem: Self.pem("rsa.crt"), matching: rsa).subject == "CN=other")
    }

    @Test func damagedBlocksAreErrorsNotUnsignedPackages() async throws {
        try #require(await Self.keysReady.value)
        let package = try Self.signed(with: "ec-sec1.pem")
        let end = try ZipLayout.read(package)
        let magicStart = end.centralDirectoryOffset - 16
        // The trailing size field points outside the file.
        var huge = package
        for index in 0..<8 { huge[magicStart - 8 + index] = 0xFF }
        #expect(
            PackageVerifier.verify(huge).failureMessages == [
                "the signing block's size 18446744073709551615 at offset \(magicStart - 8) points outside the file"
            ])
        // A block inserted twice: the bytes before the second are unexplained.
        let unsigned = try Self.unsignedPackage()
        let unsignedEnd = try ZipLayout.read(unsigned)
        let block = Array(package[(unsignedEnd.centralDirectoryOffset)..<end.centralDirectoryOffset])
        var twice = Array(package[0..<end.centralDirectoryOffset]) + block + Array(package[end.centralDirectoryOffset...])
        let moved = SigningBlock.uint32(UInt32(end.centralDirectoryOffset + block.count))
        let endOffset = end.endRecordOffset + block.count
        for index in 0..<4 { twice[endOffset + 16 + index] = moved[index] }
        let failures = PackageVerifier.verify(twice).failureMessages
        #expect(failures.count == 1)
        #expect(failures.first?.hasSuffix(", between the last entry and the signing block, belong to no structure") == true)
        // Garbage where a block would be.
        var garbage =
            Array(unsigned[0..<unsignedEnd.centralDirectoryOffset]) + Array(repeating: 0x41, count: 40)
            + Array(unsigned[unsignedEnd.centralDirectoryOffset...])
        let shifted = SigningBlock.uint32(UInt32(unsignedEnd.centralDirectoryOffset + 40))
        for index in 0..<4 { garbage[unsignedEnd.endRecordOffset + 40 + 16 + index] = shifted[index] }
        #expect(
            PackageVerifier.verify(garbage).failureMessages == [
                "the 40 bytes at offset \(unsignedEnd.centralDirectoryOffset), between the last entry and the central directory, are not a signing block"
            ])
    }

    /// The signature is standard: openssl verifies the signed data with the signer's public key.
    @Test func opensslVerifiesTheSignature() async throws {
        try #require(await Self.keysReady.value)
        for keyFile in ["ec-sec1.pem", "rsa-pkcs1.pem"] {
            let package = try Self.signed(with: keyFile)
            let end = try ZipLayout.read(package)
            let (_, pairs) = try SigningBlock.parse(package, endingAt: end.centralDirectoryOffset)
            let signer = try SigningBlock.signer(in: pairs[0].value)
            try Data(signer.signedData).write(to: Self.folder.appendingPathComponent("data.bin"))
            try Data(signer.signature).write(to: Self.folder.appendingPathComponent("sig.bin"))
            try await Self.openssl(["pkey", "-in", keyFile, "-pubout", "-out", "pub.pem"])
            #expect(
                try await Self.openssl(["dgst", "-sha256", "-verify", "pub.pem", "-signature", "sig.bin", "data.bin"]) == 0, "\(keyFile)")
        }
    }
}
