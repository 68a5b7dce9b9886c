import Foundation

/// What JavaScriptCore gave for each script run, kept between lints in the lint cache, so a
/// script whose bytes did not change is not run again when another file of the project did:
/// a run is a function of the script, the script run before it in the same context (`app.js`
/// on a runtime with one shared context), their paths, the stub prelude and JavaScriptCore,
/// and the key names all of these but the last two, which the mactl build stands for.
///
/// Only runs that ended by themselves are kept: one that finished and one that threw at run
/// time. A run stopped by the time limit depends on the machine's load, and a syntax error is
/// located by asking JavaScriptCore again, so those are run every time.
///
/// A script that reads the clock or `Math.random` while it loads gives other values on each
/// run; its kept run is one of them, as any single lint's is.
public final class ScriptRunStore: @unchecked Sendable {
    // @unchecked: `runs` and `used` are only touched while `lock` is held.

    /// One kept run.
    public struct Run: Codable, Sendable, Hashable {
        /// What the prelude recorded, in order (`JavaScriptSandbox.Evaluation.records`).
        public var records: [String]
        /// The exception the script threw, nil when it finished.
        public var thrown: Thrown?

        public struct Thrown: Codable, Sendable, Hashable {
            public var message: String
            public var isError: Bool
            public var line: Int?
            public var column: Int?
        }
    }

    private let tool: String
    private let lock = NSLock()
    private var runs: [String: Run]
    private var used: [String: Run] = [:]

    /// `kept`: the runs an earlier lint of the project kept, by key.
    public init(tool: String, kept: [String: Run] = [:]) {
        self.tool = tool
        runs = kept
    }

    /// The runs this lint made or took: what the next lint may take (runs of files since
    /// changed or removed are dropped, so the cache does not grow with every edit).
    public var usedRuns: [String: Run] {
        lock.lock()
        defer { lock.unlock() }
        return used
    }

    func key(script: SourceFile, after earlier: SourceFile?) -> String {
        ContentKey.of([tool, script.path, script.sha256, earlier?.path ?? "", earlier?.sha256 ?? ""])
    }

    /// The evaluation kept under `key`, if any.
    func evaluation(forKey key: String) -> JavaScriptSandbox.Evaluation? {
        lock.lock()
        defer { lock.unlock() }
        guard let run = runs[key] else { return nil }
        used[key] = run
        let outcome: JavaScriptSandbox.Outcome =
            run.thrown.map { thrown in
                .threw(
                    JavaScriptSandbox.Exception(
                        message: thrown.message, isError: thrown.isError, isParseError: false, line: thrown.line, column: thrown.column))
            } ?? .finished
        return JavaScriptSandbox.Evaluation(outcome: outcome, records: run.records)
    }

    /// Keeps an evaluation that ended by itself.
    func keep(_ evaluation: JavaScriptSandbox.Evaluation, forKey key: String) {
        let run: Run
        switch evaluation.outcome {
        case .finished:
            run = Run(records: evaluation.records, thrown: nil)
        case .threw(let exception) where !exception.isParseError:
            run = Run(
                records: evaluation.records,
                thrown: Run.Thrown(message: exception.message, isError: exception.isError, line: exception.line, column: exception.column))
        case .threw, .timedOut, .sandboxFailure:
            return
        }
        lock.lock()
        runs[key] = run
        used[key] = run
        lock.unlock()
    }
}
