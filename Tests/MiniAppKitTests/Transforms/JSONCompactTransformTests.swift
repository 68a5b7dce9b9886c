import Testing
@testable import MiniAppKit

private func compact(_ text: String) -> TransformResult {
    transformed(text, path: "i18n/en.json")
}

private func compactText(_ text: String) -> String {
    transformedText(text, path: "i18n/en.json")
}

/// The same value, member for member: what the runtime's `JSON.parse` would build.
private func sameValue(_ first: String, _ second: String) -> Bool {
    let firstDocument = JSONParser.parse(SourceFile(path: "a.json", text: first))
    let secondDocument = JSONParser.parse(SourceFile(path: "b.json", text: second))
    guard let firstRoot = firstDocument.root, let secondRoot = secondDocument.root else { return false }
    return firstDocument.issues.isEmpty && secondDocument.issues.isEmpty && JSONValueComparison.same(firstRoot, secondRoot)
}

extension TransformTests {
    @Suite struct JSONCompactTransformTests {
        @Test func removesWhitespaceAndKeepsKeyOrder() {
            let source = """
                {
                  "zeta": 1,
                  "alpha": [ true, false, null ],
                  "nested": { "b": {}, "a": [] }
                }

                """
            let result = compact(source)
            #expect(result.transform == "json-compact")
            #expect(String(decoding: result.bytes, as: UTF8.self) == #"{"zeta":1,"alpha":[true,false,null],"nested":{"b":{},"a":[]}}"#)
        }

        @Test func keepsNumberTextVerbatim() {
            #expect(
                compactText(#"[ 1.0, -0, 1e3, 1E+03, 0.10, 12345678901234567890123 ]"#)
                    == #"[1.0,-0,1e3,1E+03,0.10,12345678901234567890123]"#)
        }

        @Test func writesStringsWithTheFewestEscapes() {
            // Non-ASCII stays UTF-8; `\/` and `\u` escapes of printable characters become the character.
            #expect(compactText(#"{ "title" : "Épicerie \u00e9\u0041 a\/b \ud83d\ude00 😀" }"#) == #"{"title":"Épicerie éA a/b 😀 😀"}"#)
            // Quotes, backslashes and line breaks keep (or get) their short escapes.
            #expect(
                compactText(#"[ "\u0022 \" \u005c \\ \u000a \n \u0009 \u0008 \u000C \u000D" ]"#) == #"["\" \" \\ \\ \n \n \t \b \f \r"]"#)
            // Controls without a short escape, line separators and lone surrogates stay escaped as written.
            #expect(
                compactText(#"[ "\u0001 \u001F \u2028 \u2029 \uD800 x \udc00" ]"#) == #"["\u0001 \u001F \u2028 \u2029 \uD800 x \udc00"]"#)
            // A high surrogate followed by an escape that is not a low one.
            #expect(compactText(#"[ "\uD83D\u0041" ]"#) == #"["\uD83DA"]"#)
        }

        @Test func preservesTheValue() throws {
            let sources = [
                #"{ "a": "x\ty", "b": [ { "c": "\u00e9\n" } ], "d": -1.5e-7, "e": "" , "f": "\\u0041" }"#,
                "[\n\t\"tab\\tand\\u00A0nbsp\",\r\n  0  ]",
                #"  "just a string with \"quotes\""  "#,
                "  42  ",
            ]
            for source in sources {
                let output = compactText(source)
                #expect(sameValue(source, output), "\(source) → \(output)")
                #expect(output.utf8.count < source.utf8.count)
            }
            for path in realisticFiles where path.hasSuffix(".json") {
                let file = try loadFixture(path, root: fixtureRoot)
                let result = PackTransform.apply(to: file)
                #expect(result.transform == "json-compact", "\(path)")
                #expect(sameValue(file.text, String(decoding: result.bytes, as: UTF8.self)), "\(path)")
                #expect(!result.bytes.contains(UInt8(ascii: "\n")))
            }
        }

        @Test func leavesFilesWithIssuesAsWritten() {
            let sources = [
                #"{ "a": 1, "a": 2 }"#,  // duplicate key
                #"{ "a": 1, }"#,  // trailing comma
                "{ \"a\": 1 } // note",  // comment
                "\u{FEFF}{ \"a\": 1 }",  // byte order mark
                #"{ "a": 1 "#,  // syntax error
                "   ",  // empty
            ]
            for source in sources {
                let result = compact(source)
                #expect(result.transform == nil, "\(source)")
                #expect(result.bytes == Array(source.utf8))
            }
        }
    }
}
