/// Inserts a signing block into a packed archive: computes the whole-file digest over the
/// unsigned bytes, signs the signed data, puts the block before the central directory and
/// moves the end record's central-directory offset past it.
public enum PackageSigner {
    public static func sign(_ unsigned: [UInt8], key: SigningKey, certificate: SigningCertificate) throws(SigningError) -> [UInt8] {
        guard let end = ZipEndRecord.find(in: unsigned) else { throw .signingFailed("the package has no ZIP end record") }
        guard !end.hasSigningBlock(in: unsigned) else { throw .signingFailed("the package is already signed") }
        let centralDirectory = end.centralDirectoryOffset
        guard centralDirectory + end.centralDirectorySize == end.offset, end.offset <= unsigned.count else {
            throw .signingFailed("the package's central directory does not end at its end record")
        }
        let endRecord = Array(unsigned[end.offset...])
        let digest = PackageDigest.compute(
            entries: unsigned[0..<centralDirectory], centralDirectory: unsigned[centralDirectory..<end.offset],
            endRecord: endRecord, blockStart: centralDirectory)
        let signedData = SigningBlock.signedData(digest: digest, algorithm: key.algorithmID, certificate: certificate.der)
        let signature = try key.sign(signedData)
        let block = SigningBlock.block(signedData: signedData, signature: signature, algorithm: key.algorithmID, publicKey: key.publicKeyDER)
        guard unsigned.count + block.count <= Limits.packageSize else {
            throw .signingFailed("the signed package would be 4 GB or more, which needs ZIP64")
        }
        var movedEnd = endRecord
        let offset = SigningBlock.uint32(UInt32(centralDirectory + block.count))
        for index in 0..<4 { movedEnd[16 + index] = offset[index] }
        return Array(unsigned[0..<centralDirectory]) + block + Array(unsigned[centralDirectory..<end.offset]) + movedEnd
    }
}
