import Foundation

/// JSON-RPC messages over a pair of byte streams, framed as the Language Server Protocol
/// frames them: headers (`Content-Length: N`), an empty line, then N bytes of JSON.
final class MessageReader {
    enum Next {
        case message([UInt8])
        /// A frame that could not be read (no length, a length too large); its bytes are
        /// skipped and the stream goes on.
        case malformed(String)
        case end
    }

    /// The largest message read whole: a bigger one is skipped with a message, so a
    /// runaway client cannot make the server hold gigabytes.
    static let maximumLength = 64 << 20

    private let descriptor: Int32
    private var buffer: [UInt8] = []
    private var position = 0
    private var isAtEnd = false

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    func next() -> Next {
        guard let header = readHeader() else { return .end }
        var length: Int?
        for line in header.split(separator: "\r\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces).lowercased() == "content-length" else { continue }
            length = Int(parts[1].trimmingCharacters(in: .whitespaces))
        }
        guard let length, length >= 0 else { return .malformed("a message without a valid 'Content-Length' header") }
        guard length <= Self.maximumLength else {
            guard skip(length) else { return .end }
            return .malformed("a message of \(length) bytes, more than the \(Self.maximumLength) read")
        }
        guard let body = read(length) else { return .end }
        return .message(body)
    }

    /// The header block up to its empty line, without it; nil at the end of the stream.
    private func readHeader() -> String? {
        let terminator: [UInt8] = Array("\r\n\r\n".utf8)
        while true {
            if let found = firstIndex(of: terminator) {
                let header = String(decoding: buffer[position..<found], as: UTF8.self)
                position = found + terminator.count
                return header
            }
            guard fill() else { return nil }
        }
    }

    private func firstIndex(of pattern: [UInt8]) -> Int? {
        guard buffer.count - position >= pattern.count else { return nil }
        var index = position
        while index + pattern.count <= buffer.count {
            if buffer[index] == pattern[0], buffer[index..<(index + pattern.count)].elementsEqual(pattern) { return index }
            index += 1
        }
        return nil
    }

    private func read(_ count: Int) -> [UInt8]? {
        while buffer.count - position < count {
            guard fill() else { return nil }
        }
        let body = Array(buffer[position..<(position + count)])
        position += count
        return body
    }

    private func skip(_ count: Int) -> Bool {
        var left = count
        while left > 0 {
            if position == buffer.count, !fill() { return false }
            let taken = min(left, buffer.count - position)
            position += taken
            left -= taken
        }
        return true
    }

    /// Reads what the stream has; false at its end.
    private func fill() -> Bool {
        if isAtEnd { return false }
        if position > 0 {
            buffer.removeFirst(position)
            position = 0
        }
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                buffer.append(contentsOf: chunk[0..<count])
                return true
            }
            if count < 0, errno == EINTR { continue }
            isAtEnd = true
            return false
        }
    }
}

/// Writes framed messages; one at a time, whichever thread sends.
final class MessageWriter: @unchecked Sendable {
    private let descriptor: Int32
    private let lock = NSLock()

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    func send(_ message: JSONOutput) {
        let body = Array(message.compact().utf8)
        let frame = Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
        lock.lock()
        defer { lock.unlock() }
        var written = 0
        while written < frame.count {
            let count = frame[written...].withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            // The client is gone; what is left has no reader.
            guard count > 0 else { return }
            written += count
        }
    }
}
