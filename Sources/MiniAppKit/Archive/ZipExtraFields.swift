/// The extra-field areas of an entry's two headers. Harmless fields (timestamps, Unix owners,
/// alignment) are allowed, since other packagers write them; the ones that change what a reader
/// sees are refused: ZIP64 sizes that only some readers read, and the Info-ZIP Unicode Path and
/// Comment fields, which libzip, Python's zipfile and `unzip` read and minizip-ng ignores, so
/// the same entry has two names.
enum ZipExtraFields {
    static let refused: [UInt16: String] = [
        0x0001: "a ZIP64 extended-information field; MiniApp packages do not use ZIP64",
        0x7075: "an Info-ZIP Unicode Path field (0x7075), which gives the entry a second name that the runtime's reader ignores",
        0x6375: "an Info-ZIP Unicode Comment field (0x6375), which some readers read and others ignore",
        0x9901: "a WinZip AES encryption field; packages are not encrypted",
        0x0017: "a strong-encryption header; packages are not encrypted",
    ]

    /// Why an extra-field area in `bytes[range]` is refused, or nil.
    static func problem(_ bytes: [UInt8], _ range: Range<Int>) -> String? {
        var cursor = range.lowerBound
        while cursor < range.upperBound {
            guard cursor + 4 <= range.upperBound else {
                return "has a malformed extra field at offset \(cursor): \(range.upperBound - cursor) bytes too short for a field header"
            }
            let id = LittleEndian.uint16(bytes, cursor)
            let size = Int(LittleEndian.uint16(bytes, cursor + 2))
            guard cursor + 4 + size <= range.upperBound else {
                return
                    "has a malformed extra field 0x\(String(id, radix: 16)) at offset \(cursor) that claims \(size) bytes, past the end of its area"
            }
            if let reason = refused[id] { return "has \(reason), at offset \(cursor)" }
            cursor += 4 + size
        }
        return nil
    }
}
