import MiniAppKit
import Testing

/// The line diff `mactl test` shows for a failed `toEqual`: removals before additions, shared
/// lines kept around each change and cut in between.
struct LineDiffTests {
    @Test func aChangedLineIsItsRemovalThenItsAddition() {
        #expect(
            LineDiff.lines(expected: "{\n  \"n\": 2\n}", received: "{\n  \"n\": 1\n}") == [
                .same("{"), .expected("  \"n\": 2"), .received("  \"n\": 1"), .same("}"),
            ])
    }

    @Test func linesOnlyOneSideHas() {
        #expect(
            LineDiff.lines(expected: "[\n  1,\n  2\n]", received: "[\n  1,\n  2,\n  3\n]") == [
                .same("["), .same("  1,"), .expected("  2"), .received("  2,"), .received("  3"), .same("]"),
            ])
        #expect(LineDiff.lines(expected: "a\nb\nc", received: "a\nc") == [.same("a"), .expected("b"), .same("c")])
        #expect(LineDiff.lines(expected: "a", received: "a\nb") == [.same("a"), .received("b")])
    }

    /// Five shared lines stay next to each change; the rest of a run is one `skipped`.
    @Test func longRunsOfSharedLinesAreCut() {
        let expected = (1...30).map { "line \($0)" }
        var received = expected
        received[14] = "changed"
        let lines = LineDiff.lines(expected: expected.joined(separator: "\n"), received: received.joined(separator: "\n"))
        #expect(
            lines == [.skipped(9)] + (10...14).map { .same("line \($0)") } + [.expected("line 15"), .received("changed")]
                + (16...20).map { .same("line \($0)") } + [.skipped(10)])
        // A run between two changes keeps five lines after the first and five before the second.
        var twice = expected
        twice[1] = "first"
        twice[28] = "second"
        let cut = LineDiff.lines(expected: expected.joined(separator: "\n"), received: twice.joined(separator: "\n"))
        #expect(
            cut == [.same("line 1"), .expected("line 2"), .received("first")] + (3...7).map { .same("line \($0)") } + [.skipped(16)]
                + (24...28).map { .same("line \($0)") } + [.expected("line 29"), .received("second"), .same("line 30")])
        // A run one line longer than what is kept is shown whole: its skip would hide one line
        // behind a line of its own.
        func leading(_ count: Int) -> [LineDiff.Line] {
            let shared = (1...count).map { "l\($0)" }.joined(separator: "\n")
            return LineDiff.lines(expected: shared + "\nx", received: shared + "\ny")
        }
        #expect(leading(6).first == .same("l1"))
        #expect(leading(7).prefix(2) == [.skipped(2), .same("l3")])
    }
}
