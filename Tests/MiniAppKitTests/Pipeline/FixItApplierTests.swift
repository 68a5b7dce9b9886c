import Testing
@testable import MiniAppKit

struct FixItApplierTests {
    /// A diagnostic of `id` whose fix-it replaces `range` of `file` with `replacement`.
    private func finding(_ id: String, _ range: Range<Int>, _ replacement: String, in file: SourceFile) -> Diagnostic {
        let span = file.span(range)
        return Diagnostic(
            id: id, severity: .error, message: "finding of \(id)", span: span,
            fixIt: FixIt(message: "fix of \(id)", span: span, replacement: replacement))
    }

    private func text(_ outcome: FixItApplier.Outcome) -> String { String(decoding: outcome.bytes, as: UTF8.self) }

    @Test func severalFixItsGivenFromTheLastOffsetToTheFirstAreAllApplied() {
        let file = SourceFile(path: "app.js", text: "let a = 1;\nlet b = 2;\nlet c = 3;\n")
        let fixes = [
            finding("rule-c", 22..<25, "var", in: file), finding("rule-b", 11..<14, "var", in: file),
            finding("rule-a", 0..<3, "const", in: file),
        ]
        let outcome = FixItApplier.apply(fixes, to: file.bytes)
        #expect(text(outcome) == "const a = 1;\nvar b = 2;\nvar c = 3;\n")
        #expect(outcome.applied.map { $0.diagnostics.map(\.id) } == [["rule-a"], ["rule-b"], ["rule-c"]])
        #expect(outcome.skipped.isEmpty)
    }

    /// The first fix-it in offset order wins, whatever order the diagnostics come in; the
    /// other is skipped and names the one it gave way to.
    @Test func ofTwoOverlappingFixItsTheFirstIsAppliedAndTheOtherSkipped() {
        let file = SourceFile(path: "page.html", text: "<p x-shwo=\"open\">")
        let first = finding("rule-a", 3..<9, "x-show", in: file)
        let second = finding("rule-b", 5..<16, "x", in: file)
        for order in [[first, second], [second, first]] {
            let outcome = FixItApplier.apply(order, to: file.bytes)
            #expect(text(outcome) == "<p x-show=\"open\">")
            #expect(outcome.applied == [FixItApplier.Applied(fixIt: first.fixIt!, diagnostics: [first])])
            #expect(outcome.skipped == [FixItApplier.Skipped(diagnostic: second, reason: .overlaps(outcome.applied[0]))])
        }
    }

    /// Two insertions at one offset have no order of their own, nor have an insertion and a
    /// replacement that start together; edits that only touch are both made.
    @Test func editsStartingAtTheSameOffsetConflictButTouchingEditsDoNot() {
        let file = SourceFile(path: "manifest.json", text: "[\"a\"]")
        let insertB = finding("rule-b", 4..<4, ", \"b\"", in: file)
        let insertC = finding("rule-c", 4..<4, ", \"c\"", in: file)
        let inserted = FixItApplier.apply([insertC, insertB], to: file.bytes)
        #expect(text(inserted) == "[\"a\", \"b\"]")
        #expect(inserted.skipped.map(\.diagnostic.id) == ["rule-c"])

        let replaceA = finding("rule-a", 1..<4, "\"A\"", in: file)
        let touching = FixItApplier.apply([finding("rule-d", 4..<5, "]\n", in: file), replaceA], to: file.bytes)
        #expect(text(touching) == "[\"A\"]\n")
        #expect(touching.skipped.isEmpty)
        let insertedAfter = FixItApplier.apply([insertB, replaceA], to: file.bytes)
        #expect(text(insertedAfter) == "[\"A\", \"b\"]")
        #expect(insertedAfter.skipped.isEmpty)

        let startingTogether = FixItApplier.apply([finding("rule-e", 1..<1, "\"z\", ", in: file), replaceA], to: file.bytes)
        #expect(text(startingTogether) == "[\"z\", \"a\"]")
        #expect(startingTogether.skipped.map(\.diagnostic.id) == ["rule-a"])
    }

