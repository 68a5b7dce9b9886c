import Foundation

/// Well-formedness of BCP 47 language tags (RFC 5646 §2.1, with registered-length languages), as `lang` and locale file names
/// use them: `en`, `en-US`, `zh-Hans`, `zh-Hans-CN`, `sr-Latn-RS`, `es-419`, `de-CH-1996`.
public enum LanguageTag {
    public static func isWellFormed(_ tag: String) -> Bool {
        let lowered = tag.lowercased()
        if irregularTags.contains(lowered) { return true }
        let subtags = lowered.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
        guard !subtags.contains(where: { $0.isEmpty || !$0.allSatisfy(isASCIIAlphanumeric) }) else { return false }
        if subtags[0] == "x" { return isPrivateUse(subtags[...]) }
        var index = 0
        // language: 2-3 letters (+ up to three 3-letter extlangs). RFC 5646 also lets 4 and 5-8
        // letters through its grammar, but 4 is reserved and no 5-8 letter language is
        // registered, so such a tag is a word (`english`), not a language.
        guard isAlpha(subtags[0]), (2...3).contains(subtags[0].count) else { return false }
        index = 1
        var extlangs = 0
        while index < subtags.count, extlangs < 3, subtags[index].count == 3, isAlpha(subtags[index]) {
            index += 1
            extlangs += 1
        }
        if index < subtags.count, subtags[index].count == 4, isAlpha(subtags[index]) { index += 1 }  // script
        if index < subtags.count,
            (subtags[index].count == 2 && isAlpha(subtags[index])) || (subtags[index].count == 3 && isDigits(subtags[index]))
        {
            index += 1  // region
        }
        var variants: Set<String> = []
        while index < subtags.count, isVariant(subtags[index]) {
            guard variants.insert(subtags[index]).inserted else { return false }
            index += 1
        }
        var singletons: Set<String> = []
        while index < subtags.count, subtags[index].count == 1, subtags[index] != "x" {
            guard singletons.insert(subtags[index]).inserted else { return false }
            index += 1
            let start = index
            while index < subtags.count, (2...8).contains(subtags[index].count) { index += 1 }
            guard index > start else { return false }
        }
        if index < subtags.count, subtags[index] == "x" { return isPrivateUse(subtags[index...]) }
        return index == subtags.count
    }

    /// A well-formed tag close to a malformed one, for the common slips: `en_US` → `en-US`.
    public static func suggestion(for tag: String) -> String? {
        let dashed = tag.replacingOccurrences(of: "_", with: "-")
        if dashed != tag, isWellFormed(dashed) { return dashed }
        return nil
    }

    private static let irregularTags: Set<String> = [
        "en-gb-oed", "i-ami", "i-bnn", "i-default", "i-enochian", "i-hak", "i-klingon", "i-lux", "i-mingo",
        "i-navajo", "i-pwn", "i-tao", "i-tay", "i-tsu", "sgn-be-fr", "sgn-be-nl", "sgn-ch-de",
    ]

    private static func isPrivateUse(_ subtags: ArraySlice<String>) -> Bool {
        subtags.count >= 2 && subtags.dropFirst().allSatisfy { (1...8).contains($0.count) }
    }

    private static func isVariant(_ subtag: String) -> Bool {
        (5...8).contains(subtag.count) || (subtag.count == 4 && subtag.first!.isASCII && subtag.first!.isNumber)
    }

    private static func isASCIIAlphanumeric(_ character: Character) -> Bool {
        character.isASCII && (character.isLetter || character.isNumber)
    }

    private static func isAlpha(_ string: String) -> Bool { string.allSatisfy { $0.isASCII && $0.isLetter } }
    private static func isDigits(_ string: String) -> Bool { string.allSatisfy { $0.isASCII && $0.isNumber } }
}
