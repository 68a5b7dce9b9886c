/// Why a script did not load cleanly. `ScriptEvaluator` reports at most one per file: the
/// engine stops at the first error.
public struct ScriptIssue: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        /// The script does not parse; nothing in it ran.
        case syntaxError
        /// Load-time code threw.
        case uncaughtException
        /// Load-time code ran longer than the evaluator's time limit and was stopped.
        case timeout
        /// The file is over `Limits.scriptSize`, so it was not run.
        case tooLarge
        /// The file is not UTF-8, so it was not run.
        case invalidEncoding
        /// The evaluator itself failed; a bug in mactl rather than in the script.
        case evaluatorFailure
    }

    public var kind: Kind
    /// The engine's words, e.g. "SyntaxError: Unexpected token '}'" or "Error: boom".
    public var message: String
    /// Byte range of the problem in the script: the token a syntax error stopped at, or an
    /// empty range where the engine says an exception was thrown. Nil when nothing tells
    /// where (a timeout, a thrown non-Error value).
    public var range: Range<Int>?

    public init(kind: Kind, message: String, range: Range<Int>?) {
        self.kind = kind
        self.message = message
        self.range = range
    }
}
