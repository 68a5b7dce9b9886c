import Testing
@testable import MiniAppKit

/// Insertions copy the file's own style; the rest of the file keeps every byte.
struct JSONTextEditorTests {
    private func edit(_ text: String, _ change: (JSONTextEditor, JSONNode) -> JSONTextEdit) throws -> String {
        let document = JSONParser.parse(SourceFile(path: "x.json", text: text))
        let root = try #require(document.root)
        let bytes = JSONTextEdit.apply([change(JSONTextEditor(document: document), root)], to: document.file.bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    private let tab = JSONTextValue.object([JSONTextMember("page", .string("pages/b/b")), JSONTextMember("text", .string("B"))])

    @Test func aTabIsLaidOutLikeTheTabAboveIt() throws {
        let multiline = """
            {
                "tabs": [
                    {
                        "page": "pages/a/a",
                        "text": "A"
                    }
                ]
            }
            """
        #expect(
            try edit(multiline) { $0.appending(tab, to: $1["tabs"]!) } == """
                {
                    "tabs": [
                        {
                            "page": "pages/a/a",
                            "text": "A"
                        },
                        {
                            "page": "pages/b/b",
                            "text": "B"
                        }
                    ]
                }
                """)
        #expect(
            try edit(#"{"tabs":[{"page":"pages/a/a","text":"A"}]}"#) { $0.appending(tab, to: $1["tabs"]!) }
                == #"{"tabs":[{"page":"pages/a/a","text":"A"},{"page":"pages/b/b","text":"B"}]}"#)
    }

    @Test func anEmptyListOrObjectGetsTheFilesIndentation() throws {
        #expect(
            try edit("{\n\t\"pages\": []\n}\n") { $0.appending(.string("pages/a/a"), to: $1["pages"]!) }
                == "{\n\t\"pages\": [\n\t\t\"pages/a/a\"\n\t]\n}\n")
        #expect(try edit("{}\n") { $0.adding(JSONTextMember("a.title", .string("A")), to: $1) } == "{\n  \"a.title\": \"A\"\n}\n")
        #expect(
            try edit("{ \"x\": \"y\" }") { $0.adding(JSONTextMember("tab_bar", .object([JSONTextMember("tabs", .array([tab]))])), to: $1) }
                == #"{ "x": "y", "tab_bar": { "tabs": [{ "page": "pages/b/b", "text": "B" }] } }"#)
    }

    @Test func aFileWithCRLFLineBreaksKeepsThem() throws {
        #expect(
            try edit("{\r\n  \"pages\": []\r\n}\r\n") { $0.appending(.string("pages/a/a"), to: $1["pages"]!) }
                == "{\r\n  \"pages\": [\r\n    \"pages/a/a\"\r\n  ]\r\n}\r\n")
    }

    @Test func aNewMemberHoldingContainersIsWrittenOneEntryALine() throws {
        #expect(
            try edit("{\n  \"pages\": [\"pages/a/a\"]\n}\n") {
                $0.adding(JSONTextMember("tab_bar", .object([JSONTextMember("tabs", .array([tab]))])), to: $1)
            } == """
                {
                  "pages": ["pages/a/a"],
                  "tab_bar": {
                    "tabs": [
                      { "page": "pages/b/b", "text": "B" }
                    ]
                  }
                }

                """)
        // Strings are escaped as JSON.
        #expect(
            try edit("{\"a\": \"b\"}") { $0.adding(JSONTextMember("q", .string("say \"hi\"\n")), to: $1) }
                == #"{"a": "b", "q": "say \"hi\"\n"}"#)
    }
}
