/// Applies the fix-its of one file's diagnostics to that file's bytes, as `lint --fix` does.
///
/// Pure: bytes in, bytes out. Every fix-it is judged against the bytes the lint read, so its
/// offsets mean what they meant to the rule; the edits are then made in one walk from the
/// start, which is the same as applying them from the last offset to the first. Bytes outside
/// the applied spans are copied unchanged.
public enum FixItApplier {
    /// One edit made: the fix-it, and every diagnostic that offered exactly it (the same span
    /// and replacement), the first of them in deterministic order first.
    public struct Applied: Sendable, Hashable {
        public var fixIt: FixIt
        public var diagnostics: [Diagnostic]
    }

    /// Why a fix-it was not applied.
    public enum SkipReason: Sendable, Hashable {
        /// It shares bytes with, or starts at the same place as, the fix-it applied before it
        /// in order; the next pass of `lint --fix` lints again and sees whether it is still needed.
        case overlaps(Applied)
        /// Its span is not inside the file's bytes, or ends before it starts.
        case outsideFile(byteCount: Int)
        /// One end of its span falls inside a multi-byte UTF-8 character.
        case splitsCharacter
        /// The span already holds the replacement.
        case changesNothing
    }

    public struct Skipped: Sendable, Hashable {
        public var diagnostic: Diagnostic
        public var reason: SkipReason
    }

    public struct Outcome: Sendable, Hashable {
        /// The file's bytes with the applied fix-its made.
        public var bytes: [UInt8]
        /// In the order of their offsets.
        public var applied: [Applied]
        /// In the order the fix-its were considered (their offsets, then the diagnostics' order).
        public var skipped: [Skipped]
    }

    /// Applies the fix-its of `diagnostics` (those without one are ignored) to `bytes`.
    /// Fix-its are taken in order of their start offset, then end offset, then the
    /// diagnostics' deterministic order; one that overlaps a fix-it already taken is skipped,
    /// so the result does not depend on the order the diagnostics come in.
    public static func apply(_ diagnostics: [Diagnostic], to bytes: [UInt8]) -> Outcome {
        let candidates = diagnostics.compactMap { diagnostic in diagnostic.fixIt.map { (diagnostic: diagnostic, fixIt: $0) } }
            .sorted { lhs, rhs in
                let lhsKey = (lhs.fixIt.span.start.offset, lhs.fixIt.span.end.offset, lhs.fixIt.replacement)
                let rhsKey = (rhs.fixIt.span.start.offset, rhs.fixIt.span.end.offset, rhs.fixIt.replacement)
                if lhsKey != rhsKey { return lhsKey < rhsKey }
                return Diagnostic.deterministicOrder(lhs.diagnostic, rhs.diagnostic)
            }
        var applied: [Applied] = []
        var skipped: [Skipped] = []
        for (diagnostic, fixIt) in candidates {
            let start = fixIt.span.start.offset, end = fixIt.span.end.offset
            guard start >= 0, start <= end, end <= bytes.count else {
                skipped.append(Skipped(diagnostic: diagnostic, reason: .outsideFile(byteCount: bytes.count)))
                continue
            }
            guard !splitsCharacter(bytes, at: start), !splitsCharacter(bytes, at: end) else {
                skipped.append(Skipped(diagnostic: diagnostic, reason: .splitsCharacter))
                continue
            }
            if let last = applied.last, last.fixIt.span.start.offset == start, last.fixIt.span.end.offset == end,
                last.fixIt.replacement == fixIt.replacement
            {
                applied[applied.count - 1].diagnostics.append(diagnostic)
                continue
            }
            guard !bytes[start..<end].elementsEqual(fixIt.replacement.utf8) else {
                skipped.append(Skipped(diagnostic: diagnostic, reason: .changesNothing))
                continue
            }
            // Sorted by start, the edits taken so far are disjoint, so the last one reaches
            // furthest. Two edits at the same start have no order of their own (two insertions
            // there, or an insertion and a replacement): the second waits for the next pass.
            if let last = applied.last, start < last.fixIt.span.end.offset || start == last.fixIt.span.start.offset {
                skipped.append(Skipped(diagnostic: diagnostic, reason: .overlaps(last)))
                continue
            }
            applied.append(Applied(fixIt: fixIt, diagnostics: [diagnostic]))
        }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var cursor = 0
        for edit in applied {
            result += bytes[cursor..<edit.fixIt.span.start.offset]
            result += Array(edit.fixIt.replacement.utf8)
            cursor = edit.fixIt.span.end.offset
        }
        result += bytes[cursor...]
        return Outcome(bytes: result, applied: applied, skipped: skipped)
    }

    /// Whether `offset` falls after the first byte of a multi-byte character: an edit there
    /// would leave half a character behind.
    private static func splitsCharacter(_ bytes: [UInt8], at offset: Int) -> Bool {
        offset < bytes.count && bytes[offset] & 0xC0 == 0x80
    }
}
