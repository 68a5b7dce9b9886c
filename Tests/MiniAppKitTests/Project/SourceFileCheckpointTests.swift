import Testing
@testable import MiniAppKit

/// Long lines get column checkpoints; a column found through one must be the column found by
/// counting from the start of the line, whatever the bytes (multi-byte scalars, invalid
/// UTF-8, checkpoints falling inside a scalar's bytes).
struct SourceFileCheckpointTests {
    @Test func columnsOnALongLineMatchACountFromTheLineStart() {
        let pieces: [[UInt8]] = [Array("a".utf8), Array("é".utf8), Array("中".utf8), Array("😀".utf8), [0xFF], [0xE4, 0xB8], [0x80]]
        var bytes = Array("first line\n".utf8)
        var index = 0
        while bytes.count < 3 * SourceFile.checkpointStride + 11 {
            bytes += pieces[(index * 7 + index / 3) % pieces.count]
            index += 1
        }
        bytes += Array("\nlast".utf8)
        let file = SourceFile(path: "long.js", bytes: bytes)
        let secondLine = file.lineStarts[1]
        let offsets = secondLine..<(file.lineStarts[2] - 1)
        let mismatches = offsets.filter { offset in
            let position = file.position(at: offset)
            return position.line != 2 || position.column != SourceFile.scalarCount(bytes, from: secondLine, to: offset) + 1
        }
        #expect(offsets.count >= 3 * SourceFile.checkpointStride)
        #expect(mismatches == [])
        #expect(file.position(at: bytes.count).line == 3)
    }
}
