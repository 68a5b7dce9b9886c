import Foundation

/// Runs a project's `tests/**/*.test.js` against its logic layer in `LogicHostScript`.
///
/// Each test file is evaluated once in its own context; each test gets a fresh app in another
/// context of the same group (one app context, as the runtime has one for all scripts), so no
/// state leaks from one test to the next. Promise jobs run as each call into the group returns,
/// so a test that awaits the app finishes within its one call, or never.
public enum LogicTestRunner {
    public struct Options: Sendable {
        /// The longest one test may run, in seconds, the app's handlers included.
        public var timeLimitSeconds: Double
        /// Only tests whose full name (`file › group › name`) contains this text run.
        public var filter: String?

        public init(timeLimitSeconds: Double = 5, filter: String? = nil) {
            self.timeLimitSeconds = timeLimitSeconds
            self.filter = filter
        }
    }

    public static func testFiles(in project: Project) -> [String] {
        project.paths.filter { $0.hasPrefix(LogicHostProject.testsFolder) && $0.hasSuffix(".test.js") }
    }

    public static func run(_ model: ProjectModel, options: Options = Options()) -> LogicTestRun {
        let files = testFiles(in: model.project)
        var run = LogicTestRun(testFiles: files, results: [], fileProblems: [])
        guard !files.isEmpty else { return run }
        // The runtime refuses the whole app when its manifest does not decode: no test could
        // pass on the device, so none is run.
        let refusals = ManifestNotDecodable().check(model)
        if !refusals.isEmpty {
            run.appProblems = refusals.map { finding in
                LogicTestProblem(
                    kind: .app, message: finding.message, file: finding.span?.path, line: finding.span?.start.line,
                    column: finding.span?.start.column,
                    sourceLine: finding.span.flatMap { model.project.file($0.path)?.lineText($0.start.line) })
            }
            return run
        }
        let projectJSON = LogicHostProject.json(model)
        let host = JavaScriptHost(timeLimitSeconds: options.timeLimitSeconds)
        for path in files {
            guard let file = model.project.file(path) else { continue }
            var session = FileSession(
                host: host, file: file, projectJSON: projectJSON, project: model.project, timeLimit: options.timeLimitSeconds)
            switch session.load() {
            case .failure(let problem):
                run.fileProblems.append(problem)
            case .success(let tests):
                for (index, test) in tests.enumerated() {
                    guard options.filter.map({ "\(path) › \(test.name)".contains($0) }) ?? true else { continue }
                    if test.skipped {
                        run.results.append(LogicTestResult(file: path, name: test.name, status: .skipped, failure: nil, appErrors: []))
                    } else {
                        run.results.append(session.run(index, named: test.name))
                    }
                }
            }
            session.close()
        }
        return run
    }
}

/// One test file's context and the tests it declared.
private struct FileSession {
    struct Declaration: Decodable {
        var name: String
        var skipped: Bool
    }

    let host: JavaScriptHost
    let file: SourceFile
    let projectJSON: String
    let project: Project
    let timeLimit: Double
    private var context: JavaScriptHost.Context?
    private var api: JavaScriptHost.Value?
    /// Set by the test API's `finish` when a test settles.
    private let outcome = Box<String?>(nil)

    init(host: JavaScriptHost, file: SourceFile, projectJSON: String, project: Project, timeLimit: Double) {
        self.host = host
        self.file = file
        self.projectJSON = projectJSON
        self.project = project
        self.timeLimit = timeLimit
    }