    @Test func identicalFixItsAreAppliedOnce() {
        let file = SourceFile(path: "icons/home.svg", text: "<path d=\"M2 2L22 2 22 22 .5.5z\"/>")
        let fromHome = finding("icon-tab-hangs-on-ios", 25..<29, ".5 .5", in: file)
        var fromMe = fromHome
        fromMe.message = "the same icon, used by a second tab"
        let outcome = FixItApplier.apply([fromMe, fromHome], to: file.bytes)
        #expect(text(outcome) == "<path d=\"M2 2L22 2 22 22 .5 .5z\"/>")
        #expect(outcome.applied.count == 1)
        #expect(
            outcome.applied[0].diagnostics.map(\.message) == ["finding of icon-tab-hangs-on-ios", "the same icon, used by a second tab"])
        #expect(outcome.skipped.isEmpty)
    }

    /// A span past the end, or one that ends before it starts, is skipped, never a crash; the
    /// other fix-its are still made.
    @Test func aFixItOutsideTheFileIsSkipped() {
        let file = SourceFile(path: "app.js", text: "let a;\n")
        let origin = SourcePosition(offset: 0, line: 1, column: 1)
        let pastTheEnd = Diagnostic(
            id: "rule-far", severity: .error, message: "far", span: nil,
            fixIt: FixIt(
                message: "far",
                span: SourceSpan(
                    path: "app.js", start: SourcePosition(offset: 5, line: 1, column: 6),
                    end: SourcePosition(offset: 40, line: 3, column: 1)), replacement: "x"))
        let backwards = Diagnostic(
            id: "rule-back", severity: .error, message: "back", span: nil,
            fixIt: FixIt(
                message: "back", span: SourceSpan(path: "app.js", start: SourcePosition(offset: 3, line: 1, column: 4), end: origin),
                replacement: "x"))
        let negative = Diagnostic(
            id: "rule-negative", severity: .error, message: "negative", span: nil,
            fixIt: FixIt(
                message: "negative", span: SourceSpan(path: "app.js", start: SourcePosition(offset: -2, line: 1, column: 1), end: origin),
                replacement: "x"))
        let outcome = FixItApplier.apply([pastTheEnd, backwards, negative, finding("rule-a", 0..<3, "var", in: file)], to: file.bytes)
        #expect(text(outcome) == "var a;\n")
        #expect(outcome.skipped.map(\.diagnostic.id) == ["rule-negative", "rule-back", "rule-far"])
        #expect(outcome.skipped.allSatisfy { $0.reason == .outsideFile(byteCount: 7) })
        #expect(FixItApplier.apply([pastTheEnd], to: []).skipped.map(\.reason) == [.outsideFile(byteCount: 0)])
    }

    /// Offsets are bytes: edits after multi-byte characters land where the rule meant, the
    /// characters around them are kept whole, and a span that ends inside a character is
    /// skipped rather than leaving half of it.
    @Test func multiByteCharactersAreKeptWhole() {
        let source = "<p>héllo 👋 wörld</p>"
        let file = SourceFile(path: "page.html", text: source)
        let utf8 = Array(source.utf8)
        let world = utf8.firstRange(of: Array("wörld".utf8))!
        let wave = utf8.firstRange(of: Array("👋".utf8))!
        #expect(world == 15..<21)
        let outcome = FixItApplier.apply(
            [
                finding("rule-world", world, "wörld, 世界", in: file),
                finding("rule-wave", wave.upperBound..<wave.upperBound, "👋", in: file),
                finding("rule-half", 5..<6, "e", in: file),
            ], to: file.bytes)
        #expect(text(outcome) == "<p>héllo 👋👋 wörld, 世界</p>")
        #expect(outcome.skipped.map(\.diagnostic.id) == ["rule-half"])
        #expect(outcome.skipped.map(\.reason) == [.splitsCharacter])
    }

    @Test func aFixItWhoseTextIsAlreadyTheReplacementChangesNothing() {
        let file = SourceFile(path: "app.js", text: "var a;\n")
        let outcome = FixItApplier.apply([finding("rule-a", 0..<3, "var", in: file)], to: file.bytes)
        #expect(outcome.bytes == file.bytes)
        #expect(outcome.applied.isEmpty)
        #expect(outcome.skipped.map(\.reason) == [.changesNothing])
    }

    @Test func diagnosticsWithoutAFixItAreLeftOut() {
        let file = SourceFile(path: "app.js", text: "let a;\n")
        let plain = Diagnostic(id: "rule-plain", severity: .warning, message: "no fix", span: file.span(0..<3))
        let outcome = FixItApplier.apply([plain, finding("rule-a", 4..<5, "b", in: file)], to: file.bytes)
        #expect(text(outcome) == "let b;\n")
        #expect(outcome.applied.count == 1)
        #expect(outcome.skipped.isEmpty)
    }
}
