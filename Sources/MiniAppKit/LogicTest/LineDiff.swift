/// A line diff of two texts, as `mactl test` shows a failed `toEqual` (as Jest does): the lines
/// only the expected value has (`-`), those only the received value has (`+`), each change's
/// removals before its additions, and the lines both share around them. A long run of shared
/// lines keeps `context` lines next to each change and is cut in between.
public enum LineDiff {
    public enum Line: Sendable, Equatable {
        /// A line both texts have.
        case same(String)
        /// A line only the expected text has.
        case expected(String)
        /// A line only the received text has.
        case received(String)
        /// This many shared lines, left out.
        case skipped(Int)
    }

    /// The shared lines kept on each side of a change, as Jest keeps them.
    public static let context = 5

    public static func lines(expected: String, received: String) -> [Line] {
        let old = expected.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let new = received.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var removed = Set<Int>()
        var inserted = Set<Int>()
        for change in new.difference(from: old) {
            switch change {
            case .remove(let offset, _, _): removed.insert(offset)
            case .insert(let offset, _, _): inserted.insert(offset)
            }
        }
        // The two texts walked together: a line neither removed nor inserted is shared, and
        // the difference pairs shared lines up in order, so both indexes move on together.
        var all: [Line] = []
        var i = 0
        var j = 0
        while i < old.count || j < new.count {
            if i < old.count, removed.contains(i) || j == new.count {
                all.append(.expected(old[i]))
                i += 1
            } else if j < new.count, inserted.contains(j) || i == old.count {
                all.append(.received(new[j]))
                j += 1
            } else {
                all.append(.same(old[i]))
                i += 1
                j += 1
            }
        }
        return cut(all)
    }

    /// Each run of shared lines cut to the `context` lines next to a change.
    private static func cut(_ lines: [Line]) -> [Line] {
        var result: [Line] = []
        var index = 0
        while index < lines.count {
            guard case .same = lines[index] else {
                result.append(lines[index])
                index += 1
                continue
            }
            var end = index
            while end < lines.count, case .same = lines[end] { end += 1 }
            let run = lines[index..<end]
            let keepHead = index == 0 ? 0 : context
            let keepTail = end == lines.count ? 0 : context
            if run.count > keepHead + keepTail + 1 {
                result += run.prefix(keepHead)
                result.append(.skipped(run.count - keepHead - keepTail))
                result += run.suffix(keepTail)
            } else {
                result += run
            }
            index = end
        }
        return result
    }
}
