/// A place in a file as editors count it in the Language Server Protocol: a 0-based line and
/// a 0-based character counted in UTF-16 code units (the protocol's default encoding, the only
/// one every client speaks). mactl's spans count bytes; these convert between the two.
public struct EditorPosition: Sendable, Hashable, Comparable {
    public var line: Int
    public var character: Int

    public init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }

    public static func < (lhs: EditorPosition, rhs: EditorPosition) -> Bool {
        (lhs.line, lhs.character) < (rhs.line, rhs.character)
    }
}

/// A range between two editor positions, end exclusive.
public struct EditorRange: Sendable, Hashable {
    public var start: EditorPosition
    public var end: EditorPosition

    public init(start: EditorPosition, end: EditorPosition) {
        self.start = start
        self.end = end
    }

    public static let fileStart = EditorRange(start: EditorPosition(line: 0, character: 0), end: EditorPosition(line: 0, character: 0))

    public func contains(_ position: EditorPosition) -> Bool { start <= position && position <= end }
}

extension SourceFile {
    /// The editor's position of a byte offset. An offset inside a character counts as the
    /// character's start; an invalid UTF-8 byte counts as one unit, as U+FFFD replaces it.
    public func editorPosition(at offset: Int) -> EditorPosition {
        let clamped = max(0, min(offset, bytes.count))
        let starts = lineStarts
        var low = 0
        var high = starts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if starts[mid] <= clamped { low = mid } else { high = mid - 1 }
        }
        var units = 0
        var index = starts[low]
        while index < clamped {
            let length = Self.scalarLength(bytes, at: index, end: bytes.count)
            if index + length > clamped { break }
            units += length == 4 ? 2 : 1
            index += length
        }
        return EditorPosition(line: low, character: units)
    }

    /// The byte offset of an editor's position: past the end of its line is the line's end,
    /// past the last line the file's end.
    public func offset(of position: EditorPosition) -> Int {
        let starts = lineStarts
        guard position.line >= 0 else { return 0 }
        guard position.line < starts.count else { return bytes.count }
        var lineEnd = position.line + 1 < starts.count ? starts[position.line + 1] - 1 : bytes.count
        if lineEnd > starts[position.line], bytes[lineEnd - 1] == UInt8(ascii: "\r"), position.line + 1 < starts.count { lineEnd -= 1 }
        var index = starts[position.line]
        var units = 0
        while index < lineEnd, units < position.character {
            let length = Self.scalarLength(bytes, at: index, end: lineEnd)
            units += length == 4 ? 2 : 1
            index += length
        }
        return index
    }

    /// The editor's range of a span of this file; a span without a position (a whole-file
    /// finding) is the file's start.
    public func editorRange(of span: SourceSpan) -> EditorRange {
        guard span.hasPosition else { return .fileStart }
        return EditorRange(start: editorPosition(at: span.start.offset), end: editorPosition(at: span.end.offset))
    }

    public func editorRange(of range: Range<Int>) -> EditorRange {
        EditorRange(start: editorPosition(at: range.lowerBound), end: editorPosition(at: range.upperBound))
    }
}

/// The editor positions of many offsets of one file, worked out in one walk through it: a
/// page with a hundred thousand findings on one long line would otherwise walk the line from
/// its start for each of them.
struct EditorPositionTable {
    private var positions: [Int: EditorPosition] = [:]

    init(file: SourceFile, offsets: some Sequence<Int>) {
        let bytes = file.bytes
        let wanted = Set(offsets.map { max(0, min($0, bytes.count)) }).sorted()
        var line = 0
        var character = 0
        var index = 0
        for offset in wanted {
            while index < offset {
                if bytes[index] == UInt8(ascii: "\n") {
                    line += 1
                    character = 0
                    index += 1
                    continue
                }
                let length = SourceFile.scalarLength(bytes, at: index, end: bytes.count)
                // A character the offset falls inside counts as its start.
                if index + length > offset { break }
                character += length == 4 ? 2 : 1
                index += length
            }
            positions[offset] = EditorPosition(line: line, character: character)
        }
    }

    func position(_ offset: Int) -> EditorPosition? { positions[offset] }
}
