import Foundation
import MiniAppKitTestProcess
import MiniAppKitTestSupport
import Testing
@testable import MiniAppKit

/// The single pass against the parse with positions, on the same bytes: both must give the
/// same compact bytes, or both give up. (The transform falls back to the parse whenever the
/// single pass gives up, so a refusal alone would keep the result; these tests hold the single
/// pass to refusing only what the parse refuses, so data files never pay for both.)
private func disagreement(_ bytes: [UInt8], path: String = "assets/data/data.json") -> String? {
    let singlePass = JSONSinglePassCompactor.compact(bytes)
    let document = JSONParser.parse(SourceFile(path: path, bytes: bytes))
    let parsed = JSONCompactTransform.compactByParsing(document)
    let fromDocument = JSONCompactTransform.transform(document)
    guard singlePass != parsed || fromDocument != parsed else { return nil }
    func text(_ output: [UInt8]?) -> String { output.map { String(reflecting: String(decoding: $0, as: UTF8.self)) } ?? "nil" }
    return "\(path): input \(Array(bytes.prefix(200))): single pass \(text(singlePass)), parse \(text(parsed)), "
        + "from the document \(text(fromDocument))"
}

/// Checks every input, and reports the first disagreements only (a broken pass fails thousands).
private func expectAgreement(_ inputs: [(path: String, bytes: [UInt8])], sourceLocation: SourceLocation = #_sourceLocation) {
    let disagreements = inputs.compactMap { disagreement($0.bytes, path: $0.path) }
    #expect(disagreements.isEmpty, "\(disagreements.count) of \(inputs.count): \(disagreements.prefix(5))", sourceLocation: sourceLocation)
}

private func accepted(_ text: String) -> String? {
    JSONSinglePassCompactor.compact(Array(text.utf8)).map { String(decoding: $0, as: UTF8.self) }
}

/// Every `.json` file under `folders` of the package, build folders left out.
private func jsonFiles(under folders: [String]) -> [(path: String, bytes: [UInt8])] {
    folders.flatMap { folder -> [(path: String, bytes: [UInt8])] in
        let root = fixtureRoot.appendingPathComponent(folder)
        guard let walk = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { return [] }
        var files: [(path: String, bytes: [UInt8])] = []
        for case let url as URL in walk {
            if url.lastPathComponent == ".build" {
                walk.skipDescendants()
            } else if url.pathExtension.lowercased() == "json", let data = try? Data(contentsOf: url) {
                files.append((url.path, Array(data)))
            }
        }
        return files
    }
}

