/// The ids `mactl verify` reports, one per kind of check, in the order the checks run;
/// `docs/verify.md` explains each under its id.
public enum VerifyDiagnostic {
    public static let tooLarge = DiagnosticEntry.verify(
        "archive-too-large", "The file is over the package size limit; it is refused unread.")
    public static let notAPackage = DiagnosticEntry.verify("archive-not-a-package", "The file has no ZIP end-of-central-directory record.")
    public static let endRecord = DiagnosticEntry.verify(
        "archive-end-record", "The end record is not exactly the file's last 22 bytes, or does not describe one directory.")
    public static let zip64 = DiagnosticEntry.verify(
        "archive-zip64", "The end record or a central header uses ZIP64, which only some readers follow.")
    public static let hiddenStructure = DiagnosticEntry.verify(
        "archive-hidden-structure", "A second end record or a ZIP64 record is hidden where another reader could take it.")
    public static let centralDirectory = DiagnosticEntry.verify(
        "archive-central-directory", "The central directory is not a run of central headers filling it exactly, as counted.")
    public static let localHeader = DiagnosticEntry.verify(
        "archive-local-header", "A local header is missing or disagrees with its central header.")
    public static let layout = DiagnosticEntry.verify(
        "archive-layout", "Bytes belong to no structure, or entries overlap each other or the signing block.")
    public static let flags = DiagnosticEntry.verify(
        "archive-flags", "An entry uses data descriptors, encryption, unknown flags or a version needed over 2.0.")
    public static let extraField = DiagnosticEntry.verify(
        "archive-extra-field", "An extra field is malformed, or gives an entry ZIP64 sizes, a second name or encryption.")
    public static let name = DiagnosticEntry.verify(
        "archive-name", "An entry's name is not a safe, relative, UTF-8 path that every extractor reads alike.")
    public static let duplicateName = DiagnosticEntry.verify(
        "archive-duplicate-name", "Two entries' names are equal as bytes, after normalization, case folding or trimming.")
    public static let fileFolderConflict = DiagnosticEntry.verify(
        "archive-file-folder-conflict", "A name is a file in one entry and a folder in another.")
    public static let fileType = DiagnosticEntry.verify(
        "archive-file-type", "An entry is neither a regular file nor a folder (a link, a device, a reparse point).")
    public static let method = DiagnosticEntry.verify("archive-method", "An entry is compressed with a method other than store or deflate.")
    public static let zipBomb = DiagnosticEntry.verify(
        "archive-zip-bomb", "Declared sizes are over the limits for one file, the ratio or the whole package.")
    public static let data = DiagnosticEntry.verify(
        "archive-data", "An entry's data does not end at its compressed size, inflate to its size, or match its CRC.")
    public static let nestedArchive = DiagnosticEntry.verify(
        "archive-nested", "An entry is an archive of archives, or an archive that cannot be looked into.")
    public static let noManifest = DiagnosticEntry.verify("archive-no-manifest", "The package has no manifest.json at its root.")
    public static let readersDisagree = DiagnosticEntry.verify(
        "archive-readers-disagree", "libzip reads other entries, names, sizes or bytes than the strict reader.")
    public static let signingBlock = DiagnosticEntry.verify(
        "signature-block", "The signing block is not exactly one developer signature with one signer.")
    public static let notCanonical = DiagnosticEntry.verify(
        "signature-not-canonical", "A key or signature is not in its one canonical encoding.")
    public static let signature = DiagnosticEntry.verify(
        "signature-invalid", "The signature does not verify, or uses only unknown algorithms.")
    public static let digest = DiagnosticEntry.verify("signature-digest", "The signed whole-file digest differs from the package's.")
    public static let certificate = DiagnosticEntry.verify(
        "signature-certificate", "The certificate is not exact DER, does not hold the signer's key, or is not validly self-signed.")
    public static let certificateExpired = DiagnosticEntry.verify(
        "signature-certificate-expired", "The certificate given with --cert is not valid at the time of verification.")
    public static let unexpectedSigner = DiagnosticEntry.verify(
        "signature-unexpected-signer", "The package is signed by another key or certificate than --key or --cert gives.")
    public static let unsigned = DiagnosticEntry.verify(
        "signature-missing", "The package is unsigned, and --require-signature, --key or --cert asks for a signature.")

    public static let all = [
        tooLarge, notAPackage, endRecord, zip64, hiddenStructure, centralDirectory, localHeader, layout, flags,
        extraField, name, duplicateName, fileFolderConflict, fileType, method, zipBomb, data, nestedArchive, noManifest,
        readersDisagree,
        signingBlock, notCanonical, signature, digest, certificate, certificateExpired, unexpectedSigner, unsigned,
    ]
}
