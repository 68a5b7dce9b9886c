import Foundation

/// `mactl test`'s output: text for a person (as `swift test` and `node --test` print), JSON for
/// tools, JUnit XML for CI servers. No durations: the same tests give the same bytes.
public enum LogicTestReport {
    public enum Format: String, CaseIterable, Sendable {
        case text, json, junit
    }

    /// How the text format is shown; the documents (JSON, JUnit) are always whole and plain.
    public struct TextOptions: Sendable {
        /// ANSI colour for a terminal: the diff's expected lines green, received lines red.
        public var colored = false
        /// Only the failures and the summary: no passed or skipped test, no file all of whose
        /// tests passed.
        public var quiet = false

        public init(colored: Bool = false, quiet: Bool = false) {
            self.colored = colored
            self.quiet = quiet
        }
    }

    public static func render(
        _ run: LogicTestRun, as format: Format, pathPrefix: String = "", text options: TextOptions = TextOptions()
    ) -> String {
        switch format {
        case .text: text(run, pathPrefix: pathPrefix, options: options)
        case .json: json(run, pathPrefix: pathPrefix)
        case .junit: junit(run, pathPrefix: pathPrefix)
        }
    }

    /// `5 passed, 1 failed` (and `, 2 skipped` when some were).
    public static func summary(_ run: LogicTestRun) -> String {
        var parts = ["\(run.passed) passed", "\(run.failed) failed"]
        if run.skipped > 0 { parts.append("\(run.skipped) skipped") }
        return parts.joined(separator: ", ")
    }

    // MARK: - Text

    static func text(_ run: LogicTestRun, pathPrefix: String, options: TextOptions = TextOptions()) -> String {
        var lines: [String] = []
        if run.testFiles.isEmpty {
            return "no tests: write them in tests/<name>.test.js (see docs/testing.md)\n" + summary(run) + "\n"
        }
        if !run.appProblems.isEmpty {
            lines.append("SkipMiniApp would not load this app (\"Error loading MiniApp\"), so no test ran:")
            for problem in run.appProblems { lines += located(problem, pathPrefix: pathPrefix, indent: "  ", colored: options.colored) }
        }
        for file in run.testFiles {
            let problems = run.fileProblems.filter { $0.file == file }
            let results = run.results.filter { $0.file == file && (!options.quiet || $0.status == .failed) }
            guard !problems.isEmpty || !results.isEmpty else { continue }
            lines.append(pathPrefix + file)
            for problem in problems {
                lines.append("  ✘ (the file)")
                lines += located(problem, pathPrefix: pathPrefix, indent: "    ", colored: options.colored)
            }
            for result in results {
                switch result.status {
                case .passed: lines.append("  ✔ \(result.name)")
                case .skipped: lines.append("  - \(result.name) (skipped)")
                case .failed:
                    lines.append("  ✘ \(result.name)")
                    if let failure = result.failure {
                        lines += located(failure, pathPrefix: pathPrefix, indent: "    ", colored: options.colored)
                    }
                    for error in result.appErrors where error != result.failure {
                        lines += located(error, pathPrefix: pathPrefix, indent: "    ", colored: options.colored)
                    }
                }
            }
        }
        if run.testFiles.count > 0 && run.results.isEmpty && run.fileProblems.isEmpty && run.appProblems.isEmpty {
            lines.append("no test matches the filter")
        }
        // A quiet run that passed has nothing above its summary to set it apart from.
        if !lines.isEmpty { lines.append("") }
        lines.append(summary(run))
        return lines.joined(separator: "\n") + "\n"
    }

    /// `path:line:column: message`, then the source line with a caret under the column; for a
    /// failed `toEqual` of values that take several lines, the line diff of the two in place of
    /// the message's two one-line JSON texts.
    private static func located(_ problem: LogicTestProblem, pathPrefix: String, indent: String, colored: Bool = false) -> [String] {
        var lines: [String] = []
        let message =
            problem.comparison == nil ? problem.message : "the received value does not equal the expected one (- expected, + received)"
        if let file = problem.file, let line = problem.line {
            lines.append(indent + "\(pathPrefix)\(file):\(line):\(problem.column ?? 1): \(message)")
            if let source = problem.sourceLine {
                let gutter = String(line)
                lines.append(indent + "  \(gutter) | \(source)")
                let column = max(1, problem.column ?? 1)
                let padding = String(source.prefix(column - 1).map { $0 == "\t" ? "\t" : " " })
                lines.append(indent + "  " + String(repeating: " ", count: gutter.count) + " | " + padding + "^")
            }
        } else {
            lines.append(indent + (problem.file.map { "\(pathPrefix)\($0): " } ?? "") + message)
        }
        if let comparison = problem.comparison { lines += diff(comparison, indent: indent + "  ", colored: colored) }
        return lines
    }

