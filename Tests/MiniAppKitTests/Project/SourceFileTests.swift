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
}
