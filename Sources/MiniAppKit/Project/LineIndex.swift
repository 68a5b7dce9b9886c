import Foundation

/// A file's line table: where each line starts, and column checkpoints inside long lines.
struct LineIndex: Sendable {
    /// Byte offset of the first byte of each line.
    let lineStarts: [Int]
    /// Column checkpoints inside long lines: a scalar boundary's byte offset, and how many
    /// scalars precede it on its line. Without them, a minified or hostile file on one line
    /// makes every column lookup rescan the line: 100,000 diagnostics on a 500 KB line took
    /// minutes. Sorted by offset; empty when no line is longer than `checkpointStride`.
    let checkpointOffsets: [Int]
    let checkpointColumns: [Int]
    static let checkpointStride = 256

    init(_ bytes: [UInt8]) {
        // Raw buffers and memchr: files up to the 64 MB read limit pass through here, and the
        // tests run a debug build, where an indexed loop costs a call per byte.
        var starts = [0]
        var offsets: [Int] = []
        var columns: [Int] = []
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            var position = 0
            while position < buffer.count, let found = memchr(base + position, 0x0A, buffer.count - position) {
                position = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
                starts.append(position)
            }
            for (line, start) in starts.enumerated() {
                let end = line + 1 < starts.count ? starts[line + 1] : buffer.count
                guard end - start > Self.checkpointStride else { continue }
                var index = start
                var column = 0
                var next = start + Self.checkpointStride
                while index < end {
                    if index >= next {
                        offsets.append(index)
                        columns.append(column)
                        next = index + Self.checkpointStride
                    }
                    index += buffer[index] < 0x80 ? 1 : SourceFile.scalarLength(bytes, at: index, end: end)
                    column += 1
                }
            }
        }
        lineStarts = starts
        checkpointOffsets = offsets
        checkpointColumns = columns
    }

    /// The last checkpoint at or before `offset`, if any.
    func lastCheckpoint(atOrBefore offset: Int) -> Int? {
        guard let first = checkpointOffsets.first, first <= offset else { return nil }
        var low = 0
        var high = checkpointOffsets.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if checkpointOffsets[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        return low
    }
}

/// A value of a `SourceFile` built once, on first use, by whichever thread asks first; copies
/// of the file share it. The bytes never change, so every caller would build the same value.
/// Holds the line table and the SHA-256.
final class LazyFileValue<Value: Sendable>: @unchecked Sendable {
    // @unchecked: `built` is only touched while `lock` is held.
    private let lock = NSLock()
    private var built: Value?

    func value(_ build: () -> Value) -> Value {
        lock.lock()
        defer { lock.unlock() }
        if let built { return built }
        let value = build()
        built = value
        return value
    }
}
