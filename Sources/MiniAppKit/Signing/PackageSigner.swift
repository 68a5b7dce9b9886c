/// Inserts a signing block into a packed archive: computes the whole-file digest over the
/// unsigned bytes, signs the signed data, puts the block before the central directory and
/// moves the end record's central-directory offset past it.
public enum PackageSigner {
    public static func sign(_ unsigned: [UInt8], key: SigningKey, certificate: SigningCertificate) throws(SigningError) -> [UInt8] {
        // The packer's own archive always has the strict layout; anything else is refused
        // rather than signed, since verify would refuse it anyway.
        let layout: ZipLayout
        do throws(VerificationFailure) {
            layout = try ZipLayout.read(unsigned)
        } catch {
            throw .signingFailed("the package cannot be signed: \(error.message)")
        }
        guard !layout.isSigned else { throw .signingFailed("the package is already signed") }
        let centralDirectory = layout.centralDirectoryOffset
        let endOffset = layout.endRecordOffset
        let endRecord = Array(unsigned[endOffset...])
        let digest = PackageDigest.compute(
            entries: unsigned[0..<centralDirectory], centralDirectory: unsigned[centralDirectory..<endOffset],
            endRecord: endRecord, blockStart: centralDirectory)
        let signedData = SigningBlock.signedData(digest: digest, algorithm: key.algorithmID, certificate: certificate.der)
        let signature = try key.sign(signedData)
        let block = SigningBlock.block(
            signedData: signedData, signature: signature, algorithm: key.algorithmID, publicKey: key.publicKeyDER)
        guard unsigned.count + block.count <= Limits.packageSize else {
            throw .signingFailed("the signed package would be over the limit of \(Limits.packageSize) bytes for a package")
        }
        var movedEnd = endRecord
        let offset = SigningBlock.uint32(UInt32(centralDirectory + block.count))
        for index in 0..<4 { movedEnd[16 + index] = offset[index] }
        return Array(unsigned[0..<centralDirectory]) + block + Array(unsigned[centralDirectory..<endOffset]) + movedEnd
    }
}
