/// Why a package failed verification: a stable id (the check that failed) and a message that
/// names what failed and where (the byte offset, the entry).
public struct VerificationFailure: Error, Sendable, Equatable {
    public var id: String
    public var message: String

    public init(_ id: String, _ message: String) {
        self.id = id
        self.message = message
    }
}

extension VerificationFailure {
    /// The ids `verify` reports, one per kind of check; `docs/verify.md` lists them.
    public enum ID {
        public static let notAPackage = "archive-not-a-package"
        public static let tooLarge = "archive-too-large"
        public static let endRecord = "archive-end-record"
        public static let zip64 = "archive-zip64"
        public static let hiddenStructure = "archive-hidden-structure"
        public static let centralDirectory = "archive-central-directory"
        public static let localHeader = "archive-local-header"
        public static let layout = "archive-layout"
        public static let flags = "archive-flags"
        public static let extraField = "archive-extra-field"
        public static let name = "archive-name"
        public static let duplicateName = "archive-duplicate-name"
        public static let fileFolderConflict = "archive-file-folder-conflict"
        public static let fileType = "archive-file-type"
        public static let method = "archive-method"
        public static let data = "archive-data"
        public static let zipBomb = "archive-zip-bomb"
        public static let nestedArchive = "archive-nested"
        public static let readersDisagree = "archive-readers-disagree"
        public static let noManifest = "archive-no-manifest"
        public static let signingBlock = "signature-block"
        public static let signature = "signature-invalid"
        public static let notCanonical = "signature-not-canonical"
        public static let digest = "signature-digest"
        public static let certificate = "signature-certificate"
        public static let certificateExpired = "signature-certificate-expired"
        public static let unexpectedSigner = "signature-unexpected-signer"
        public static let unsigned = "signature-missing"

        public static let all = [
            tooLarge, notAPackage, endRecord, zip64, hiddenStructure, centralDirectory, localHeader, layout, flags,
            extraField, name, duplicateName, fileFolderConflict, fileType, method, zipBomb, data, nestedArchive, noManifest,
            readersDisagree,
            signingBlock, notCanonical, signature, digest, certificate, certificateExpired, unexpectedSigner, unsigned,
        ]
    }
}
