import Testing
@testable import MiniAppKit

struct SourceFileTests {
    @Test func positionsCountLinesAndScalarsFromOne() {
        let file = SourceFile(path: "a", text: "ab\nçé😀x\r\nlast")
        #expect(file.position(at: 0) == SourcePosition(offset: 0, line: 1, column: 1))
        #expect(file.position(at: 3) == SourcePosition(offset: 3, line: 2, column: 1))
        // ç (2 bytes) é (2 bytes) 😀 (4 bytes): x is the fourth scalar.
        #expect(file.position(at: 11) == SourcePosition(offset: 11, line: 2, column: 4))
        #expect(file.position(at: 14) == SourcePosition(offset: 14, line: 3, column: 1))
        #expect(file.lineText(2) == "çé😀x")
        #expect(file.lineText(3) == "last")
        #expect(file.lineText(4) == nil)
    }

    @Test func invalidBytesCountAsOneColumnEach() {
        let file = SourceFile(path: "a", bytes: [0x61, 0xFF, 0xFE, 0x62])
        #expect(file.position(at: 3).column == 4)
    }

    @Test func offsetsPastTheEndAreClamped() {
        let file = SourceFile(path: "a", text: "ab")
        #expect(file.position(at: 99) == SourcePosition(offset: 2, line: 1, column: 3))
    }

    /// The digest the lint cache keys by and the pack cache checks against: SHA-256 of the
    /// bytes (FIPS 180-2's "abc" example), the same for a copy of the file.
    @Test func theDigestIsTheSHA256OfTheBytes() {
        let file = SourceFile(path: "a.txt", text: "abc")
        let copy = file
        #expect(file.sha256 == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(copy.sha256 == file.sha256)
        #expect(SourceFile(path: "b.txt", text: "").sha256 == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }
}
