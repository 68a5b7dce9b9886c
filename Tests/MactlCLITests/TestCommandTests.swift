import Foundation
import Testing

/// `mactl test` from the command line: the scaffolds' tests pass, failures are reported where
/// they are with exit 1, the run goes on past a broken file and a looping handler, and the
/// JSON and JUnit reports are exact.
struct TestCommandTests {
    /// A one-page app with a counter, and `tests` as given.
    static func writeApp(in folder: URL, tests: [String: String]) throws {
        let files: [String: String] = [
            "manifest.json": """
            {"app_id": "com.example.t", "name": "T", "icons": [], "version": {"code": 1, "name": "1.0"},
             "platform_version": {"min_code": 1}, "pages": ["pages/a/a"]}
            """,
            "pages/a/a.js": """
            Page({
              data: { count: 0 },
              onTap() { this.setData({ count: this.data.count + 1 }); },
              onSpin() { while (true) {} },
              onBroken() { return this.data.missing.value; },
            });
            """,
            "app.js": "",
            "app.css": "",
            "pages/a/a.html": """
            <body x-data="page">
              <p x-text="store.count"></p>
              <button @click="onTap()">Add</button>
            </body>
            """,
        ].merging(tests) { $1 }
        for (path, text) in files {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
    }

    static let passingAndFailing = """
        test('a tap on Add adds one', async () => {
          const page = await app.open('pages/a/a');
          await page.tap('Add');
          expect(page.data.count).toBe(1);
        });
        test('a wrong count', async () => {
          const page = await app.open('pages/a/a');
          expect(page.data.count).toBe(2);
        });
        test.skip('not yet', () => {});
        """

    @Test(arguments: ["tabs", "blank"]) func aNewProjectsTestsPass(template: String) async throws {
        try await CLIRunner.withTemporaryFolder { folder in
            #expect(try await CLIRunner.run(["new", "app", "--template", template], in: folder).status == 0)
            let result = try await CLIRunner.run(["test", "app"], in: folder)
            #expect(result.status == 0)
            #expect(result.standardOutput.hasSuffix(template == "tabs" ? "\n7 passed, 0 failed\n" : "\n1 passed, 0 failed\n"))
            #expect(!result.standardOutput.contains("✘"))
        }
    }

    @Test func aFailedExpectationIsShownWhereItIsAndExits1() async throws {
        try await CLIRunner.withTemporaryFolder { folder in
            try Self.writeApp(in: folder, tests: ["tests/a.test.js": Self.passingAndFailing])
            let result = try await CLIRunner.run(["test", "."], in: folder)
            #expect(result.status == 1)
            #expect(result.standardError == "")
            #expect(
                result.standardOutput == """
                    tests/a.test.js
                      ✔ a tap on Add adds one
                      ✘ a wrong count
                        tests/a.test.js:8:31: expected 0 to be 2
                          8 |   expect(page.data.count).toBe(2);
                            |                               ^
                      - not yet (skipped)

                    1 passed, 1 failed, 1 skipped

                    """)
        }
    }

