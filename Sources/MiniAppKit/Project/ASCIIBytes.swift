/// What the hand-written scanners (HTML, CSS, JavaScript) ask of bytes, written once (for
/// arrays and the buffers the scanners walk).
extension UInt8 {
    /// `A`–`Z` as `a`–`z`; every other byte as it is.
    var asciiLowercased: UInt8 { (0x41...0x5A).contains(self) ? self + 0x20 : self }

    var isASCIILetter: Bool { (0x41...0x5A).contains(self) || (0x61...0x7A).contains(self) }
}

extension RandomAccessCollection where Element == UInt8, Index == Int {
    /// Whether `pattern` stands at `offset`.
    func hasBytes(_ pattern: [UInt8], at offset: Int) -> Bool {
        guard offset >= startIndex, offset + pattern.count <= endIndex else { return false }
        for index in pattern.indices where self[offset + index] != pattern[index] { return false }
        return true
    }

    /// Whether the UTF-8 of `text` stands at `offset`.
    func hasBytes(_ text: String, at offset: Int) -> Bool {
        hasBytes(Array(text.utf8), at: offset)
    }

    /// Whether `lowercase`, which must be lowercase ASCII, stands at `offset` in any case.
    func hasBytes(ignoringASCIICase lowercase: [UInt8], at offset: Int) -> Bool {
        guard offset >= startIndex, offset + lowercase.count <= endIndex else { return false }
        for index in lowercase.indices where self[offset + index].asciiLowercased != lowercase[index] { return false }
        return true
    }
}
