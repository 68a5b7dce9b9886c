import Foundation
import Testing

@testable import MiniAppKit

/// The records mactl writes with `JSONOutputEncoder` and reads back with `JSONDecoder`.
struct JSONOutputEncoderTests {
    struct Record: Codable, Equatable {
        enum Kind: String, Codable { case one, two }
        var name: String
        var count: Int
        var small: Int8
        var large: UInt64
        var ratio: Double
        var half: Float
        var flag: Bool
        var missing: String?
        var present: String?
        var kind: Kind
        var bytes: Data
        var when: Date
        var link: URL
        var list: [Int?]
        var table: [String: [Int]]
        var numbered: [Int: String]
    }

    static let record = Record(
        name: "a \"quoted\" ünïcode / name\n", count: -3, small: -8, large: UInt64.max, ratio: 0.1, half: 1.5, flag: true, missing: nil,
        present: "here", kind: .two, bytes: Data([0, 1, 254, 255]), when: Date(timeIntervalSinceReferenceDate: 12.25),
        link: URL(string: "https://example.com/a?b=c")!, list: [1, nil, 3], table: ["b": [2], "a": [1, 1]], numbered: [10: "ten", 2: "two"])

    @Test func aRecordIsWrittenInOneLayoutAndReadBackAsItWas() throws {
        let output = try JSONOutputEncoder.encode(Self.record)
        #expect(
            output.compact()
                == #"{"bytes":"AAH+/w==","count":-3,"flag":true,"half":1.5,"kind":"two","large":18446744073709551615,"link":"https://example.com/a?b=c","list":[1,null,3],"name":"a \"quoted\" ünïcode / name\n","numbered":{"10":"ten","2":"two"},"present":"here","ratio":0.1,"small":-8,"table":{"a":[1,1],"b":[2]},"when":12.25}"#
        )
        let decoded = try JSONDecoder().decode(Record.self, from: Data(output.pretty().utf8))
        #expect(decoded == Self.record)
    }

    @Test func aNumberWithNoJSONTextIsRefusedWithItsPath() {
        struct Holder: Encodable { var inner: [String: Double] }
        #expect(throws: JSONOutputEncoder.Failure.self) { try JSONOutputEncoder.encode(Holder(inner: ["x": .nan])) }
        do {
            _ = try JSONOutputEncoder.encode(Holder(inner: ["x": .infinity]))
        } catch {
            #expect(error.description == "inf at 'inner.x' has no JSON text")
        }
    }

    /// A catalog's files as `publish` writes them: the layout is fixed, and they read back.
    @Test func catalogFilesAreWrittenInTheirLayout() throws {
        let index = CatalogFiles.Index(format: 1, apps: [])
        #expect(String(decoding: CatalogFiles.encode(index), as: UTF8.self) == "{\n  \"apps\": [],\n  \"format\": 1\n}\n")
        #expect(try JSONDecoder().decode(CatalogFiles.Index.self, from: Data(CatalogFiles.encode(index))) == index)
    }
}
