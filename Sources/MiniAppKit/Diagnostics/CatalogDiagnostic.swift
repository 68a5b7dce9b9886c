/// The ids `mactl catalog verify` reports; `docs/catalog.md` explains each under its id. What
/// a stopped publish leaves is a note: readers never see it, and the next publish completes
/// or replaces it.
public enum CatalogDiagnostic {
    public static let missingFile = DiagnosticEntry.catalog(
        "catalog-missing-file", .error, "The catalog, its index.json, or a file a list names is missing.")
    public static let damagedFile = DiagnosticEntry.catalog(
        "catalog-damaged-file", .error, "A JSON file does not parse or has the wrong shape, or a list names a path not its version's own.")
    public static let symlink = DiagnosticEntry.catalog(
        "catalog-symlink", .error, "A symbolic link is in the catalog; it is reported and never followed.")
    public static let caseCollision = DiagnosticEntry.catalog(
        "catalog-case-collision", .error, "Two app folders' ids differ only in letter case.")
    public static let duplicateVersion = DiagnosticEntry.catalog("catalog-duplicate-version", .error, "A version code is listed twice.")
    public static let packageMismatch = DiagnosticEntry.catalog(
        "catalog-package-mismatch", .error, "A package's size or SHA-256 is not the listed one.")
    public static let packageFailsVerify = DiagnosticEntry.catalog(
        "catalog-package-fails-verify", .error, "A package does not pass 'mactl verify'.")
    public static let signerMismatch = DiagnosticEntry.catalog(
        "catalog-signer-mismatch", .error, "A package is signed by another key than its list says.")
    public static let manifestMismatch = DiagnosticEntry.catalog(
        "catalog-manifest-mismatch", .error, "A stored manifest or icon differs from the one in its package.")
    public static let indexMismatch = DiagnosticEntry.catalog(
        "catalog-index-mismatch", .error, "The index names what no version list says.")
    public static let unlistedFile = DiagnosticEntry.catalog(
        "catalog-unlisted-file", .error, "A file no list names, or something that is neither a file nor a folder.")
    public static let indexBehind = DiagnosticEntry.catalog(
        "catalog-index-behind", .note, "The index does not yet say what the version lists say: a publish was stopped.")
    public static let unlistedVersion = DiagnosticEntry.catalog(
        "catalog-unlisted-version", .note, "A version folder no versions.json lists: a publish was stopped before listing it.")
    public static let stagedFile = DiagnosticEntry.catalog(
        "catalog-staged-file", .note, "A file staged by a publish that was stopped; the catalog does not use it.")

    public static let all = [
        missingFile, damagedFile, symlink, caseCollision, duplicateVersion, packageMismatch, packageFailsVerify, signerMismatch,
        manifestMismatch, indexMismatch, unlistedFile, indexBehind, unlistedVersion, stagedFile,
    ]
}