    @Test func theRunGoesOnPastABrokenFileALoopAndAThrowingHandler() async throws {
        try await CLIRunner.withTemporaryFolder { folder in
            try Self.writeApp(
                in: folder,
                tests: [
                    "tests/broken.test.js": "test('x', () => {\n  expect(1).toBe(1;\n});\n",
                    "tests/handlers.test.js": """
                    test('a handler that loops', async () => {
                      const page = await app.open('pages/a/a');
                      await page.tap('onSpin');
                    });
                    test('a handler that throws', async () => {
                      const page = await app.open('pages/a/a');
                      await page.tap('onBroken');
                    });
                    test('the next test still runs', async () => {
                      const page = await app.open('pages/a/a');
                      await page.tap('onTap');
                      expect(page.data.count).toBe(1);
                    });
                    """,
                ])
            let result = try await CLIRunner.run(["test", ".", "--timeout", "0.5"], in: folder)
            #expect(result.status == 1)
            #expect(
                result.standardOutput == """
                    tests/broken.test.js
                      ✘ (the file)
                        tests/broken.test.js:2:19: the test file does not load: SyntaxError: Unexpected token ';'. Expected ')' to end an argument list.
                          2 |   expect(1).toBe(1;
                            |                   ^
                    tests/handlers.test.js
                      ✘ a handler that loops
                        tests/handlers.test.js: the test ran longer than 0.5 s (it was running onSpin of pages/a/a)
                      ✘ a handler that throws
                        the app reported an error the device drops silently (a test that expects it takes it with app.takeErrors())
                        pages/a/a.js:5:40: onBroken of pages/a/a threw TypeError: undefined is not an object (evaluating 'this.data.missing.value'); on the device this is silent
                          5 |   onBroken() { return this.data.missing.value; },
                            |                                        ^
                      ✔ the next test still runs

                    1 passed, 3 failed

                    """)
        }
    }

    @Test func jsonAndJUnitReports() async throws {
        try await CLIRunner.withTemporaryFolder { folder in
            try Self.writeApp(in: folder, tests: ["tests/a.test.js": Self.passingAndFailing])
            let json = try await CLIRunner.run(["test", ".", "--format", "json"], in: folder)
            #expect(json.status == 1)
            #expect(
                json.standardOutput == """
                    {
                      "appProblems": [],
                      "fileProblems": [],
                      "summary": {
                        "failed": 1,
                        "passed": 1,
                        "skipped": 1
                      },
                      "tests": [
                        {
                          "file": "tests/a.test.js",
                          "name": "a tap on Add adds one",
                          "status": "passed"
                        },
                        {
                          "failure": {
                            "column": 31,
                            "file": "tests/a.test.js",
                            "kind": "expectation",
                            "line": 8,
                            "message": "expected 0 to be 2"
                          },
                          "file": "tests/a.test.js",
                          "name": "a wrong count",
                          "status": "failed"
                        },
                        {
                          "file": "tests/a.test.js",
                          "name": "not yet",
                          "status": "skipped"
                        }
                      ],
                      "version": 1
                    }

                    """)
            let junit = try await CLIRunner.run(["test", ".", "--format", "junit", "--output", "report.xml"], in: folder)
            #expect(junit.status == 1)
            #expect(junit.standardOutput == "")
            #expect(junit.standardError == "1 passed, 1 failed, 1 skipped\n")
            let xml = try String(contentsOf: folder.appendingPathComponent("report.xml"), encoding: .utf8)
            #expect(
                xml == """
                    <?xml version="1.0" encoding="UTF-8"?>
                    <testsuites name="mactl test" tests="3" failures="1" skipped="1">
                      <testsuite name="tests/a.test.js" tests="3" failures="1" skipped="1">
                        <testcase classname="tests/a.test.js" name="a tap on Add adds one"/>
                        <testcase classname="tests/a.test.js" name="a wrong count">
                          <failure type="expectation" message="expected 0 to be 2">tests/a.test.js:8:31: expected 0 to be 2&#10;  8 |   expect(page.data.count).toBe(2);&#10;    |                               ^</failure>
                        </testcase>
                        <testcase classname="tests/a.test.js" name="not yet"><skipped/></testcase>
                      </testsuite>
                    </testsuites>

                    """)
        }
    }

    static let unequalCart = """
        test('the cart', async () => {
          const page = await app.open('pages/a/a');
          expect({ count: page.data.count, items: ['tea'] }).toEqual({ items: ['tea', 'cake'], count: 2 });
        });
        test('one number', () => { expect(1).toEqual(2); });
        """

    /// A failed toEqual of objects is a line diff of the two as sorted JSON, - expected and
    /// + received, in place of the two values on one line; one of numbers keeps its message.
    @Test func aFailedToEqualShowsALineDiff() async throws {
        try await CLIRunner.withTemporaryFolder { folder in
            try Self.writeApp(in: folder, tests: ["tests/cart.test.js": Self.unequalCart])
            let result = try await CLIRunner.run(["test", "."], in: folder)
            #expect(result.status == 1)
            #expect(result.standardError == "")
            #expect(
                result.standardOutput == """
                    tests/cart.test.js
                      ✘ the cart
                        tests/cart.test.js:3:61: the received value does not equal the expected one (- expected, + received)
                          3 |   expect({ count: page.data.count, items: ['tea'] }).toEqual({ items: ['tea', 'cake'], count: 2 });
                            |                                                             ^
                          - expected
                          + received

                            {
                          -   "count": 2,
                          +   "count": 0,
                              "items": [
                          -     "tea",
                          -     "cake"
                          +     "tea"
                              ]
                            }
                      ✘ one number
                        tests/cart.test.js:5:45: expected 1 to equal 2
                          5 | test('one number', () => { expect(1).toEqual(2); });
                            |                                             ^

                    0 passed, 2 failed

                    """)
            // Coloured as Jest colours it, only when asked or on a terminal.
            let colored = try await CLIRunner.run(["test", ".", "--color", "always"], in: folder)
            let escape = "\u{1B}"
            #expect(
                colored.standardOutput.contains(
                    """
                          \(escape)[32m- expected\(escape)[0m
                          \(escape)[31m+ received\(escape)[0m

                            {
                          \(escape)[32m-   "count": 2,\(escape)[0m
                          \(escape)[31m+   "count": 0,\(escape)[0m
                              "items": [
                    """))
            // The documents keep the message whole, and give both values to tools.
            let json = try await CLIRunner.run(["test", ".", "--format", "json"], in: folder)
            #expect(
                json.standardOutput.contains(
                    #"""
                            "comparison": {
                              "expected": "{\n  \"count\": 2,\n  \"items\": [\n    \"tea\",\n    \"cake\"\n  ]\n}",
                              "received": "{\n  \"count\": 0,\n  \"items\": [\n    \"tea\"\n  ]\n}"
                            },
                    """#), "\(json.standardOutput)")
            #expect(
                json.standardOutput.contains(
                    #""message": "expected {\"count\":0,\"items\":[\"tea\"]} to equal {\"items\":[\"tea\",\"cake\"],\"count\":2}""#))
        }
    }

    /// -q: the failed tests and the summary, nothing else; a run that passed is its summary.
    @Test func quietShowsOnlyTheFailures() async throws {
        try await CLIRunner.withTemporaryFolder { folder in
            try Self.writeApp(in: folder, tests: ["tests/a.test.js": Self.passingAndFailing, "tests/b.test.js": "test('fine', () => {});"])
            let result = try await CLIRunner.run(["test", ".", "-q"], in: folder)
            #expect(result.status == 1)
            #expect(
                result.standardOutput == """
                    tests/a.test.js
                      ✘ a wrong count
                        tests/a.test.js:8:31: expected 0 to be 2
                          8 |   expect(page.data.count).toBe(2);
                            |                               ^

                    2 passed, 1 failed, 1 skipped

                    """)
            let passing = try await CLIRunner.run(["test", ".", "--quiet", "--filter", "fine"], in: folder)
            #expect(passing.status == 0)
            #expect(passing.standardOutput == "1 passed, 0 failed\n")
            let json = try await CLIRunner.run(["test", ".", "-q", "--format", "json"], in: folder)
            #expect(json.status == 2)
            #expect(json.standardError.hasPrefix("Error: --quiet shortens the text report; --format json always lists every test\n"))
        }
    }

    /// --watch runs the tests, then again after each change, each run after its time in a log.
    @Test func watchRunsTheTestsAgainAfterAChange() async throws {
        try await CLIRunner.withTemporaryFolder { folder in
            try Self.writeApp(in: folder, tests: ["tests/a.test.js": "test('one', () => { expect(1).toBe(1); });"])
            try await WatchTests.running(["test", ".", "--watch", "--watch-interval", "100"], in: folder) { mactl in
                try await mactl.waitFor("] watching '.' for changes (Ctrl-C to stop)\n")
                #expect(mactl.standardOutput.hasPrefix("tests/a.test.js\n  ✔ one\n\n1 passed, 0 failed\n["), "\(mactl.standardOutput)")
                try "test('one', () => { expect(1).toBe(2); });".write(
                    to: folder.appendingPathComponent("tests/a.test.js"), atomically: true, encoding: .utf8)
                try await mactl.waitFor("0 passed, 1 failed\n")
                let runs = mactl.standardOutput.components(separatedBy: "] change detected; tested again:\ntests/a.test.js\n  ✘ one\n")
                #expect(runs.count == 2, "\(mactl.standardOutput)")
            }
        }
    }

    @Test func filterRunsOnlyTheMatchingTests() async throws {
        try await CLIRunner.withTemporaryFolder { folder in
            try Self.writeApp(in: folder, tests: ["tests/a.test.js": Self.passingAndFailing])
            let result = try await CLIRunner.run(["test", ".", "--filter", "adds one"], in: folder)
            #expect(result.status == 0)
            #expect(result.standardOutput == "tests/a.test.js\n  ✔ a tap on Add adds one\n\n1 passed, 0 failed\n")
        }
    }

    @Test func aProjectWithoutTestsSaysWhereTheyGo() async throws {
        try await CLIRunner.withTemporaryFolder { folder in
            try Self.writeApp(in: folder, tests: [:])
            let result = try await CLIRunner.run(["test", "."], in: folder)
            #expect(result.status == 0)
            #expect(result.standardOutput == "no tests: write them in tests/<name>.test.js (see docs/testing.md)\n0 passed, 0 failed\n")
        }
    }

    @Test func aFolderWithoutAManifestIsRefused() async throws {
        try await CLIRunner.withTemporaryFolder { folder in
            let result = try await CLIRunner.run(["test", "."], in: folder)
            #expect(result.status == 2)
            #expect(result.standardError == "error: '.' has no manifest.json; give the MiniApp's folder\n")
        }
    }

    @Test func testsAreLeftOutOfThePackage() async throws {
        try await CLIRunner.withTemporaryFolder { folder in
            try Self.writeApp(in: folder, tests: ["tests/a.test.js": Self.passingAndFailing])
            #expect(try await CLIRunner.run(["pack", ".", "-o", "app.ma"], in: folder).status == 0)
            let report = try String(contentsOf: folder.appendingPathComponent("app.report.yaml"), encoding: .utf8)
            #expect(report.contains("- path: \"tests/a.test.js\"\n  reason: \"a test, run by 'mactl test'\"\n"))
        }
    }
}
