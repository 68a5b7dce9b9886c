import Crypto
import Foundation

/// One file of a project: its path relative to the project root, its bytes, and a line table
/// that turns byte offsets into 1-based line and column numbers.
///
/// Columns count Unicode scalars from the start of the line (an invalid UTF-8 byte counts as
/// one), so a caret lines up under the character an editor shows at that column.
public struct SourceFile: Sendable, Hashable {
    public let path: String
    public let bytes: [UInt8]
    /// The line table, built on the first position asked for: most files of a project (its
    /// images, fonts and data) are never pointed into, and indexing 25 MB of assets on every
    /// load was the largest single cost of a lint that the cache answered.
    private let index = LazyFileValue<LineIndex>()
    private let digest = LazyFileValue<String>()

    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
    }

    /// The SHA-256 of `bytes` in lowercase hex, worked out once for the file and its copies:
    /// the lint cache's key and the pack cache both name a file by it, and hashing 25 MB of
    /// assets twice was a quarter of an unchanged re-pack.
    public var sha256: String { digest.value { Hex.string(SHA256.hash(data: bytes)) } }

    /// Byte offset of the first byte of each line.
    public var lineStarts: [Int] { lineIndex.lineStarts }

    private var lineIndex: LineIndex { index.value { LineIndex(bytes) } }
    static let checkpointStride = LineIndex.checkpointStride

    /// Two files are equal when their paths and bytes are: the line table follows from them.
    public static func == (lhs: SourceFile, rhs: SourceFile) -> Bool {
        lhs.path == rhs.path && lhs.bytes == rhs.bytes
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(path)
        hasher.combine(bytes)
    }

    public init(path: String, text: String) {
        self.init(path: path, bytes: Array(text.utf8))
    }

    /// The text, with invalid UTF-8 replaced by U+FFFD (for display only; parsers read `bytes`).
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    public func position(at offset: Int) -> SourcePosition {
        let clamped = max(0, min(offset, bytes.count))
        // The last line start that is <= offset.
        let index = lineIndex
        let lineStarts = index.lineStarts
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= clamped { low = mid } else { high = mid - 1 }
        }
        var from = lineStarts[low]
        var before = 0
        if let checkpoint = index.lastCheckpoint(atOrBefore: clamped), index.checkpointOffsets[checkpoint] > from {
            from = index.checkpointOffsets[checkpoint]
            before = index.checkpointColumns[checkpoint]
        }
        return SourcePosition(offset: clamped, line: low + 1, column: before + Self.scalarCount(bytes, from: from, to: clamped) + 1)
    }

    public func span(_ range: Range<Int>) -> SourceSpan {
        SourceSpan(path: path, start: position(at: range.lowerBound), end: position(at: range.upperBound))
    }

    /// The text of a 1-based line without its line break.
    public func lineText(_ line: Int) -> String? {
        let lineStarts = lineStarts
        guard line >= 1, line <= lineStarts.count else { return nil }
        let start = lineStarts[line - 1]
        var end = line < lineStarts.count ? lineStarts[line] - 1 : bytes.count
        if end > start, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        return String(decoding: bytes[start..<max(start, end)], as: UTF8.self)
    }

    /// Counts scalars the way a lenient decoder sees them: a lead byte starts a scalar,
    /// a continuation byte belongs to the scalar before it, except at the start of the range.
    static func scalarCount(_ bytes: [UInt8], from start: Int, to end: Int) -> Int {
        var count = 0
        var index = start
        while index < end {
            index += scalarLength(bytes, at: index, end: end)
            count += 1
        }
        return count
    }

    /// How many bytes the scalar at `index` takes, stopping at `end` or at a byte that
    /// cannot continue it.
    static func scalarLength(_ bytes: [UInt8], at index: Int, end: Int) -> Int {
        let length: Int
        switch bytes[index] {
        case 0x00..<0x80: length = 1
        case 0xC2..<0xE0: length = 2
        case 0xE0..<0xF0: length = 3
        case 0xF0..<0xF5: length = 4
        default: length = 1
        }
        var consumed = 1
        while consumed < length, index + consumed < end, bytes[index + consumed] & 0xC0 == 0x80 {
            consumed += 1
        }
        return consumed
    }
}

/// A resolved point in a source file.
public struct SourcePosition: Sendable, Hashable, Codable, Comparable {
    public let offset: Int
    public let line: Int
    public let column: Int

    public init(offset: Int, line: Int, column: Int) {
        self.offset = offset
        self.line = line
        self.column = column
    }

    public static func < (lhs: SourcePosition, rhs: SourcePosition) -> Bool { lhs.offset < rhs.offset }
}

/// A range in one file. Diagnostics point at the start; renderers underline to the end
/// when it is on the same line.
public struct SourceSpan: Sendable, Hashable, Codable {
    public let path: String
    public let start: SourcePosition
    public let end: SourcePosition

    public init(path: String, start: SourcePosition, end: SourcePosition) {
        self.path = path
        self.start = start
        self.end = end
    }

    /// A whole-file location, for problems that belong to a file but to no place in it.
    public static func file(_ path: String) -> SourceSpan {
        let origin = SourcePosition(offset: 0, line: 0, column: 0)
        return SourceSpan(path: path, start: origin, end: origin)
    }

    public var hasPosition: Bool { start.line > 0 }
}
