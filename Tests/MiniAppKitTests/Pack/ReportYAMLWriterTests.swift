import Testing
import Yams

@testable import MiniAppKit

extension ReportValue {
    /// The value as a Yams node, for Yams's serializer: the oracle the writer is held to.
    var node: Node {
        switch self {
        case .map(let members):
            return .mapping(Node.Mapping(members.map { (Node($0.0), $0.1.node) }))
        case .list(let elements):
            return .sequence(Node.Sequence(elements.map(\.node)))
        case .string(let string):
            return .scalar(Node.Scalar(string, .implicit, .doubleQuoted))
        case .integer, .number, .bool, .null:
            return .scalar(Node.Scalar(plainText ?? ""))
        }
    }

    /// The text Yams's serializer gives with the report's settings.
    var yamsText: String {
        (try? Yams.serialize(node: node, indent: 2, width: -1, allowUnicode: true, lineBreak: .ln)) ?? ""
    }
}

/// The report's hand-written YAML is byte for byte what Yams (libyaml) writes for the same
/// value, on the shapes a report has and on many generated ones.
struct ReportYAMLWriterTests {
    @Test func aReportShapedValueIsWrittenAsYamsWritesIt() throws {
        let value = ReportValue.map([
            ("mactl", .string("0.9.0")),
            ("app", .map([("id", .string("org.example.demo")), ("version_code", .integer(3)), ("version", .null)])),
            (
                "files",
                .list([
                    .map([("path", .string("pages/index/index.html")), ("size", .integer(1200)), ("transform", .null)]),
                    .map([("path", .string("assets/ünïcödé \"quoted\" back\\slash.png")), ("ratio", .number(0.123456))]),
                ])
            ),
            ("left_out", .list([])),
            ("lint", .map([])),
            (
                "nested",
                .list([
                    .list([.string("a"), .integer(1)]), .list([]), .map([]), .map([("deep", .map([("deeper", .list([.bool(true)]))]))]),
                ])
            ),
            ("timings_ms", .map([("load_and_lint", .number(12.5)), ("bundle", .number(-0.0))])),
        ])
        let written = ReportYAMLWriter.write(value)
        #expect(written == value.yamsText)
        #expect(written.hasPrefix("mactl: \"0.9.0\"\napp:\n  id: \"org.example.demo\"\n"))
    }

    /// Every character class libyaml escapes in a double-quoted scalar, and the ones it keeps.
    @Test func stringsAreEscapedAsLibyamlEscapesThem() throws {
        var scalars = (0...0x2FF).compactMap(Unicode.Scalar.init)
        scalars += [0x2028, 0x2029, 0xFEFF, 0xFFFD, 0xFFFE, 0x1F600, 0x10FFFF, 0xE000, 0xD7FF].compactMap(Unicode.Scalar.init)
        var text = ""
        text.unicodeScalars.append(contentsOf: scalars)
        let value = ReportValue.map([("text", .string(text)), ("list", .list(scalars.map { .string(String($0)) }))])
        #expect(ReportYAMLWriter.write(value) == value.yamsText)
    }

    /// Random nestings of every case, keys included, against Yams.
    @Test func generatedValuesAreWrittenAsYamsWritesThem() {
        var generator = SeededGenerator(seed: 16)
        let keys = ["a", "files", "size_2", "null", "true", "yes", "on", "n", "y", "x1", "tab_icons"]
        func value(depth: Int) -> ReportValue {
            switch generator.next() % (depth > 3 ? 5 : 7) {
            case 0: return .string(["", " ", "a b", "1.0", "null", "é", "- x", "#", "a: b", "'q'"][Int(generator.next() % 10)])
            case 1: return .integer(Int(generator.next() % 2001) - 1000)
            case 2: return .number(Double(Int(generator.next() % 20001) - 10000) / 7)
            case 3: return .bool(generator.next() % 2 == 0)
            case 4: return .null
            case 5: return .list((0..<Int(generator.next() % 4)).map { _ in value(depth: depth + 1) })
            default:
                return .map(
                    (0..<Int(generator.next() % 4)).map { index in
                        (keys[Int(generator.next() % UInt64(keys.count))] + "\(index)", value(depth: depth + 1))
                    })
            }
        }
        for _ in 0..<500 {
            let generated = value(depth: 0)
            #expect(ReportYAMLWriter.write(generated) == generated.yamsText, "\(generated.yamsText)")
        }
    }

    /// A key unlike the report's own is quoted, and YAML reads it back as written.
    @Test func aKeyThatIsNotPlainIsQuotedAndReadsBack() throws {
        let value = ReportValue.map([("Key With Spaces", .integer(1)), ("pages/index", .string("a")), ("yes", .bool(true))])
        #expect(value.yaml == "\"Key With Spaces\": 1\n\"pages/index\": \"a\"\nyes: true\n")
        let read = try #require(try Yams.load(yaml: value.yaml) as? [String: Any])
        #expect(read["Key With Spaces"] as? Int == 1)
        #expect(read["pages/index"] as? String == "a")
    }
}
