/// The `{name}` placeholders of a translation, which `$t(key, params)` and
/// `skip.i18n.t(key, params)` replace with `params.name`.
public enum Placeholders {
    public struct Occurrence: Sendable, Hashable {
        public var name: String
        /// Byte offsets in the text, braces included.
        public var range: Range<Int>
    }

    /// Every `{identifier}` in `text`, in order. Braces around anything else (`{ }`, `{1 2}`)
    /// are literal text to the runtime and are not placeholders.
    public static func occurrences(in text: String) -> [Occurrence] {
        var result: [Occurrence] = []
        scan(text) { name, range in result.append(Occurrence(name: name, range: range)) }
        return result
    }

    /// The placeholder names of `text`. The i18n rules ask this of every text of every locale,
    /// several times a lint: a text without a brace costs one pass over its bytes and no
    /// allocation.
    public static func names(in text: String) -> Set<String> {
        var names: Set<String> = []
        scan(text) { name, _ in names.insert(name) }
        return names
    }

    /// Calls `found` with each placeholder's name and byte range (braces included), in order.
    private static func scan(_ text: String, _ found: (String, Range<Int>) -> Void) {
        var text = text
        // Native strings are contiguous UTF-8 already; a bridged one is made so once.
        text.makeContiguousUTF8()
        text.utf8.withContiguousStorageIfAvailable { bytes in
            var index = 0
            while index < bytes.count {
                guard bytes[index] == UInt8(ascii: "{") else {
                    index += 1
                    continue
                }
                var end = index + 1
                while end < bytes.count, isNameByte(bytes[end], first: end == index + 1) { end += 1 }
                if end > index + 1, end < bytes.count, bytes[end] == UInt8(ascii: "}") {
                    found(String(decoding: bytes[(index + 1)..<end], as: UTF8.self), index..<(end + 1))
                    index = end + 1
                } else {
                    index += 1
                }
            }
        }
    }

    private static func isNameByte(_ byte: UInt8, first: Bool) -> Bool {
        let isLetter =
            (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$")
        return first ? isLetter : isLetter || (byte >= 0x30 && byte <= 0x39)
    }
}
