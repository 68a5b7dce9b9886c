/// The value of an `x-for`, read as Alpine reads it: `item in store.items`,
/// `(item, index) in store.items`, `{ id, name } of store.rows`, `i in 10`.
///
/// Ranges are UTF-8 offsets into the value string; when the attribute's value is verbatim
/// (`TemplateAttribute.valueIsVerbatim`), adding `valueRange.lowerBound` gives source offsets.
public struct AlpineForExpression: Sendable, Hashable {
    /// An identifier, or a destructuring pattern such as `{ id, name }`.
    public var item: String
    public var itemRange: Range<Int>
    public var index: String?
    public var indexRange: Range<Int>?
    /// The expression after `in` (or `of`), trimmed.
    public var collection: String
    public var collectionRange: Range<Int>

    public init(
        item: String, itemRange: Range<Int>, index: String?, indexRange: Range<Int>?,
        collection: String, collectionRange: Range<Int>
    ) {
        self.item = item
        self.itemRange = itemRange
        self.index = index
        self.indexRange = indexRange
        self.collection = collection
        self.collectionRange = collectionRange
    }

    /// nil when the value is not `<alias> in|of <expression>`, the alias is not an identifier,
    /// a pattern or an `(item, index)` pair of them, or the expression is empty.
    public static func parse(_ value: String) -> AlpineForExpression? {
        let bytes = Array(value.utf8)
        // Alpine splits at the first whitespace-surrounded `in` or `of`.
        guard let keyword = firstKeyword(in: bytes) else { return nil }
        let collectionRange = trimmed(bytes, keyword.upperBound..<bytes.count)
        guard !collectionRange.isEmpty else { return nil }

        var aliasRange = trimmed(bytes, 0..<keyword.lowerBound)
        if aliasRange.count >= 2, bytes[aliasRange.lowerBound] == UInt8(ascii: "("),
            bytes[aliasRange.upperBound - 1] == UInt8(ascii: ")")
        {
            aliasRange = trimmed(bytes, (aliasRange.lowerBound + 1)..<(aliasRange.upperBound - 1))
        }
        // Alpine also accepts a third alias for the collection; mactl's pages never need it,
        // so it counts as malformed here.
        let parts = topLevelParts(bytes, aliasRange)
        guard parts.count <= 2, let itemRange = parts.first, isAlias(bytes, itemRange) else { return nil }
        var indexRange: Range<Int>?
        if parts.count == 2 {
            guard isIdentifier(bytes, parts[1]) else { return nil }
            indexRange = parts[1]
        }
        return AlpineForExpression(
            item: text(bytes, itemRange), itemRange: itemRange,
            index: indexRange.map { text(bytes, $0) }, indexRange: indexRange,
            collection: text(bytes, collectionRange), collectionRange: collectionRange)
    }

    /// The range of the first ` in ` or ` of ` (whitespace on both sides).
    private static func firstKeyword(in bytes: [UInt8]) -> Range<Int>? {
        var position = 1
        while position + 3 < bytes.count {
            let word = (bytes[position], bytes[position + 1])
            if StartTagScanner.isWhitespace(bytes[position - 1]), StartTagScanner.isWhitespace(bytes[position + 2]),
                word == (UInt8(ascii: "i"), UInt8(ascii: "n")) || word == (UInt8(ascii: "o"), UInt8(ascii: "f"))
            {
                return position..<(position + 2)
            }
            position += 1
        }
        return nil
    }

    /// Splits at commas outside braces and brackets, each part trimmed.
    private static func topLevelParts(_ bytes: [UInt8], _ range: Range<Int>) -> [Range<Int>] {
        var parts: [Range<Int>] = []
        var depth = 0
        var start = range.lowerBound
        for position in range {
            switch bytes[position] {
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
            case UInt8(ascii: ",") where depth == 0:
                parts.append(trimmed(bytes, start..<position))
                start = position + 1
            default: break
            }
        }
        parts.append(trimmed(bytes, start..<range.upperBound))
        return parts
    }

    private static func isAlias(_ bytes: [UInt8], _ range: Range<Int>) -> Bool {
        guard let first = range.first, let last = range.last else { return false }
        switch (bytes[first], bytes[last]) {
        case (UInt8(ascii: "{"), UInt8(ascii: "}")), (UInt8(ascii: "["), UInt8(ascii: "]")): return range.count > 2
        default: return isIdentifier(bytes, range)
        }
    }

    /// A JavaScript identifier in its ASCII form (`$` and `_` allowed, no leading digit).
    private static func isIdentifier(_ bytes: [UInt8], _ range: Range<Int>) -> Bool {
        guard let first = range.first else { return false }
        func isStart(_ byte: UInt8) -> Bool {
            byte.isASCIILetter || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$") || byte >= 0x80
        }
        guard isStart(bytes[first]) else { return false }
        return range.dropFirst().allSatisfy { isStart(bytes[$0]) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[$0]) }
    }

    private static func trimmed(_ bytes: [UInt8], _ range: Range<Int>) -> Range<Int> {
        var lower = range.lowerBound
        var upper = range.upperBound
        while lower < upper, StartTagScanner.isWhitespace(bytes[lower]) { lower += 1 }
        while upper > lower, StartTagScanner.isWhitespace(bytes[upper - 1]) { upper -= 1 }
        return lower..<upper
    }

    private static func text(_ bytes: [UInt8], _ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }
}
