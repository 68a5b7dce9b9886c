/// Where a file stops being well-formed UTF-8: its first bad byte, and how many bad bytes it
/// has in all. MiniApp files are UTF-8, and runtimes that decode them strictly load nothing
/// of a file that is not; one diagnostic per file says where to look.
struct InvalidUTF8 {
    var offset: Int
    var byte: UInt8
    var count: Int

    /// Scans from `start` with the strict decoder (`UTF8Scalar`), calling `body` with the
    /// offset of each byte that is not part of a well-formed sequence; nil when there is none.
    static func scan(_ bytes: [UInt8], from start: Int = 0, eachInvalidByte body: (Int) -> Void = { _ in }) -> InvalidUTF8? {
        var first: (offset: Int, byte: UInt8)?
        var count = 0
        var position = start
        while position < bytes.count {
            if bytes[position] < 0x80 {
                position += 1
            } else if let length = UTF8Scalar.length(bytes, at: position) {
                position += length
            } else {
                if first == nil { first = (position, bytes[position]) }
                count += 1
                body(position)
                position += 1
            }
        }
        return first.map { InvalidUTF8(offset: $0.offset, byte: $0.byte, count: count) }
    }

    var range: Range<Int> { offset..<(offset + 1) }

    /// "invalid UTF-8 byte 0xFF (3 invalid bytes in the file)".
    var description: String {
        "invalid UTF-8 byte 0x\(String(byte, radix: 16, uppercase: true))" + (count > 1 ? " (\(count) invalid bytes in the file)" : "")
    }
}
