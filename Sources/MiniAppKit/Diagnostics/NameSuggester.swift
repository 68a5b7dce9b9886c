/// Finds the known name closest to a misspelt one, for "did you mean" messages.
public enum NameSuggester {
    /// The closest candidate within an edit distance that scales with the name's length
    /// (one edit for short names, about a third of the length for long ones), or `nil`.
    /// Ties go to the candidate that sorts first, so the answer is deterministic. Bounded for
    /// hostile files, which can hold thousands of long misspelt names: no suggestion for a
    /// name over `Limits.suggestionNameLength`, and only the first
    /// `Limits.suggestionCandidates` candidates are compared.
    public static func closest(to name: String, in candidates: some Sequence<String>) -> String? {
        closest(to: name, in: candidates, maxDistance: max(1, min(4, name.count / 3)))
    }

    /// The closest candidate within `maxDistance` edits: a short command name misspelt by two
    /// swapped letters (`lnit`) is two edits from `lint`.
    public static func closest(to name: String, in candidates: some Sequence<String>, maxDistance limit: Int) -> String? {
        let lowered = Array(name.lowercased().unicodeScalars)
        guard lowered.count <= Limits.suggestionNameLength else { return nil }
        var best: (distance: Int, name: String)?
        for candidate in candidates.prefix(Limits.suggestionCandidates) where candidate != name {
            // Names from a hostile file can be long and many: only the band of the distance
            // table within `limit` of its diagonal is computed, and lengths too far apart
            // are skipped without computing anything.
            guard abs(candidate.unicodeScalars.count - lowered.count) <= limit,
                let distance = distance(lowered, Array(candidate.lowercased().unicodeScalars), atMost: limit)
            else { continue }
            if let current = best, (current.distance, current.name) <= (distance, candidate) { continue }
            best = (distance, candidate)
        }
        return best?.name
    }

    /// `editDistance`, or `nil` as soon as it must exceed `limit`: O(limit × length) time.
    static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], atMost limit: Int) -> Int? {
        guard abs(a.count - b.count) <= limit else { return nil }
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        let beyond = limit + 1
        var previousPrevious = [Int](repeating: beyond, count: b.count + 1)
        var previous = (0...b.count).map { min($0, beyond) }
        var current = [Int](repeating: beyond, count: b.count + 1)
        for i in 1...a.count {
            let low = max(1, i - limit)
            let high = min(b.count, i + limit)
            current[0] = min(i, beyond)
            current[low - 1] = low == 1 ? current[0] : beyond
            var rowMinimum = low == 1 ? current[0] : beyond
            for j in low...high {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, previousPrevious[j - 2] + 1)
                }
                current[j] = min(value, beyond)
                rowMinimum = min(rowMinimum, current[j])
            }
            if high < b.count { current[high + 1] = beyond }
            guard rowMinimum <= limit else { return nil }
            (previousPrevious, previous, current) = (previous, current, previousPrevious)
        }
        return previous[b.count] <= limit ? previous[b.count] : nil
    }

    /// Optimal string alignment distance: insertions, deletions, substitutions and swaps of
    /// two neighbouring characters each cost one (`onLaod` is one edit from `onLoad`).
    public static func editDistance(_ lhs: String, _ rhs: String) -> Int {
        let a = Array(lhs.unicodeScalars)
        let b = Array(rhs.unicodeScalars)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previousPrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, previousPrevious[j - 2] + 1)
                }
                current[j] = value
            }
            (previousPrevious, previous, current) = (previous, current, previousPrevious)
        }
        return previous[b.count]
    }
}
