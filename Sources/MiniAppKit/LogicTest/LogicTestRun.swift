/// What `mactl test` found: each test's outcome, in file order then declaration order, and the
/// test files that could not be run at all.
public struct LogicTestRun: Sendable, Equatable {
    public var testFiles: [String]
    public var results: [LogicTestResult]
    /// A test file that does not load (a syntax error, a throw at its top level).
    public var fileProblems: [LogicTestProblem]
    /// Why the runtime would not load the app at all (a manifest it cannot decode); then no
    /// test runs.
    public var appProblems: [LogicTestProblem] = []

    public var passed: Int { results.filter { $0.status == .passed }.count }
    public var failed: Int { results.filter { $0.status == .failed }.count + fileProblems.count + appProblems.count }
    public var skipped: Int { results.filter { $0.status == .skipped }.count }
    public var succeeded: Bool { failed == 0 }
}

public struct LogicTestResult: Sendable, Equatable {
    public enum Status: String, Sendable, Equatable {
        case passed, failed, skipped
    }

    public var file: String
    /// The test's name, with its `describe` groups before it (`home › counts taps`).
    public var name: String
    public var status: Status
    /// Why it failed: the first problem, where it happened.
    public var failure: LogicTestProblem?
    /// What the app did that the device would have dropped silently (a handler that threw,
    /// a fetch with no reply), in order. Any of these fails a test that did not take them with
    /// `app.takeErrors()`.
    public var appErrors: [LogicTestProblem]
}

/// A problem with where it is: a failed expectation in the test file, an exception in a
/// handler of the app, a test that ran out of time.
public struct LogicTestProblem: Error, Sendable, Equatable {
    public enum Kind: String, Sendable, Equatable {
        /// `expect(...)` did not hold.
        case expectation
        /// The test threw, or its promise was rejected.
        case error
        /// The test ran longer than its time limit (a loop in a handler or in the test).
        case timeout
        /// The test's promise never settled.
        case unfinished
        /// The app did something the device drops silently.
        case app
        /// The test file does not load.
        case file
    }

    public var kind: Kind
    public var message: String
    public var file: String?
    public var line: Int?
    public var column: Int?
    /// The source line at `line`, for the text report.
    public var sourceLine: String?
    /// Both sides of a failed `toEqual` whose values take several lines, for the reports'
    /// line diff (`LineDiff`); nil for every other failure.
    public var comparison: Comparison?

    /// The values a `toEqual` compared, each as JSON two spaces deep with its keys sorted.
    public struct Comparison: Sendable, Equatable, Decodable {
        public var expected: String
        public var received: String

        public init(expected: String, received: String) {
            self.expected = expected
            self.received = received
        }
    }

    public init(
        kind: Kind, message: String, file: String? = nil, line: Int? = nil, column: Int? = nil, sourceLine: String? = nil,
        comparison: Comparison? = nil
    ) {
        self.kind = kind
        self.message = message
        self.file = file
        self.line = line
        self.column = column
        self.sourceLine = sourceLine
        self.comparison = comparison
    }
}
