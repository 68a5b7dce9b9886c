import Testing
@testable import MiniAppKit

struct JSONParserTests {
    private func parse(_ text: String) -> JSONDocument {
        JSONParser.parse(SourceFile(path: "test.json", text: text))
    }

    private func parse(bytes: [UInt8]) -> JSONDocument {
        JSONParser.parse(SourceFile(path: "test.json", bytes: bytes))
    }

    /// Issues as "line:column kind-name message" for exact comparison.
    private func issues(_ document: JSONDocument) -> [String] {
        document.issues.map { issue in
            let position = document.file.position(at: issue.range.lowerBound)
            return "\(position.line):\(position.column) \(issue.message)"
        }
    }

    @Test func keepsTheRangesOfKeysAndValues() throws {
        let document = parse("{\n  \"name\": \"Demo\",\n  \"list\": [1, true, null]\n}")
        #expect(document.issues.isEmpty)
        let root = try #require(document.root)
        let name = try #require(root.member("name"))
        #expect(document.file.position(at: name.keyRange.lowerBound) == SourcePosition(offset: 4, line: 2, column: 3))
        #expect(document.file.position(at: name.value.range.lowerBound).column == 11)
        #expect(name.value.stringValue == "Demo")
        let list = try #require(root["list"]?.elements)
        #expect(list.map(\.typeName) == ["number", "boolean", "null"])
        #expect(document.file.position(at: list[1].range.lowerBound) == SourcePosition(offset: 34, line: 3, column: 15))
    }

    @Test func decodesEscapesAndSurrogatePairs() {
        let document = parse(#"["a\"b\\c\/d\n", "\u00e9\ud83d\ude00"]"#)
        #expect(document.issues.isEmpty)
        #expect(document.root?.elements?.map { $0.stringValue ?? "" } == ["a\"b\\c/d\n", "é😀"])
    }

    @Test func integersAreNumbersWrittenWithoutFractionOrExponent() {
        let values = parse("[1, -0, 2.0, 1e2, 9223372036854775808]").root?.elements?.map(\.integerValue)
        #expect(values == [1, 0, nil, nil, nil])
    }

    @Test func reportsDuplicateKeysAndKeepsTheLastValue() {
        let document = parse("{\"a\": 1,\n \"a\": 2}")
        #expect(issues(document) == ["2:2 duplicate key 'a'; the last value wins and the earlier one is lost"])
        #expect(document.root?["a"]?.integerValue == 2)
        guard case .duplicateKey(let first) = document.issues[0].kind else {
            Issue.record("wrong kind")
            return
        }
        #expect(first == 1..<4)
    }

    /// Small objects find earlier keys by a scan, large ones through a table built at the
    /// 12th key: a duplicate on either side of that, and across it, points at the first key.
    @Test func duplicateKeysAreFoundInSmallAndLargeObjects() {
        // Keys k0...k19, one per line, then k2 (scan), k5 again late and k15 (table).
        let keys = (0..<20).map { "k\($0)" } + ["k2", "k5", "k15", "k2"]
        let text = "{\n" + keys.enumerated().map { "\"\($0.element)\": \($0.offset)" }.joined(separator: ",\n") + "\n}"
        let document = parse(text)
        let firsts = document.issues.compactMap { issue -> Int? in
            guard case .duplicateKey(let first) = issue.kind else { return nil }
            return document.file.position(at: first.lowerBound).line
        }
        // Key kN sits on line N + 2.
        #expect(firsts == [4, 7, 17, 4])
        #expect(issues(document).map { String($0.prefix(3)) } == ["22:", "23:", "24:", "25:"])
        #expect(document.root?["k2"]?.integerValue == 23)
        let small = parse("{\"a\": 1, \"b\": 2, \"a\": 3}")
        #expect(issues(small) == ["1:18 duplicate key 'a'; the last value wins and the earlier one is lost"])
    }

    @Test func recoversFromTrailingCommasAndComments() {
        let document = parse("{\n  // note\n  \"a\": [1, 2,],\n  /* block */ \"b\": 3,\n}")
        #expect(
            issues(document) == [
                "2:3 comments are not allowed in JSON",
                "3:13 trailing comma; JSON does not allow a comma before a closing bracket",
                "4:3 comments are not allowed in JSON",
                "4:21 trailing comma; JSON does not allow a comma before a closing bracket",
            ])
        #expect(document.root?["b"]?.integerValue == 3)
    }

    @Test func reportsAByteOrderMarkAndParsesTheRest() {
        let document = parse(bytes: [0xEF, 0xBB, 0xBF] + Array("{\"a\": 1}".utf8))
        #expect(issues(document) == ["1:1 file starts with a UTF-8 byte order mark, which JSON parsers such as 'JSON.parse' reject"])
        #expect(document.root?["a"]?.integerValue == 1)
    }

    @Test func reportsTheFirstInvalidUTF8ByteAndHowManyThereAre() {
        let document = parse(bytes: Array("{\"a\": \"caf".utf8) + [0xE9] + Array("\",\n\"b\": \"".utf8) + [0xFF, 0xC0] + Array("\"}".utf8))
        #expect(issues(document) == ["1:11 invalid UTF-8 byte 0xE9 (3 invalid bytes in the file); JSON text must be UTF-8"])
        #expect(document.root?["b"] != nil)
    }

    @Test func stopsAtTheNestingLimitWithoutRecursingFurther() {
        let depth = 100_000
        let document = parse(String(repeating: "[", count: depth) + String(repeating: "]", count: depth))
        #expect(document.root == nil)
        #expect(issues(document) == ["1:129 nesting is deeper than 128 levels"])
        guard case .tooDeep = document.issues[0].kind else {
            Issue.record("wrong kind")
            return
        }
    }

    @Test func acceptsNestingUpToTheLimit() {
        let depth = Limits.jsonNesting
        let document = parse(String(repeating: "[", count: depth) + String(repeating: "]", count: depth))
        #expect(document.issues.isEmpty)
        #expect(document.root != nil)
    }

    @Test(arguments: [
        ("", "1:1 file is empty; expected a JSON value"),
        ("{\"a\" 1}", "1:6 expected ':' after the key 'a'"),
        ("{\"a\": 1 \"b\": 2}", "1:9 unexpected character '\"'; expected ',' or '}' after the value of 'a'"),
        ("{'a': 1}", "1:2 keys must use double quotes, not single quotes"),
        ("[\"abc", "1:2 unterminated string"),
        ("[\"a\nb\"]", "1:2 unterminated string: a line break must be written '\\n' inside a string"),
        ("[01]", "1:3 numbers must not have leading zeros"),
        ("[1.]", "1:4 expected a digit after the decimal point"),
        ("[tru]", "1:2 unexpected character 't'; expected a value"),
        ("{\"a\": 1} x", "1:10 unexpected character 'x' after the JSON value"),
        ("[\"\\x\"]", "1:3 invalid escape sequence '\\x' in a string"),
        ("[\"\\u12\"]", "1:3 '\\u' must be followed by four hexadecimal digits"),
        ("[1, 2", "1:6 unexpected end of file; expected ']' to close the array"),
        ("{\"a\": ", "1:7 unexpected end of file; expected a value"),
        ("[\"tab\there\"]", "1:6 control character U+0009 must be escaped inside a string"),
        ("[NaN]", "1:2 unexpected character 'N'; expected a value"),
    ])
    func reportsSyntaxErrorsAtTheirPosition(text: String, expected: String) {
        let document = parse(text)
        #expect(document.root == nil)
        #expect(issues(document) == [expected])
    }
}
