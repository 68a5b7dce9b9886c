/// Why a package failed verification: a stable id (the check that failed, one of
/// `VerifyDiagnostic`'s) and a message that names what failed and where (the byte offset, the
/// entry).
public struct VerificationFailure: Error, Sendable, Equatable {
    public var id: String
    public var message: String

    public init(_ id: String, _ message: String) {
        self.id = id
        self.message = message
    }
}