    /// Evaluates the test file in a fresh context and lists its tests.
    mutating func load() -> Result<[Declaration], LogicTestProblem> {
        close()
        guard let context = host.makeContext() else { return .failure(problem(.file, "no JavaScript context could be created")) }
        self.context = context
        let outcome = self.outcome
        let finish = host.makeFunction(in: context) { arguments, _ in
            outcome.value = arguments.first
            return nil
        }
        guard case .value(let factory?) = host.evaluate(TestAPIScript.source, url: TestAPIScript.url, in: context),
            case .value(let api?) = host.call(factory, arguments: [finish, host.makeString(file.path, in: context)], in: context)
        else { return .failure(problem(.file, "mactl's test API did not load (a bug in mactl)")) }
        host.protect(api, in: context)
        self.api = api
        switch host.evaluate(file.text, url: file.path, in: context) {
        case .timedOut:
            return .failure(problem(.file, "the test file's top level ran longer than \(Self.seconds(timeLimit))", line: 1, column: 1))
        case .threw(let exception):
            var frame =
                exception.sourceURL == file.path ? (exception.line, exception.column) : Self.frame(in: exception.stack, of: file.path)
            // JavaScriptCore gives a parse error's line only; the lint's locator finds the column.
            if frame.1 == nil, exception.message.hasPrefix("SyntaxError"),
                let range = ScriptEvaluator().evaluate(file).issue?.range
            {
                let position = file.position(at: range.lowerBound)
                frame = (position.line, position.column)
            }
            return .failure(problem(.file, "the test file does not load: \(exception.message)", line: frame.0 ?? 1, column: frame.1 ?? 1))
        case .value:
            break
        }
        guard let list = host.property("list", of: api, in: context), case .value(let text) = host.call(list, arguments: [], in: context),
            let json = host.string(text, in: context),
            let declarations = try? JSONDecoder().decode([Declaration].self, from: Data(json.utf8))
        else { return .failure(problem(.file, "the test file's tests could not be listed (a bug in mactl)")) }
        if declarations.isEmpty {
            return .failure(
                problem(.file, "the test file declares no tests: add test('what it checks', async () => { … })", line: 1, column: 1))
        }
        return .success(declarations)
    }

    mutating func run(_ index: Int, named name: String) -> LogicTestResult {
        var result = LogicTestResult(file: file.path, name: name, status: .failed, failure: nil, appErrors: [])
        guard let context, let api, let app = LogicHostSession(host: host, projectJSON: projectJSON) else {
            result.failure = problem(.error, "the app's host did not start (a bug in mactl)")
            return result
        }
        defer { app.close() }
        outcome.value = nil
        let runTest = host.property("run", of: api, in: context)
        let called = runTest.map { host.call($0, arguments: [host.makeNumber(Double(index), in: context), app.facade], in: context) }
        if case .threw(let exception) = called {
            result.failure = problem(.error, "mactl's test API threw \(exception.message) (a bug in mactl)")
            return result
        }
        if case .timedOut = called {
            let running = app.running.last.map { " (it was running \($0))" } ?? ""
            result.failure = problem(.timeout, "the test ran longer than \(Self.seconds(timeLimit))\(running)")
            // The file's context cannot be trusted after a stop in the middle; load it again.
            _ = load()
            return result
        }
        result.appErrors = app.takeErrors().map { error in
            var problem = LogicTestProblem(kind: .app, message: error.message, file: error.file, line: error.line, column: error.column)
            if let path = error.file, let line = error.line { problem.sourceLine = project.file(path)?.lineText(line) }
            return problem
        }
        guard let text = outcome.value, let settled = try? JSONDecoder().decode(Settled.self, from: Data(text.utf8)) else {
            result.failure = problem(
                .unfinished, "the test never finished: it awaits a promise nothing settles (a timer needs `await app.tick(ms)`)")
            return result
        }
        if let failure = settled.failure {
            result.failure = problem(
                failure.expectation ? .expectation : .error, failure.message, line: failure.line, column: failure.column)
            result.failure?.comparison = failure.comparison
        } else if !result.appErrors.isEmpty {
            let what =
                result.appErrors.count == 1
                ? "an error the device drops silently (a test that expects it takes it with app.takeErrors())"
                : "\(result.appErrors.count) errors the device drops silently (a test that expects them takes them with app.takeErrors())"
            result.failure = LogicTestProblem(kind: .app, message: "the app reported \(what)")
        } else {
            result.status = .passed
        }
        return result
    }

    mutating func close() {
        if let context, let api { host.unprotect(api, in: context) }
        if let context { host.release(context) }
        context = nil
        api = nil
    }

    private struct Settled: Decodable {
        struct Failure: Decodable {
            var message: String
            var expectation: Bool
            var line: Int?
            var column: Int?
            var comparison: LogicTestProblem.Comparison?
        }

        var passed: Bool
        var failure: Failure?
    }

    private func problem(_ kind: LogicTestProblem.Kind, _ message: String, line: Int? = nil, column: Int? = nil) -> LogicTestProblem {
        LogicTestProblem(
            kind: kind, message: message, file: file.path, line: line, column: column,
            sourceLine: line.flatMap { file.lineText($0) })
    }

    private static func frame(in stack: String, of path: String) -> (Int?, Int?) {
        for line in stack.split(separator: "\n") where line.contains("@\(path):") || line.hasPrefix("\(path):") {
            let numbers = line.split(separator: ":").suffix(2).compactMap { Int($0) }
            if numbers.count == 2 { return (numbers[0], numbers[1]) }
        }
        return (nil, nil)
    }

    static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }
}