extension TransformTests {
    @Suite struct JSONSinglePassCompactorTests {
        @Test func writesWhatTheParseWrites() {
            #expect(
                accepted(" { \"b\" : [ 1 , -0.5e+3 , true , false , null ] ,\n\t\"a\" : { } , \"c\" : [ ] } ")
                    == #"{"b":[1,-0.5e+3,true,false,null],"a":{},"c":[]}"#)
            #expect(
                accepted(#"[ "\u00e9\/\u0041\ud83d\ude00", "\ud800", "\u2028", "\u0001", "plain é" ]"#)
                    == #"["é/A😀","\ud800","\u2028","\u0001","plain é"]"#)
            #expect(accepted(" 12 ") == "12")
            #expect(accepted(#"  "\u0022"  "#) == #""\"""#)
        }

        /// Each issue `JSONParser` reports, and each syntax error, is a refusal.
        @Test func givesUpOnEveryIssue() {
            let sources = [
                "", "  \n", "\u{FEFF}{}", "{} // c", "/* c */ {}", "[1,]", #"{"a":1,}"#, #"{"a":1,"a":2}"#,
                #"{"a":1,"\u0061":2}"#, #"{"K":1,"\u212A":2}"#, #"{"é":1,"e\u0301":2}"#, #"{"\ud800":1,"\udc00":2}"#,
                #"{"\ud800":1,"\ufffd":2}"#, "[01]", "[1.]", "[.5]", "[-]", "[1e]", "[+1]", "[0x1]", "[1_0]", "[1.2.3]", "[NaN]",
                "[tru]", "[truex]", "[nul]", "['a']", #"{'a':1}"#, #"{a:1}"#, "[\"a\nb\"]", "[\"a\tb\"]", "[\"\u{0}\"]",
                #"["\x"]"#, #"["\u12"]"#, #"["\uZZZZ"]"#, #"["\ud800\uZZZZ"]"#, #"["a"#, "[1 2]", #"{"a" 1}"#, "{\"a\":1 \"b\":2}",
                "[1] [2]", "[1]x", "}", "]", ",", ":", "[1}", #"{"a":1]"#,
                String(repeating: "[", count: 129) + String(repeating: "]", count: 129),
            ]
            for source in sources {
                #expect(accepted(source) == nil, "\(String(reflecting: source))")
            }
            for bytes: [UInt8] in [
                [0x5B, 0x22, 0xFF, 0x22, 0x5D], [0x5B, 0x22, 0xC0, 0x80, 0x22, 0x5D], [0x5B, 0x22, 0xED, 0xA0, 0x80, 0x22, 0x5D],
            ] {
                #expect(JSONSinglePassCompactor.compact(bytes) == nil, "\(bytes)")
            }
            expectAgreement(sources.map { ("a.json", Array($0.utf8)) })
        }

        @Test func nestsAsDeepAsTheParserAllows() {
            let deepest = String(repeating: "[", count: 128) + "0" + String(repeating: "]", count: 128)
            #expect(accepted(deepest) == deepest)
            let objects = String(repeating: #"{"a":"#, count: 128) + "0" + String(repeating: "}", count: 128)
            #expect(accepted(objects) == objects)
            #expect(accepted(String(repeating: #"{"a":"#, count: 129) + "0" + String(repeating: "}", count: 129)) == nil)
        }

        /// Keys are compared as the parser compares them, so an object with many keys (read
        /// through a table past `JSONParser.keysScannedInOrder`) and sibling objects at one
        /// depth (whose key lists are reused) find duplicates alike.
        @Test func findsDuplicateKeysInLargeAndSiblingObjects() {
            let many = (0..<40).map { #""k\#($0)":\#($0)"# }
            #expect(accepted("{" + many.joined(separator: ",") + "}") != nil)
            #expect(accepted("{" + (many + [#""k3":0"#]).joined(separator: ",") + "}") == nil)
            #expect(accepted("{" + (many + [#""\u006B39":0"#]).joined(separator: ",") + "}") == nil)
            #expect(accepted(#"[{"a":1,"b":2},{"a":1,"b":2},{"b":{"a":{"b":1}},"a":3}]"#) != nil)
            #expect(accepted(#"[{"a":1},{"b":{"a":1,"c":{"a":2}},"c":1,"b":0}]"#) == nil)
        }

        @Test func agreesOnTheFixturesAndExamples() {
            let files = jsonFiles(under: ["Tests/Fixtures", "Examples", "Templates"])
            #expect(files.count >= 40)
            expectAgreement(files)
        }

        /// The speed benchmark's app, small: its data files are what the single pass is for.
        @Test func agreesOnTheSpeedAppsData() async throws {
            let root = FileManager.default.temporaryDirectory.appendingPathComponent("mactl-json-speed-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: root) }
            let script = fixtureRoot.appendingPathComponent("Benchmarks/make-speed-app.py").path
            _ = try await TestProcess.run(tool: "python3", [script, root.path, "4", "2", "20", "4", "2"], timeout: .seconds(120))
            let files = try FileManager.default.subpathsOfDirectory(atPath: root.path).filter { $0.hasSuffix(".json") }.map {
                (path: $0, bytes: Array(try Data(contentsOf: root.appendingPathComponent($0))))
            }
            #expect(files.filter { $0.0.hasPrefix("assets/data/") }.count >= 2)
            for file in files where file.0.hasPrefix("assets/data/") {
                #expect(JSONSinglePassCompactor.compact(file.1) != nil, "\(file.0)")
            }
            expectAgreement(files)
        }

        @Test func agreesOnGeneratedAndMutatedInputs() {
            var generator = SeededGenerator(seed: 43)
            var inputs: [(path: String, bytes: [UInt8])] = []
            for _ in 0..<1_500 {
                let value = Array(JSONInputGenerator.value(depth: 0, using: &generator).utf8)
                inputs.append(("a.json", value))
                for _ in 0..<4 {
                    inputs.append(("a.json", JSONInputGenerator.mutate(value, using: &generator)))
                }
            }
            let acceptedCount = inputs.filter { JSONSinglePassCompactor.compact($0.bytes) != nil }.count
            // Both sides of the line are exercised.
            #expect(acceptedCount > inputs.count / 5 && acceptedCount < inputs.count * 4 / 5, "\(acceptedCount) of \(inputs.count)")
            expectAgreement(inputs)
        }
    }
}

/// Random JSON texts with what the parser is particular about: whitespace of every kind,
/// every escape, lone surrogates, non-ASCII, number forms, keys that are equal only once
/// decoded or normalized; and mutations that break them in the ways authors and tools do.
enum JSONInputGenerator {
    static let whitespace = ["", "", " ", "\n", "\t", "\r\n", "  "]
    static let keys = [
        "a", "b", "id", "name", #"\u0061"#, "K", #"\u212A"#, "é", #"e\u0301"#, #"\ud800"#, #"\udc00"#, #"\ufffd"#, "\u{FFFD}", "", "k\\\"",
    ]
    static let stringPieces = [
        "abc", " ", "é", "😀", "中文", #"\n"#, #"\t"#, #"\""#, #"\\"#, #"\/"#, #"\b"#, #"\f"#, #"\r"#, #"\u00e9"#, #"\u0041"#,
        #"\u0000"#, #"\u001f"#, #"\u007F"#, #"\ud83d\ude00"#, #"\uD83D\uDE00"#, #"\ud800"#, #"\udc00"#, #"\ud800\u0041"#,
        #"\u2028"#, "\u{2028}", #"\u0022"#, #"\u005C"#, #"\u002F"#, "\u{7F}", "/", "'",
    ]
    static let numbers = [
        "0", "-0", "1", "-1", "12.5", "-12.5e+3", "1E5", "1e-7", "1e999", "-1e999", "123456789012345678901234567890", "0.0001",
        "0.10", "1.0", "9007199254740993",
    ]

    static func pick(_ choices: [String], using generator: inout SeededGenerator) -> String {
        choices.randomElement(using: &generator)!
    }

    static func value(depth: Int, using generator: inout SeededGenerator) -> String {
        let space = { (generator: inout SeededGenerator) in pick(whitespace, using: &generator) }
        let kind = Int.random(in: 0..<(depth >= 4 ? 5 : 8), using: &generator)
        switch kind {
        case 0: return pick(numbers, using: &generator)
        case 1: return pick(["true", "false", "null"], using: &generator)
        case 2...4:
            let count = Int.random(in: 0...4, using: &generator)
            return "\"" + (0..<count).map { _ in pick(stringPieces, using: &generator) }.joined() + "\""
        case 5:
            let count = Int.random(in: 0...4, using: &generator)
            let elements = (0..<count).map { _ in space(&generator) + value(depth: depth + 1, using: &generator) + space(&generator) }
            return "[" + space(&generator) + elements.joined(separator: ",") + "]"
        default:
            let count = Int.random(in: 0...5, using: &generator)
            let members = (0..<count).map { _ in
                space(&generator) + "\"" + pick(keys, using: &generator) + "\"" + space(&generator) + ":" + space(&generator)
                    + value(depth: depth + 1, using: &generator) + space(&generator)
            }
            return "{" + space(&generator) + members.joined(separator: ",") + "}"
        }
    }

    static let insertions: [[UInt8]] = [
        [0x2C], [0x2C, 0x5D], [0x2C, 0x7D], Array("/* c */".utf8), Array("// c\n".utf8), [0xEF, 0xBB, 0xBF], [0xFF], [0xC0, 0x80],
        [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82], [0x00], [0x0A], [0x09], Array(#"\"#.utf8),
        Array(#"\u0000"#.utf8), Array(#"\ud800"#.utf8), Array(#"\/"#.utf8), Array(#"\x"#.utf8), Array("01".utf8),
        Array("1e999".utf8), Array("-0".utf8), Array(".5".utf8), Array("1.".utf8), Array("tru".utf8), Array("'a'".utf8),
        Array(#""a":1,"#.utf8), Array(#""a""#.utf8), Array("[".utf8), Array("]".utf8), Array("{".utf8), Array("}".utf8),
        Array(":".utf8), Array("\"".utf8), Array(" ".utf8), Array("e".utf8), Array("_".utf8),
    ]

    static func mutate(_ bytes: [UInt8], using generator: inout SeededGenerator) -> [UInt8] {
        var bytes = bytes
        let at = Int.random(in: 0...bytes.count, using: &generator)
        switch Int.random(in: 0..<8, using: &generator) {
        case 0:
            bytes.removeSubrange(at...)
        case 1, 2, 3:
            bytes.insert(contentsOf: insertions.randomElement(using: &generator)!, at: at)
        case 4:
            if at < bytes.count { bytes.remove(at: at) }
        case 5:
            if at < bytes.count { bytes[at] = insertions.randomElement(using: &generator)!.first! }
        case 6:
            let levels = Int.random(in: 125...129, using: &generator)
            let open = Bool.random(using: &generator) ? Array("[".utf8) : Array(#"{"a":"#.utf8)
            let close = open == Array("[".utf8) ? UInt8(ascii: "]") : UInt8(ascii: "}")
            bytes = Array(Array(repeating: open, count: levels).joined()) + bytes + Array(repeating: close, count: levels)
        default:
            // A member of an object repeated: a duplicate key unless its object is a different one.
            if let colon = bytes.firstIndex(of: UInt8(ascii: ":")), let quote = bytes[..<colon].lastIndex(of: UInt8(ascii: "\"")),
                let keyStart = bytes[..<quote].lastIndex(of: UInt8(ascii: "\""))
            {
                bytes.insert(contentsOf: bytes[keyStart...colon] + Array("1,".utf8), at: keyStart)
            }
        }
        return bytes
    }
}