    /// The legend, a blank line, then each line of the diff after its sign, as Jest shows it:
    /// what only the expected value has in green, what only the received one has in red.
    static func diff(_ comparison: LogicTestProblem.Comparison, indent: String, colored: Bool) -> [String] {
        func paint(_ text: String, _ style: String) -> String { colored ? "\u{1B}[\(style)m\(text)\u{1B}[0m" : text }
        let expected = "32", received = "31", dim = "2"
        var lines = [indent + paint("- expected", expected), indent + paint("+ received", received), ""]
        for line in LineDiff.lines(expected: comparison.expected, received: comparison.received) {
            switch line {
            case .same(let text): lines.append(indent + "  " + text)
            case .expected(let text): lines.append(indent + paint("- " + text, expected))
            case .received(let text): lines.append(indent + paint("+ " + text, received))
            case .skipped(let count): lines.append(indent + paint("  … \(count) equal \(count == 1 ? "line" : "lines")", dim))
            }
        }
        return lines
    }

    // MARK: - JSON

    /// Members in the order of their names, as the report has always listed them.
    static func json(_ run: LogicTestRun, pathPrefix: String) -> String {
        func object(_ problem: LogicTestProblem) -> JSONOutput {
            var members: [(String, JSONOutput)] = []
            if let column = problem.column { members.append(("column", .integer(column))) }
            if let comparison = problem.comparison {
                members.append(
                    ("comparison", .object([("expected", .string(comparison.expected)), ("received", .string(comparison.received))])))
            }
            if let file = problem.file { members.append(("file", .string(pathPrefix + file))) }
            members.append(("kind", .string(problem.kind.rawValue)))
            if let line = problem.line { members.append(("line", .integer(line))) }
            members.append(("message", .string(problem.message)))
            return .object(members)
        }
        let tests = run.results.map { result -> JSONOutput in
            var members: [(String, JSONOutput)] = []
            if !result.appErrors.isEmpty { members.append(("appErrors", .array(result.appErrors.map(object)))) }
            if let failure = result.failure { members.append(("failure", object(failure))) }
            members += [
                ("file", .string(pathPrefix + result.file)), ("name", .string(result.name)), ("status", .string(result.status.rawValue)),
            ]
            return .object(members)
        }
        let root = JSONOutput.object([
            ("appProblems", .array(run.appProblems.map(object))),
            ("fileProblems", .array(run.fileProblems.map(object))),
            ("summary", .object([("failed", .integer(run.failed)), ("passed", .integer(run.passed)), ("skipped", .integer(run.skipped))])),
            ("tests", .array(tests)),
            ("version", .integer(1)),
        ])
        return root.pretty() + "\n"
    }

    // MARK: - JUnit XML

    static func junit(_ run: LogicTestRun, pathPrefix: String) -> String {
        var lines = ["<?xml version=\"1.0\" encoding=\"UTF-8\"?>"]
        lines.append(
            "<testsuites name=\"mactl test\" tests=\"\(run.results.count + run.fileProblems.count + run.appProblems.count)\" failures=\"\(run.failed)\" skipped=\"\(run.skipped)\">"
        )
        if !run.appProblems.isEmpty {
            lines.append(
                "  <testsuite name=\"the app\" tests=\"\(run.appProblems.count)\" failures=\"\(run.appProblems.count)\" skipped=\"0\">")
            for problem in run.appProblems {
                lines.append("    <testcase classname=\"the app\" name=\"(loads on the device)\">")
                lines.append(failureElement(problem, pathPrefix: pathPrefix))
                lines.append("    </testcase>")
            }
            lines.append("  </testsuite>")
        }
        for file in run.testFiles {
            let problems = run.fileProblems.filter { $0.file == file }
            let results = run.results.filter { $0.file == file }
            guard !problems.isEmpty || !results.isEmpty else { continue }
            let failures = problems.count + results.filter { $0.status == .failed }.count
            let skipped = results.filter { $0.status == .skipped }.count
            let name = XMLText.escaped(pathPrefix + file)
            lines.append(
                "  <testsuite name=\"\(name)\" tests=\"\(results.count + problems.count)\" failures=\"\(failures)\" skipped=\"\(skipped)\">"
            )
            for problem in problems {
                lines.append("    <testcase classname=\"\(name)\" name=\"(the file)\">")
                lines.append(failureElement(problem, pathPrefix: pathPrefix))
                lines.append("    </testcase>")
            }
            for result in results {
                let opening = "    <testcase classname=\"\(name)\" name=\"\(XMLText.escaped(result.name))\""
                switch result.status {
                case .passed:
                    lines.append(opening + "/>")
                case .skipped:
                    lines.append(opening + "><skipped/></testcase>")
                case .failed:
                    lines.append(opening + ">")
                    if let failure = result.failure {
                        lines.append(failureElement(failure, pathPrefix: pathPrefix, also: result.appErrors.filter { $0 != failure }))
                    }
                    lines.append("    </testcase>")
                }
            }
            lines.append("  </testsuite>")
        }
        lines.append("</testsuites>")
        return lines.joined(separator: "\n") + "\n"
    }

    private static func failureElement(_ problem: LogicTestProblem, pathPrefix: String, also others: [LogicTestProblem] = []) -> String {
        let body = ([problem] + others).flatMap { located($0, pathPrefix: pathPrefix, indent: "") }.joined(separator: "\n")
        return
            "      <failure type=\"\(problem.kind.rawValue)\" message=\"\(XMLText.escaped(problem.message))\">\(XMLText.escaped(body))</failure>"
    }
}
